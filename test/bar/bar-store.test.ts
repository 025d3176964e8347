/** The running bar's store: one snapshot a render, a tick and its readings together, at most ten a second. */
import { describe, expect, it } from 'vitest';
import { appearanceOf } from '../../src/view/appearance.js';
import { BarStore, MIN_FRAME_MS, SETTLE_MS } from '../../src/bar/bar-store.js';
import { emptyModel } from '../../src/config/empty-model.js';
import { FakeTimers } from '../scheduler/fake-timers.js';

function store() {
  const timers = new FakeTimers();
  const model = emptyModel('A');
  const s = new BarStore(timers, { model, look: appearanceOf(model), message: undefined, statuses: {}, systemZone: 'UTC', tiler: undefined, size: { width: 80, height: 1 } });
  let published = 0;
  s.subscribe(() => published++);
  return { s, timers, published: () => published };
}

describe('the bar store', () => {
  it('publishes a clock tick and the readings that answer just after it as one snapshot', async () => {
    const { s, timers, published } = store();
    const before = s.getSnapshot();
    const tickAt = timers.wallNow();
    s.update();
    await timers.advance(5);
    s.update({ statuses: { cpu: { reading: { percent: 42 } } } });
    expect(published()).toBe(0);
    await timers.advance(SETTLE_MS);
    expect(published()).toBe(1);
    const after = s.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.statuses.cpu?.reading).toEqual({ percent: 42 });
    // The clocks show the instant of the publish.
    expect(after.epochMs).toBe(tickAt + SETTLE_MS);
    // The snapshot it replaced is untouched.
    expect(before.statuses).toEqual({});
  });

  it('publishes a change that comes all at once (a tick and the readings of its turn) at the end of the turn, with no settling', async () => {
    const { s, timers, published } = store();
    const tickAt = timers.wallNow();
    s.update({}, { soon: true });
    s.update({ statuses: { cpu: { reading: { percent: 42 } } } }, { soon: true });
    expect(published()).toBe(0);
    await timers.advance(0);
    expect(published()).toBe(1);
    expect(s.getSnapshot().statuses.cpu?.reading).toEqual({ percent: 42 });
    expect(s.getSnapshot().epochMs).toBe(tickAt);
    // A burst's settling does not hold back a change that comes all at once; no sooner than a frame after the last.
    await timers.advance(MIN_FRAME_MS);
    s.update({ message: 'an event' });
    s.update({}, { soon: true });
    await timers.advance(0);
    expect(published()).toBe(2);
    expect(s.getSnapshot().message).toBe('an event');
    s.update({}, { soon: true });
    await timers.advance(MIN_FRAME_MS - 1);
    expect(published()).toBe(2);
    await timers.advance(1);
    expect(published()).toBe(3);
    await timers.advance(1000);
    expect(published()).toBe(3);
  });

  it('publishes at most one snapshot per frame however many changes come', async () => {
    const { s, timers, published } = store();
    for (let i = 0; i < 100; i++) {
      s.update({ message: `change ${i}` });
      await timers.advance(10);
    }
    await timers.advance(MIN_FRAME_MS);
    expect(published()).toBeLessThanOrEqual(11);
    expect(s.getSnapshot().message).toBe('change 99');
  });

  it('publishes at once when asked (a first frame, a resize), and nothing after close', async () => {
    const { s, timers, published } = store();
    s.update({ size: { width: 120, height: 1 } });
    s.publish();
    expect(published()).toBe(1);
    expect(s.getSnapshot().size.width).toBe(120);
    s.update();
    s.close();
    await timers.advance(1000);
    expect(published()).toBe(1);
  });
});
