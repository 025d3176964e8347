import type { Timers } from '../../src/scheduler/timers.js';

/** Deterministic timers: time moves only through `advance`, and the wall clock can jump on its own. */
export class FakeTimers implements Timers {
  private mono = 0;
  private wall: number;
  private queue: Array<{ id: number; due: number; ms: number; fn: () => void }> = [];
  private ids = 0;
  /**
   * The delays of the timers that ran, in order, a delay of 0 aside: on the real timers that one runs in the turn
   * that set it (timers.ts), while each of these is a wake-up of the process.
   */
  readonly wakes: number[] = [];

  constructor(wallStart = Date.UTC(2026, 10, 21, 9, 0, 0)) {
    this.wall = wallStart;
  }

  now = () => this.mono;
  wallNow = () => this.wall;
  /** Delays a real Node timer would not honour (over 2^31 − 1 ms, or not finite); Node runs them after 1 ms. */
  readonly overflows: number[] = [];
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.ids;
    const honoured = Number.isFinite(ms) && ms <= 2 ** 31 - 1;
    if (!honoured) this.overflows.push(ms);
    const delay = honoured ? Math.max(0, ms) : 1;
    this.queue.push({ id, due: this.mono + delay, ms: delay, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.queue = this.queue.filter((t) => t.id !== handle);
  };

  /** Run every timer due within `ms`, in order, letting promise chains settle after each. */
  async advance(ms: number): Promise<void> {
    const target = this.mono + ms;
    await settle();
    for (;;) {
      const next = [...this.queue].sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next || next.due > target) break;
      this.queue = this.queue.filter((t) => t !== next);
      this.wall += next.due - this.mono;
      this.mono = next.due;
      if (next.ms > 0) this.wakes.push(next.ms);
      next.fn();
      await settle();
    }
    this.wall += target - this.mono;
    this.mono = target;
    await settle();
  }

  /** The wall clock steps (resume from suspend, a clock change) while monotonic time does not. */
  jumpWall(ms: number): void {
    this.wall += ms;
  }

  pending(): number {
    return this.queue.length;
  }
}

/** Let queued promise callbacks run (several rounds: chains of then/finally). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
