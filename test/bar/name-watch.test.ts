/**
 * A directory watched for a few names (bar/name-watch.ts): how often it looks again for them, and what a churn
 * of events costs it — counted in the system watches it holds and the events it takes, never in time. The
 * system's watch is a stand-in here that the test drives event by event; test/bar/watch-churn.test.ts has the
 * same with real files churned by another process.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { EVENTS_PER_SECOND, MAX_REST_MS, WATCH_REST_MS, watchesSeeAll, watchNames, type NameWatch, type WatchDirectory } from '../../src/bar/name-watch.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';

const watches: NameWatch[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.close();
});

/** A stand-in for fs.watch: which watches are open, and a way to send each an event. */
function systemWatches() {
  const open: Array<{ dir: string; emit: (name: string | null) => void; fail: (e: Error) => void }> = [];
  let started = 0;
  const watchDirectory: WatchDirectory = (dir, onName) => {
    started++;
    const emitter = new EventEmitter();
    const entry = { dir, emit: onName, fail: (e: Error) => emitter.emit('error', e) };
    open.push(entry);
    return Object.assign(emitter, { close: () => void open.splice(open.indexOf(entry), 1) });
  };
  return { open, watchDirectory, started: () => started };
}

function setUp() {
  const timers = new FakeTimers();
  const system = systemWatches();
  const said: string[] = [];
  let events = 0;
  const watch = watchNames('/h', new Set(['komorebi.bar.json']), () => void events++, { timers, say: (p) => void said.push(p), watchDirectory: system.watchDirectory });
  watches.push(watch);
  return { timers, system, said, events: () => events, watch };
}

const churn = (system: ReturnType<typeof systemWatches>, count: number) => {
  for (let i = 0; i < count; i++) system.open[0]?.emit(`junk-${i}`);
};

