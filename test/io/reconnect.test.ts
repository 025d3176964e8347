import { describe, expect, it } from 'vitest';
import { reconnecting, type Attempt } from '../../src/io/reconnect.js';
import { FakeTimers } from '../scheduler/fake-timers.js';

/** A peer under the test's control: each attempt is recorded, with whether it was stopped. */
function harness(opts: { firstMs?: number; maxMs?: number; connect?: (a: Attempt) => (() => void) | void } = {}) {
  const timers = new FakeTimers();
  const attempts: Array<{ attempt: Attempt; at: number; stopped: number }> = [];
  const said: string[] = [];
  const downs: string[] = [];
  const loop = reconnecting({
    timers,
    firstMs: opts.firstMs,
    maxMs: opts.maxMs,
    connect(attempt) {
      const rec = { attempt, at: timers.now(), stopped: 0 };
      attempts.push(rec);
      const stop = opts.connect?.(attempt);
      return () => {
        rec.stopped++;
        stop?.();
      };
    },
    say: (why, ms) => said.push(`${why}; again in ${ms} ms`),
    down: (why) => downs.push(why),
  });
  const last = () => attempts[attempts.length - 1]!;
  return { timers, attempts, said, downs, loop, last };
}

describe('reconnecting', () => {
  it('connects at once and, after each failure, again after a back-off that doubles to its cap', async () => {
    const h = harness({ firstMs: 1000, maxMs: 8000 });
    expect(h.attempts).toHaveLength(1);
    const gaps: number[] = [];
    for (let i = 0; i < 6; i++) {
      const failedAt = h.timers.now();
      h.last().attempt.failed('refused');
      await h.timers.advance(60_000);
      gaps.push(h.last().at - failedAt);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('starts the back-off over once the peer answered', async () => {
    const h = harness({ firstMs: 1000, maxMs: 8000 });
    h.last().attempt.failed('refused');
    await h.timers.advance(1000);
    h.last().attempt.failed('refused');
    await h.timers.advance(2000);
    h.last().attempt.up();
    const before = h.timers.now();
    h.last().attempt.failed('the connection dropped');
    await h.timers.advance(60_000);
    expect(h.last().at - before).toBe(1000);
  });

  it('says a problem once however often it recurs, a new one when it changes, and the same again after a success', async () => {
    const h = harness({ firstMs: 1000, maxMs: 1000 });
    for (const why of ['refused', 'refused', 'refused', 'no socket', 'no socket']) {
      h.last().attempt.failed(why);
      await h.timers.advance(1000);
    }
    h.last().attempt.up();
    h.last().attempt.failed('no socket');
    expect(h.said).toEqual(['refused; again in 1000 ms', 'no socket; again in 1000 ms', 'no socket; again in 1000 ms']);
    expect(h.downs).toHaveLength(6);
  });

  it('stops a dropped connection, and ignores what the old connection says after', async () => {
    const h = harness({ firstMs: 1000 });
    const old = h.last();
    old.attempt.failed('the connection dropped');
    old.attempt.failed('error after close');
    old.attempt.up();
    expect(old.stopped).toBe(1);
    expect(old.attempt.current).toBe(false);
    await h.timers.advance(1000);
    expect(h.attempts).toHaveLength(2);
    expect(h.last().attempt.current).toBe(true);
    expect(h.downs).toEqual(['the connection dropped']);
  });

  it('takes a connect that throws as a failure, and keeps trying', async () => {
    let n = 0;
    const h = harness({
      firstMs: 1000,
      connect: () => {
        if (n++ < 2) throw new Error('no such file');
      },
    });
    expect(h.said).toEqual(['no such file; again in 1000 ms']);
    await h.timers.advance(1000 + 2000);
    expect(h.attempts).toHaveLength(3);
    expect(h.last().attempt.current).toBe(true);
  });

  it('stops what a connect made when it failed before returning', () => {
    const h = harness({
      connect: (a) => {
        a.failed('refused at once');
        return undefined;
      },
    });
    expect(h.attempts[0]!.stopped).toBe(1);
  });

  it('stops everything on close: the live connection, the retry, and every later callback', async () => {
    const h = harness({ firstMs: 1000 });
    h.loop.close();
    expect(h.last().stopped).toBe(1);
    h.last().attempt.failed('late error');
    await h.timers.advance(60_000);
    expect(h.attempts).toHaveLength(1);
    expect(h.said).toEqual([]);

    const g = harness({ firstMs: 1000 });
    g.last().attempt.failed('refused');
    g.loop.close();
    await g.timers.advance(60_000);
    expect(g.attempts).toHaveLength(1);
  });

  it('gives the latest attempt to what outlives a connection (a request queue, a server), whose calls after it is over do nothing', async () => {
    const h = harness({ firstMs: 1000 });
    expect(h.loop.live).toBe(h.last().attempt);
    const first = h.loop.live!;
    first.failed('a request timed out');
    // Until the retry, the latest attempt is the one that failed: another failure through it is not a second one.
    expect(h.loop.live).toBe(first);
    h.loop.live?.failed('another request timed out');
    expect(h.downs).toEqual(['a request timed out']);
    await h.timers.advance(1000);
    expect(h.loop.live).toBe(h.last().attempt);
    expect(h.loop.live).not.toBe(first);
    expect(h.loop.live?.current).toBe(true);
    h.loop.close();
    expect(h.loop.live?.current).toBe(false);
    h.loop.live?.failed('after close');
    expect(h.downs).toEqual(['a request timed out']);
  });
});
