/**
 * Noticing config files that do not exist yet, nor their directories: by the watch alone (timers that never
 * fire), by the poll alone (no watch can start), and what is watched (the nearest existing directory, for the one
 * name in it that leads to the path).
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MISSING_LEVELS, watchPathAppearance, watchPlaceOf, type PathAppearance, type PathKind } from '../../src/bar/path-appearance.js';
import type { WatchDirectory } from '../../src/bar/name-watch.js';
import type { Timers } from '../../src/scheduler/timers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { POLL_MS, SAFETY_POLL_MS } from '../../src/bar/config-file.js';
import { eventually } from '../wait.js';
import { saveConfig, writeBarConfig } from '../support/bar-config.js';

/** Timers that never fire: what is seen, the watch saw. */
const never: Timers = { now: () => 0, wallNow: () => 0, setTimeout: () => undefined, clearTimeout: () => undefined };

const watches: PathAppearance[] = [];
afterEach(async () => {
  for (const w of watches.splice(0)) await w.close();
});

describe('watchPlaceOf', () => {
  const kinds = (dirs: string[]) => async (p: string): Promise<PathKind> => (dirs.includes(p) ? 'directory' : 'none');

  it('is the nearest existing directory and the name in it that leads to the path', async () => {
    expect(await watchPlaceOf('/h/.config/tilebar/bar.json', kinds(['/', '/h']))).toEqual({ dir: '/h', name: '.config' });
    expect(await watchPlaceOf('/h/.config/tilebar/bar.json', kinds(['/', '/h', '/h/.config', '/h/.config/tilebar']))).toEqual({ dir: '/h/.config/tilebar', name: 'bar.json' });
  });

  it(`looks through at most ${MAX_MISSING_LEVELS} missing directories (beyond, the poll alone)`, async () => {
    expect(await watchPlaceOf('/a/b/c/d/e/f/bar.json', kinds(['/']))).toBeUndefined();
    // A file where a directory should be is not a directory to watch: the one above it is.
    expect(await watchPlaceOf('/h/.config/tilebar/bar.json', async (p) => (p === '/h' ? 'directory' : p === '/h/.config' ? 'other' : 'none'))).toEqual({ dir: '/h', name: '.config' });
  });
});

describe('watchPathAppearance', () => {
  it('notices by its watch alone a file written where neither it nor its directories existed, and its going', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-appear-'));
    const timers = never;
    const seen: string[][] = [];
    const file = join(home, '.config', 'tilebar', 'bar.json');
    watches.push(watchPathAppearance([file, join(home, 'komorebi.bar.json')], (e) => void seen.push([...e]), { timers, log: (m) => expect.fail(m) }));
    await saveConfig(file, '{}');
    await eventually(() => expect(seen.at(-1)).toEqual([file]));
    await rm(join(home, '.config'), { recursive: true });
    await eventually(() => expect(seen.at(-1)).toEqual([]));
    await writeBarConfig(home, '{}', 'komorebi.bar.json');
    await eventually(() => expect(seen.at(-1)).toEqual([join(home, 'komorebi.bar.json')]));
    await rm(home, { recursive: true });
  });

  it('notices by its poll alone when no watch can start, and says so', async () => {
    const timers = new FakeTimers();
    const present = new Set(['/', '/h']);
    const lines: string[] = [];
    const seen: string[][] = [];
    const watch = watchPathAppearance(['/h/.config/tilebar/bar.json'], (e) => void seen.push([...e]), {
      timers,
      log: (m) => void lines.push(m),
      watchDirectory: () => {
        throw new Error('no watches left');
      },
      kindOf: async (p) => (present.has(p) ? (p.endsWith('.json') ? 'other' : 'directory') : 'none'),
    });
    watches.push(watch);
    await eventually(() => expect(lines).toEqual(['config discovery: cannot watch /h: no watches left (looked at every 2 s)']));
    for (const p of ['/h/.config', '/h/.config/tilebar', '/h/.config/tilebar/bar.json']) present.add(p);
    await eventually(async () => {
      await timers.advance(2_000);
      expect(seen).toEqual([['/h/.config/tilebar/bar.json']]);
    });
  });

  it('watches the nearest existing directory only, and looks again for the names that lead to the paths, not for others', async () => {
    const timers = never;
    const watched: Array<{ dir: string; emit: (name: string | null) => void }> = [];
    const looked: string[] = [];
    watches.push(
      watchPathAppearance(['/h/.config/tilebar/bar.json', '/h/komorebi.bar.json'], () => undefined, {
        timers,
        log: (m) => expect.fail(m),
        watchDirectory: (dir, onName) => {
          watched.push({ dir, emit: onName });
          return Object.assign(new EventEmitter(), { close: () => undefined });
        },
        kindOf: async (p) => {
          looked.push(p);
          return p === '/' || p === '/h' ? 'directory' : 'none';
        },
      }),
    );
    await eventually(() => expect(watched.map((w) => w.dir)).toEqual(['/h']));
    await eventually(() => expect(looked).toContain('/h/komorebi.bar.json'));
    const lookedAt = () => looked.filter((p) => p === '/h/komorebi.bar.json').length;
    const before = lookedAt();
    for (const name of ['Documents', '.cache', '.xsession-errors']) watched[0]!.emit(name);
    // A change of a name that leads to a path is looked at (once settled); the others before it were not.
    watched[0]!.emit('.config');
    await eventually(() => expect(lookedAt()).toBe(before + 1));
    watched[0]!.emit('komorebi.bar.json');
    await eventually(() => expect(lookedAt()).toBe(before + 2));
    expect(watched.map((w) => w.dir)).toEqual(['/h']);
  });

  it('looks by its poll once a minute while its watches see every path, every 2 s while one has none', async () => {
    const openWatch: WatchDirectory = () => Object.assign(new EventEmitter(), { close: () => undefined });
    const kindOf = async (p: string): Promise<PathKind> => (p === '/' || p === '/h' ? 'directory' : 'none');
    const wakesOf = async (paths: string[]) => {
      const timers = new FakeTimers();
      watches.push(watchPathAppearance(paths, () => undefined, { timers, log: (m) => expect.fail(m), watchDirectory: openWatch, kindOf, watchesSeeAll: async () => true }));
      // The first look is done, and the next set, before time moves: then a second at a time.
      await eventually(() => expect(timers.pending()).toBe(1));
      for (let s = 0; s < 60; s++) {
        await timers.advance(1000);
        await eventually(() => expect(timers.pending()).toBe(1));
      }
      return timers.wakes;
    };
    expect(await wakesOf(['/h/.config/tilebar/bar.json'])).toEqual([SAFETY_POLL_MS]);
    // Too deep below anything that exists to be watched: the poll alone looks for it.
    expect(await wakesOf(['/h/.config/tilebar/bar.json', '/a/b/c/d/e/f/bar.json'])).toEqual(Array.from({ length: 60_000 / POLL_MS }, () => POLL_MS));
  });
});
