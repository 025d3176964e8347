import { describe, expect, it } from 'vitest';
import { Scheduler, type PollOutcome } from '../../src/scheduler/scheduler.js';
import { sleeper } from '../../src/scheduler/timers.js';
import { FakeTimers } from './fake-timers.js';

function counter(timers: FakeTimers, opts: { takesMs?: number; honoursAbort?: boolean; fails?: () => boolean } = {}) {
  const state = { calls: 0, active: 0, maxActive: 0, startedAt: [] as number[] };
  const sleep = sleeper(timers);
  const read = async (signal: AbortSignal) => {
    state.calls++;
    state.active++;
    state.maxActive = Math.max(state.maxActive, state.active);
    state.startedAt.push(timers.now());
    try {
      if (opts.takesMs) {
        // A reader that ignores its signal keeps running past the timeout, like a hung statfs.
        await sleep(opts.takesMs, opts.honoursAbort === false ? new AbortController().signal : signal);
      }
      if (opts.fails?.()) throw new Error('device went away');
      return state.calls;
    } finally {
      state.active--;
    }
  };
  return { state, read };
}

describe('Scheduler', () => {
  it('polls first at start, then on the interval', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    const seen: number[] = [];
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 10_000, timeoutMs: 5000 }, (o) => o.ok && seen.push(o.value as number));
    s.start();
    await timers.advance(0);
    expect(seen).toEqual([1]);
    await timers.advance(9_999);
    expect(cpu.state.calls).toBe(1);
    await timers.advance(1);
    expect(cpu.state.startedAt).toEqual([0, 10_000]);
    await timers.advance(30_000);
    expect(cpu.state.startedAt).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    s.stop();
  });

  it('shares one poll between widgets reading the same source, at the shorter interval', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    const a: number[] = [];
    const b: number[] = [];
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 10_000, timeoutMs: 5000 }, (o) => o.ok && a.push(o.value as number));
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 4_000, timeoutMs: 5000 }, (o) => o.ok && b.push(o.value as number));
    s.start();
    await timers.advance(12_000);
    expect(cpu.state.startedAt).toEqual([0, 4_000, 8_000, 12_000]);
    expect(a).toEqual([1, 2, 3, 4]);
    expect(b).toEqual(a);
    s.stop();
  });

  it('never overlaps a slow poll with itself and drops the ticks it missed', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const slow = counter(timers, { takesMs: 25_000 });
    s.poll({ key: 'disks', read: slow.read, intervalMs: 10_000, timeoutMs: 60_000 }, () => undefined);
    s.start();
    await timers.advance(100_000);
    expect(slow.state.maxActive).toBe(1);
    // Starts at 0, ends at 25 s: the 10 s and 20 s ticks are dropped and the next poll is on the 30 s tick.
    expect(slow.state.startedAt).toEqual([0, 30_000, 60_000, 90_000]);
    s.stop();
  });

  it('times out a hung source, shows the error on it only, and keeps the others polling', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const hung = counter(timers, { takesMs: 10 * 3_600_000, honoursAbort: false });
    const cpu = counter(timers);
    const disks: Array<PollOutcome<unknown>> = [];
    s.poll({ key: 'disks', read: hung.read, intervalMs: 10_000, timeoutMs: 3_000 }, (o) => disks.push(o));
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 1_000, timeoutMs: 3_000 }, () => undefined);
    s.start();
    await timers.advance(60_000);
    expect(disks).toEqual([{ ok: false, error: 'timed out after 3 s', wallTime: expect.any(Number), failures: 1, retryInMs: 10_000 }]);
    expect(disks[0]?.wallTime).toBe(Date.UTC(2026, 10, 21, 9, 0, 3));
    // The hung read is never started twice: a second statfs on a dead mount would only pile up.
    expect(hung.state.calls).toBe(1);
    expect(cpu.state.calls).toBe(61);
    s.stop();
  });

  it('backs off a failing source, doubling up to the cap, and recovers on success', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers, { maxBackoffMs: 60_000 });
    let broken = true;
    const battery = counter(timers, { fails: () => broken });
    const outcomes: Array<PollOutcome<unknown>> = [];
    s.poll({ key: 'battery', read: battery.read, intervalMs: 10_000, timeoutMs: 3_000 }, (o) => outcomes.push(o));
    s.start();
    await timers.advance(200_000);
    // Failures at 0, then retries after 10, 20, 40, 60 (cap), 60 s.
    expect(battery.state.startedAt).toEqual([0, 10_000, 30_000, 70_000, 130_000, 190_000]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.retryInMs))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    broken = false;
    await timers.advance(60_000);
    expect(outcomes.at(-1)).toMatchObject({ ok: true });
    await timers.advance(20_000);
    // The retry at 250 s succeeds; from there the source is back on its 10 s interval.
    expect(battery.state.startedAt.slice(-4)).toEqual([250_000, 260_000, 270_000, 280_000]);
    s.stop();
  });

  it('times out a source that honours the abort, then retries with back-off', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const update = counter(timers, { takesMs: 30_000 });
    const outcomes: Array<PollOutcome<unknown>> = [];
    s.poll({ key: 'update', read: update.read, intervalMs: 10_000, timeoutMs: 5_000 }, (o) => outcomes.push(o));
    s.start();
    await timers.advance(40_000);
    // Aborted at 5 s, retried 10 s later; aborted at 20 s, retried 20 s later.
    expect(update.state.startedAt).toEqual([0, 15_000, 40_000]);
    expect(outcomes.map((o) => !o.ok && o.failures)).toEqual([1, 2]);
    s.stop();
  });

  it('refreshes everything once when the wall clock jumps (resume from suspend)', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const update = counter(timers);
    const memory = counter(timers);
    s.poll({ key: 'update', read: update.read, intervalMs: 12 * 3_600_000, timeoutMs: 5_000 }, () => undefined);
    s.poll({ key: 'memory', read: memory.read, intervalMs: 10_000, timeoutMs: 5_000 }, () => undefined);
    s.start();
    await timers.advance(3_000);
    expect([update.state.calls, memory.state.calls]).toEqual([1, 1]);
    timers.jumpWall(8 * 3_600_000);
    await timers.advance(1_000);
    expect([update.state.calls, memory.state.calls]).toEqual([2, 2]);
    await timers.advance(5_000);
    expect(update.state.calls).toBe(2);
    s.stop();
  });

  it('polls an interval of 0 on every heartbeat, and ticks on whole wall seconds', async () => {
    const timers = new FakeTimers(Date.UTC(2026, 10, 21, 9, 0, 0) + 400);
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    const ticks: number[] = [];
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 0, timeoutMs: 500 }, () => undefined);
    s.onTick((wall) => ticks.push(wall % 1000));
    s.start();
    await timers.advance(5_000);
    // Started 400 ms into a second: after the first poll, every poll is on a heartbeat (600 ms later, ...).
    expect(cpu.state.startedAt).toEqual([0, 600, 1_600, 2_600, 3_600, 4_600]);
    expect(ticks).toEqual([0, 0, 0, 0, 0]);
    s.stop();
  });

  it('runs polls on the heartbeat nearest their due time, so the readings of a second and its clock tick make one frame', async () => {
    const timers = new FakeTimers(Date.UTC(2026, 10, 21, 9, 0, 0) + 300);
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    const disks = counter(timers);
    const odd = counter(timers);
    // A bar as run draws it: any change asks for a frame, coalesced into one timer of 0 ms.
    const frames: string[] = [];
    const read: Record<string, number> = {};
    let pending = false;
    const invalidate = () => {
      if (pending) return;
      pending = true;
      timers.setTimeout(() => {
        pending = false;
        frames.push(`${timers.now()}: cpu@${read.cpu} disks@${read.disks}`);
      }, 0);
    };
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 2_000, timeoutMs: 500 }, () => ((read.cpu = timers.now()), invalidate()));
    s.poll({ key: 'disks', read: disks.read, intervalMs: 10_000, timeoutMs: 500 }, () => ((read.disks = timers.now()), invalidate()));
    // An interval that is not whole seconds keeps its own timer.
    s.poll({ key: 'odd', read: odd.read, intervalMs: 1_500, timeoutMs: 500 }, () => undefined);
    s.onTick(invalidate);
    s.start();
    await timers.advance(10_800);
    // Due at 2000 ms, the CPU poll runs on the 1700 ms beat (the nearest), then every 2 s on beats.
    expect(cpu.state.startedAt).toEqual([0, 1_700, 3_700, 5_700, 7_700, 9_700]);
    expect(disks.state.startedAt).toEqual([0, 9_700]);
    expect(odd.state.startedAt).toEqual([0, 1_500, 3_000, 4_500, 6_000, 7_500, 9_000, 10_500]);
    // One frame for the first readings, then one per beat (700 ms, 1700 ms, ... 10 700 ms), each with the
    // readings taken on its beat: polls add no frames of their own.
    expect(frames).toHaveLength(12);
    expect(frames.at(-2)).toBe('9700: cpu@9700 disks@9700');
    expect(frames.at(-1)).toBe('10700: cpu@9700 disks@9700');
    s.stop();
  });

  it('stops polling a source when its last widget goes, and survives a throwing listener', async () => {
    const timers = new FakeTimers();
    const errors: unknown[] = [];
    const s = new Scheduler(timers, { onListenerError: (e) => errors.push(e) });
    const cpu = counter(timers);
    const seen: number[] = [];
    s.poll({ key: 'cpu', read: cpu.read, intervalMs: 1_000, timeoutMs: 500 }, () => {
      throw new Error('render failed');
    });
    const off = s.poll({ key: 'cpu', read: cpu.read, intervalMs: 1_000, timeoutMs: 500 }, (o) => o.ok && seen.push(o.value as number));
    s.start();
    await timers.advance(2_000);
    expect(seen).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(3);
    off();
    expect(cpu.state.calls).toBe(3);
    s.stop();
    await timers.advance(5_000);
    expect(cpu.state.calls).toBe(3);
    expect(timers.pending()).toBe(0);
  });
});

