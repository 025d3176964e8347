/** The clock and timers the scheduler runs on: real ones in the bar, fake ones in tests. */

export interface Timers {
  /** Monotonic milliseconds (does not jump with the wall clock; on Linux it stops during suspend). */
  now(): number;
  /** Wall-clock milliseconds since the epoch. */
  wallNow(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
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
