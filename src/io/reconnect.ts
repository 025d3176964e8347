/**
 * Keeping a connection to a peer that comes and goes (a window manager, a session bus, a helper program):
 * connect, and when that fails or the connection drops, stop what is left of it, say the problem (once per new
 * problem, so a peer down for hours makes one log line, not thousands) and try again after a back-off that grows
 * to a cap and starts over once the peer answers. Every peer source uses this one loop, so each gets the same
 * guarantees: callbacks of an old connection are ignored, a connect that throws is a failure like any other, and
 * nothing runs after `close()`. Timers are injected, so tests drive the loop with fake ones.
 */
import type { Timers } from '../scheduler/timers.js';

/** Delays between reconnection attempts: `firstMs`, doubling to at most `maxMs`; back to `firstMs` after `reset()`. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly firstMs = 1000,
    private readonly maxMs = 15_000,
  ) {}

  next(): number {
    const ms = Math.min(this.maxMs, this.firstMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 16);
    return ms;
  }

  reset(): void {
    this.attempt = 0;
  }
}

/** Says each distinct message once until `clear()`: a manager down for hours makes one log line, not thousands. */
export class OnceLog {
  private last: string | undefined;

  constructor(private readonly log: (message: string) => void) {}

  say(message: string): void {
    if (message === this.last) return;
    this.last = message;
    this.log(message);
  }

  clear(): void {
    this.last = undefined;
  }
}

/** One connection attempt, as its own callbacks see it. */
export interface Attempt {
  /** Whether this attempt is still the live one: false once it failed or the loop was closed. */
  readonly current: boolean;
  /** The peer answered: the back-off starts over and the next problem is said even if it was said before. */
  up(): void;
  /** This attempt failed or its connection dropped. Only the first call of the live attempt counts. */
  failed(why: string): void;
}

export interface ReconnectOptions {
  timers: Timers;
  /**
   * Start one attempt; what it returns stops it (closes its sockets), called once when it fails or the loop
   * closes. It may throw: that is a failure like any other.
   */
  connect(attempt: Attempt): (() => void) | void;
  /** A problem not said since the last success (or since the previous, different, problem); the delay that follows. */
  say(why: string, retryInMs: number): void;
  /** Every failure, said or not: clear what the peer showed, say "not connected". */
  down?(why: string): void;
  /** The first delay and the cap (ms); equal for a fixed period. */
  firstMs?: number;
  maxMs?: number;
}

export interface Reconnecting {
  /**
   * The latest attempt: for what outlives one connection (a request queue, a server, a listener) to end or
   * confirm the attempt under way. Calls on an attempt that is over do nothing, so no source keeps its own copy.
   */
  readonly live: Attempt | undefined;
  /** Stop the live attempt and every retry; nothing is called after this. */
  close(): void;
}

/** Connect now, and again after every failure, until closed. */
export function reconnecting(opts: ReconnectOptions): Reconnecting {
  const backoff = new Backoff(opts.firstMs, opts.maxMs);
  let delay = 0;
  const problems = new OnceLog((why) => opts.say(why, delay));
  let closed = false;
  let retry: unknown;
  let live: { stop: (() => void) | void; done: boolean; attempt: Attempt } | undefined;

  const start = () => {
    retry = undefined;
    if (closed) return;
    const attempt: Attempt = {
      get current() {
        return !closed && !mine.done;
      },
      up() {
        if (!attempt.current) return;
        backoff.reset();
        problems.clear();
      },
      failed(why) {
        if (!attempt.current) return;
        mine.done = true;
        stopQuietly(mine.stop);
        delay = backoff.next();
        // As the bar sees it: the peer's widgets clear ("not connected"), then the log says why.
        opts.down?.(why);
        problems.say(why);
        if (!closed) retry = opts.timers.setTimeout(start, delay);
      },
    };
    const mine: { stop: (() => void) | void; done: boolean; attempt: Attempt } = { stop: undefined, done: false, attempt };
    live = mine;
    try {
      mine.stop = opts.connect(attempt);
    } catch (e) {
      attempt.failed(e instanceof Error ? e.message : String(e));
      return;
    }
    // Failed before connect returned its stop: stop what it made now.
    if (mine.done) stopQuietly(mine.stop);
  };

  start();
  return {
    get live() {
      return live?.attempt;
    },
    close() {
      if (closed) return;
      closed = true;
      opts.timers.clearTimeout(retry);
      if (live && !live.done) {
        live.done = true;
        stopQuietly(live.stop);
      }
    },
  };
}

/** Closing a connection that is already gone may throw; that changes nothing. */
function stopQuietly(stop: (() => void) | void): void {
  try {
    stop?.();
  } catch {
    // Already gone.
  }
}