describe('Scheduler and reloads', () => {
  it('leaves no poll behind when a source is unsubscribed and subscribed again while it is polling (a reload)', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const cpu = counter(timers, { takesMs: 200 });
    const spec = { key: 'cpu', read: cpu.read, intervalMs: 1000, timeoutMs: 5000 };
    let off = s.poll(spec, () => undefined);
    s.start();
    await timers.advance(50);
    expect(cpu.state.active).toBe(1);
    // The config is saved while the first poll runs: the old subscription goes, a new one comes.
    off();
    off = s.poll(spec, () => undefined);
    await timers.advance(10_000);
    // About one poll a second for the new subscription, never the old source's poll spinning every millisecond.
    expect(cpu.state.calls).toBeLessThanOrEqual(12);
    expect(timers.overflows).toEqual([]);
    off();
    s.stop();
  });

  it('keeps an interval longer than a timer can wait as the longest wait, not 1 ms', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    s.poll({ key: 'update', read: cpu.read, intervalMs: 1e18, timeoutMs: 5000 }, () => undefined);
    s.start();
    await timers.advance(60_000);
    expect(cpu.state.calls).toBe(1);
    expect(timers.overflows).toEqual([]);
    s.stop();
  });
});

describe('Scheduler: several bars over one (issue 44)', () => {
  it('describes each source polled: its name, interval, subscribers, reads and last outcome, and forgets one nobody reads', async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const cpu = counter(timers);
    const disks = counter(timers, { fails: () => true });
    s.poll({ key: 'cpu#1', name: 'cpu', read: cpu.read, intervalMs: 4_000, timeoutMs: 5000 }, () => undefined);
    s.poll({ key: 'cpu#1', name: 'cpu', read: cpu.read, intervalMs: 2_000, timeoutMs: 5000 }, () => undefined);
    const offDisks = s.poll({ key: 'disks#2', read: disks.read, intervalMs: 0, timeoutMs: 5000 }, () => undefined);
    expect(s.sources().map((x) => x.last)).toEqual([undefined, undefined]);
    s.start();
    await timers.advance(0);
    const wallTime = timers.wallNow();
    expect(s.sources()).toEqual([
      { key: 'cpu#1', name: 'cpu', intervalMs: 2_000, subscribers: 2, reads: 1, last: { ok: true, wallTime } },
      { key: 'disks#2', name: 'disks#2', intervalMs: 1_000, subscribers: 1, reads: 1, last: { ok: false, wallTime } },
    ]);
    // Two subscribers, one read per interval: the count `serve --status` shows.
    await timers.advance(4_000);
    expect(s.sources().find((x) => x.key === 'cpu#1')?.reads).toBe(3);
    offDisks();
    expect(s.sources().map((x) => x.key)).toEqual(['cpu#1']);
    s.stop();
  });

  it("refreshes the sources asked for, and only those (one bar's, of several)", async () => {
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const mine = counter(timers);
    const theirs = counter(timers);
    s.poll({ key: 'memory', read: mine.read, intervalMs: 60_000, timeoutMs: 5000 }, () => undefined);
    s.poll({ key: 'cpu', read: theirs.read, intervalMs: 60_000, timeoutMs: 5000 }, () => undefined);
    s.start();
    await timers.advance(1000);
    s.refresh(['memory', 'gone']);
    await timers.advance(0);
    expect({ mine: mine.state.calls, theirs: theirs.state.calls }).toEqual({ mine: 2, theirs: 1 });
    s.stop();
  });
});

