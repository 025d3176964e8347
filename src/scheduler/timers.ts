/** The clock and timers the scheduler runs on: real ones in the bar, fake ones in tests. */

export interface Timers {
  /** Monotonic milliseconds (does not jump with the wall clock; on Linux it stops during suspend). */
  now(): number;
  /** Wall-clock milliseconds since the epoch. */
  wallNow(): number;
  /**
   * Runs `fn` after `ms`. A delay of 0 or less runs it as soon as the work under way is done (its promise callbacks
   * included), in the same turn of the loop: no wake-up of its own.
   */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The longest delay a Node timer takes as asked. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** A delay of 0 as Node's setImmediate (Node's own setTimeout makes it 1 ms: the loop sleeps and wakes again for it). */
class Soon {
  constructor(readonly immediate: NodeJS.Immediate) {}
}

export const realTimers: Timers = {
  now: () => performance.now(),
  wallNow: () => Date.now(),
  // Node takes a delay past 2^31 − 1 ms (or not a number) as 1 ms, with a warning printed over the bar.
  setTimeout: (fn, ms) => (ms <= 0 ? new Soon(setImmediate(fn)) : setTimeout(fn, Number.isFinite(ms) ? Math.min(MAX_DELAY_MS, ms) : MAX_DELAY_MS)),
  clearTimeout: (handle) => (handle instanceof Soon ? clearImmediate(handle.immediate) : clearTimeout(handle as NodeJS.Timeout)),
};

/** A sleep on the scheduler's timers that an abort signal cuts short (it then rejects). */
export function sleeper(timers: Timers) {
  return (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(signal.reason);
      };
      const handle = timers.setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
}
