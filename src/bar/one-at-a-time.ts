/**
 * A task that never runs twice at once: a call while it runs asks for one more run after it (however many calls
 * came), so the last change is always looked at and a burst of watch events costs two runs, not one per event.
 * The run after is a plain one (without the argument of the call that asked for it): what it looks at is the
 * state of then. Nothing runs once `closed()` says so.
 */
export function oneAtATime<T = never>(task: (arg?: T) => Promise<void>, closed: () => boolean): (arg?: T) => Promise<void> {
  let running = false;
  let again = false;
  const run = async (arg?: T): Promise<void> => {
    if (closed()) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await task(arg);
    } finally {
      running = false;
      if (again && !closed()) {
        again = false;
        void run();
      }
    }
  };
  return run;
}