describe('subscribeSources', () => {
  it('two readers of one source are two sources; the same reader in two subscriptions is one', async () => {
    const { subscribeSources } = await import('../../src/bar/live-sources.js');
    const { systemWidgets } = await import('../../src/bar/system-widgets.js');
    const { BUILTIN_WIDGETS } = await import('../../widgets/kinds.js');
    const { load, model } = await import('../helpers.js');
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const widgets = systemWidgets(model(load({ left_widgets: [{ Update: { enable: true } }, { Cpu: { enable: true } }], right_widgets: [] })), BUILTIN_WIDGETS, '0.1.0');
    const cpu = async () => ({ percent: 1 });
    const one = { cpu, update: async () => ({ latest: '1.0.0' }) };
    const two = { cpu, update: async () => ({ latest: '2.0.0' }) };
    const seen: unknown[] = [];
    subscribeSources(s, widgets, one, () => undefined);
    subscribeSources(s, widgets, two, (statuses) => seen.push(statuses.update?.reading));
    subscribeSources(s, widgets, one, () => undefined);
    s.start();
    await timers.advance(0);
    expect(s.sources().map((x) => `${x.name} ×${x.subscribers}`).sort()).toEqual(['cpu ×3', 'update ×1', 'update ×2']);
    expect(seen).toContainEqual({ latest: '2.0.0' });
    expect(seen).not.toContainEqual({ latest: '1.0.0' });
    s.stop();
  });


  it('keeps readings taken before a reload until their sources poll again', async () => {
    const { subscribeSources } = await import('../../src/bar/live-sources.js');
    const { systemWidgets } = await import('../../src/bar/system-widgets.js');
    const { BUILTIN_WIDGETS } = await import('../../widgets/kinds.js');
    const { load, model } = await import('../helpers.js');
    const timers = new FakeTimers();
    const s = new Scheduler(timers);
    const widgets = systemWidgets(model(load({ left_widgets: [{ Cpu: { enable: true, data_refresh_interval: 60 } }, { Memory: { enable: true, data_refresh_interval: 1 } }], right_widgets: [] })), BUILTIN_WIDGETS, '0.1.0');
    const never = new Promise<never>(() => undefined);
    const readers = {
      cpu: () => never,
      memory: async () => ({ totalBytes: 100, usedBytes: 10 }),
      network: () => never,
      disks: () => never,
      battery: () => never,
      update: () => never,
    };
    const seen: unknown[] = [];
    subscribeSources(s, widgets, readers, (statuses) => seen.push(structuredClone(statuses)), { cpu: { reading: { percent: 42 } } });
    s.start();
    await timers.advance(0);
    expect(seen.at(-1)).toEqual({ cpu: { reading: { percent: 42 } }, memory: { reading: { totalBytes: 100, usedBytes: 10 } } });
    s.stop();
  });
});
