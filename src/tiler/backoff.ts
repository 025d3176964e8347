/** Delays between reconnection attempts: 1 s, doubling to at most 15 s; back to 1 s after a good connection. */
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

/**
 * A source's link to its manager: whether it is up (said to the bar on every change), how long to wait before
 * the next attempt, and its troubles said once each until it is up again.
 */
export class Link {
  /** What was last said: undefined before the first attempt ended, so a first failure is said too. */
  private reported: boolean | undefined;
  readonly backoff = new Backoff();
  readonly problems: OnceLog;

  constructor(private readonly events: { connection(connected: boolean): void; log(message: string): void }) {
    this.problems = new OnceLog((m) => events.log(m));
  }

  up(): void {
    if (this.reported === true) return;
    this.reported = true;
    this.backoff.reset();
    this.problems.clear();
    this.events.connection(true);
  }

  /** Down: the connection went, or the first attempt failed (the bar then says "not connected"). */
  lost(): void {
    if (this.reported === false) return;
    this.reported = false;
    this.events.connection(false);
  }
}
