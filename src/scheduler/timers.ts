/** The clock and timers the scheduler runs on: real ones in the bar, fake ones in tests. */

export interface Timers {
  /** Monotonic milliseconds (does not jump with the wall clock; on Linux it stops during suspend). */
  now(): number;
  /** Wall-clock milliseconds since the epoch. */
  wallNow(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The longest delay a Node timer takes as asked. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export const realTimers: Timers = {
  now: () => performance.now(),
  wallNow: () => Date.now(),
  // Node takes a delay past 2^31 − 1 ms (or not a number) as 1 ms, with a warning printed over the bar.
  setTimeout: (fn, ms) => setTimeout(fn, Number.isFinite(ms) ? Math.min(MAX_DELAY_MS, Math.max(0, ms)) : MAX_DELAY_MS),
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
