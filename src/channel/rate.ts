/**
 * A token bucket: at most `perSecond` a second, in bursts of at most `burst`. The core counts each front end's
 * messages with one and drops a front end that goes over (serve/core-server.ts); a front end counts its user's
 * input with a smaller one and sends none beyond it (attach/remote-view.ts), so that no scrolling, however fast,
 * makes the core take the user's own bar for one that floods it. Pure: the caller gives the clock (ms).
 */
export class TokenBucket {
  readonly #perSecond: number;
  readonly #burst: number;
  #tokens: number;
  #at: number;

  constructor(perSecond: number, burst: number, now: number) {
    this.#perSecond = perSecond;
    this.#burst = burst;
    this.#tokens = burst;
    this.#at = now;
  }

  /** Takes one token at `now`; false when there is none left (nothing is taken then). */
  take(now: number): boolean {
    this.#tokens = Math.min(this.#burst, this.#tokens + (Math.max(0, now - this.#at) * this.#perSecond) / 1000);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
