/**
 * How a running bar ends: `q` (0), Ctrl-C as a key in raw mode or the signal (130), SIGTERM (143), its terminal
 * going (SIGHUP, 129), or the caller's stop (tests). The first reason wins; `ended` resolves once it comes.
 */
import { SIGNAL_EXIT } from './exit-status.js';

export interface RunEnd {
  /** End with this status (the first call wins). */
  quit(status: number): void;
  /** Resolves with the status when the bar is to end. */
  readonly ended: Promise<number>;
  /** Removes the signal handlers. */
  dispose(): void;
}

export function runEnd(opts: { signals: boolean; onGone?: ((listener: () => void) => () => void) | undefined; stop?: AbortSignal | undefined }): RunEnd {
  let resolve: (status: number) => void = () => undefined;
  const ended = new Promise<number>((r) => (resolve = r));
  let done = false;
  const quit = (status: number) => {
    if (done) return;
    done = true;
    resolve(status);
  };
  const names = opts.signals ? (Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>) : [];
  const handlers = names.map((s) => [s, () => quit(SIGNAL_EXIT[s])] as const);
  for (const [s, h] of handlers) process.once(s, h);
  const offGone = opts.onGone?.(() => quit(SIGNAL_EXIT.SIGHUP));
  // A caller's stop is an ordinary end (0), as `q` is.
  opts.stop?.addEventListener('abort', () => quit(0), { once: true });
  return {
    quit,
    ended,
    dispose() {
      offGone?.();
      for (const [s, h] of handlers) process.removeListener(s, h);
    },
  };
}

/**
 * A running bar never dies: what escapes every handler goes to `onStray` (logged), and the bar goes on with its
 * last state. Returns how to stop catching.
 */
export function catchStrays(onStray: (e: unknown) => void): () => void {
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);
  return () => {
    process.removeListener('uncaughtException', onStray);
    process.removeListener('unhandledRejection', onStray);
  };
}
