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