describe('watchNames', () => {
  it('a burst of changes to the wanted name is looked at once, changes to other names not at all', async () => {
    const { system, events } = setUp();
    for (let i = 0; i < 10; i++) system.open[0]!.emit('komorebi.bar.json');
    churn(system, 10);
    await eventually(() => expect(events()).toBe(1));
    // A system that does not say which name changed: looked at too.
    system.open[0]!.emit(null);
    await eventually(() => expect(events()).toBe(2));
  });

  it(`past ${EVENTS_PER_SECOND} events in a second the system watch is closed, said once, and opened again after a rest that grows while the churn goes on`, async () => {
    const { timers, system, said, events } = setUp();
    churn(system, EVENTS_PER_SECOND);
    expect(system.open).toHaveLength(1);
    churn(system, 1);
    expect(system.open).toHaveLength(0);
    expect(said).toEqual([`files in /h changed more than ${EVENTS_PER_SECOND} times in a second; its watch rests meanwhile`]);

    await timers.advance(WATCH_REST_MS - 1);
    expect(system.open).toHaveLength(0);
    await timers.advance(1);
    expect(system.open).toHaveLength(1);
    // What happened during the rest is looked at once on waking.
    expect(events()).toBe(1);

    // The churn still going on when it wakes: each rest is twice the last, up to MAX_REST_MS.
    let rest = WATCH_REST_MS;
    for (let round = 0; round < 6; round++) {
      churn(system, EVENTS_PER_SECOND + 1);
      expect(system.open).toHaveLength(0);
      rest = Math.min(rest * 2, MAX_REST_MS);
      await timers.advance(rest - 1);
      expect(system.open).toHaveLength(0);
      await timers.advance(1);
      expect(system.open).toHaveLength(1);
    }
    expect(rest).toBe(MAX_REST_MS);
    expect(said).toHaveLength(1);

    // Up for a whole rest without churn: the next rest is the first one again.
    await timers.advance(WATCH_REST_MS);
    churn(system, EVENTS_PER_SECOND + 1);
    await timers.advance(WATCH_REST_MS);
    expect(system.open).toHaveLength(1);
  });

  it('counts events per second: a steady trickle under the budget never rests the watch', async () => {
    const { timers, system } = setUp();
    for (let second = 0; second < 20; second++) {
      churn(system, EVENTS_PER_SECOND);
      await timers.advance(1_000);
    }
    expect(system.open).toHaveLength(1);
    expect(system.started()).toBe(1);
  });

  it('a watch that cannot start, or fails, is said once and tried again after a rest; a missing directory is not said', async () => {
    const timers = new FakeTimers();
    const said: string[] = [];
    let failWith: NodeJS.ErrnoException | undefined = Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
    const system = systemWatches();
    let events = 0;
    watches.push(
      watchNames('/h', new Set(['bar.json']), () => void events++, {
        timers,
        say: (p) => void said.push(p),
        watchDirectory: (dir, onName) => {
          if (failWith) throw failWith;
          return system.watchDirectory(dir, onName);
        },
      }),
    );
    expect(said).toEqual(['cannot watch /h: ENOSPC: System limit for number of file watchers reached']);
    await timers.advance(WATCH_REST_MS);
    expect(said).toHaveLength(1);
    failWith = undefined;
    await timers.advance(MAX_REST_MS);
    expect(system.open).toHaveLength(1);
    expect(events).toBe(1);

    system.open[0]!.fail(new Error('EIO'));
    expect(system.open).toHaveLength(0);
    expect(said.at(-1)).toBe('watching /h failed: EIO');
    await timers.advance(MAX_REST_MS);
    expect(system.open).toHaveLength(1);

    const quiet: string[] = [];
    watches.push(
      watchNames('/gone', new Set(['bar.json']), () => undefined, {
        timers,
        say: (p) => void quiet.push(p),
        watchDirectory: () => {
          throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
        },
      }),
    );
    await timers.advance(MAX_REST_MS * 3);
    expect(quiet).toEqual([]);
  });

  it('says when its system watch closes (a rest, a failure) and opens again, and not when it is closed', async () => {
    const timers = new FakeTimers();
    const system = systemWatches();
    const heard: boolean[] = [];
    const watch = watchNames('/h', new Set(['bar.json']), () => undefined, { timers, say: () => undefined, watchDirectory: system.watchDirectory, onWatching: (w) => void heard.push(w) });
    watches.push(watch);
    expect([watch.dir, watch.watching, heard]).toEqual(['/h', true, [true]]);
    churn(system, EVENTS_PER_SECOND + 1);
    expect([watch.watching, heard]).toEqual([false, [true, false]]);
    await timers.advance(WATCH_REST_MS);
    expect([watch.watching, heard]).toEqual([true, [true, false, true]]);
    system.open[0]!.fail(new Error('EIO'));
    expect([watch.watching, heard]).toEqual([false, [true, false, true, false]]);
    await timers.advance(MAX_REST_MS);
    watch.close();
    expect([watch.watching, heard]).toEqual([false, [true, false, true, false, true]]);
  });

  it('relies on watches alone only where they see every change: Linux, a file system of this machine', async () => {
    expect(await watchesSeeAll([tmpdir()], 'darwin')).toBe(false);
    expect(await watchesSeeAll([tmpdir()], 'win32')).toBe(false);
    expect(await watchesSeeAll(['/nonexistent/tilebar'], 'linux')).toBe(false);
    // /proc is the kernel's own: nothing changes there from another machine.
    if (process.platform === 'linux') expect(await watchesSeeAll(['/proc'], 'linux')).toBe(true);
  });

  it('closed, it holds no system watch and calls nothing, even for a rest that would have ended', async () => {
    const { timers, system, events, watch } = setUp();
    churn(system, EVENTS_PER_SECOND + 1);
    watch.close();
    await timers.advance(MAX_REST_MS);
    expect(system.open).toHaveLength(0);
    expect(events()).toBe(0);
  });
});
