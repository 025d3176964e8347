/** The real timers the bar runs on: a delay of 0 runs at the end of the turn, after its promise callbacks, and can be cleared. */
import { describe, expect, it } from 'vitest';
import { realTimers } from '../../src/scheduler/timers.js';

describe('the real timers', () => {
  it('run a delay of 0 once the promise callbacks of the turn have run, before a timer of 1 ms', async () => {
    const order: string[] = [];
    await new Promise<void>((done) => {
      setTimeout(() => {
        realTimers.setTimeout(() => order.push('1 ms'), 1);
        realTimers.setTimeout(() => {
          order.push('0');
          setTimeout(done, 5);
        }, 0);
        void Promise.resolve()
          .then(() => undefined)
          .then(() => order.push('promise callbacks'));
      }, 0);
    });
    expect(order).toEqual(['promise callbacks', '0', '1 ms']);
  });

  it('clear a delay of 0 as any other', async () => {
    let ran = false;
    realTimers.clearTimeout(realTimers.setTimeout(() => (ran = true), 0));
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toBe(false);
  });
});
