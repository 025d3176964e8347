/**
 * The running bar's config file watched (bar/config-file.ts), on real files: with timers that never fire, what is
 * seen is seen by the watch alone, as a user's save is; with fake timers, by the stat poll that backs it.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLL_MS, SAFETY_POLL_MS, watchConfigFile, type ConfigFileEvent } from '../../src/bar/config-file.js';
import type { Timers } from '../../src/scheduler/timers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { saveConfig, writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const never: Timers = { now: () => 0, wallNow: () => 0, setTimeout: () => undefined, clearTimeout: () => undefined };
const cleanups = cleanupsAfterEach();

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-config-file-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function watched(file: string, timers: Timers, opts: { initialText?: string; failWatch?: boolean; seeAll?: boolean } = {}) {
  const texts: string[] = [];
  const lines: string[] = [];
  const watch = await watchConfigFile(file, (e: ConfigFileEvent) => void (e.kind === 'text' ? texts.push(e.text) : undefined), {
    timers,
    log: (l) => void lines.push(l),
    ...(opts.initialText !== undefined ? { initialText: opts.initialText } : {}),
    ...(opts.seeAll !== undefined ? { watchesSeeAll: async () => opts.seeAll ?? false } : {}),
    ...(opts.failWatch
      ? {
          watchDirectory: () => {
            throw new Error('EMFILE: too many open files');
          },
        }
      : {}),
  });
  cleanups.push(() => watch.close());
  return { texts, lines };
}

describe('watchConfigFile', () => {
  it('a config that is a link into a dotfiles checkout: edits of its target show by the watch alone, in place and saved over', async () => {
    const home = await tempDir();
    const dotfiles = join(home, 'dotfiles');
    const target = await writeBarConfig(dotfiles, 'one', 'bar.json');
    const file = join(home, 'komorebi.bar.json');
    await symlink(target, file);
    const { texts } = await watched(file, never, { initialText: 'one' });
    await writeFile(target, 'two');
    await eventually(() => expect(texts).toEqual(['two']));
    await saveConfig(target, 'three');
    await eventually(() => expect(texts).toEqual(['two', 'three']));
  });

  it('a config in a linked directory: an edit shows by the watch alone', async () => {
    const home = await tempDir();
    await mkdir(join(home, 'dotfiles', 'tilebar'), { recursive: true });
    await mkdir(join(home, '.config'));
    await symlink(join(home, 'dotfiles', 'tilebar'), join(home, '.config', 'tilebar'));
    const file = await writeBarConfig(join(home, '.config', 'tilebar'), 'one');
    const { texts } = await watched(file, never, { initialText: 'one' });
    await saveConfig(join(home, 'dotfiles', 'tilebar', 'bar.json'), 'two');
    await eventually(() => expect(texts).toEqual(['two']));
  });

  it('a watch that cannot start is said once, and the stat poll alone shows edits', async () => {
    const home = await tempDir();
    const file = await writeBarConfig(home, 'one', 'komorebi.bar.json');
    const timers = new FakeTimers();
    const { texts, lines } = await watched(file, timers, { initialText: 'one', failWatch: true });
    expect(lines).toEqual([`config watcher: cannot watch ${home}: EMFILE: too many open files (the file is still checked every ${POLL_MS / 1000} s)`]);
    await saveConfig(file, 'two');
    await timers.advance(POLL_MS);
    await eventually(() => expect(texts).toEqual(['two']));
    expect(lines).toHaveLength(1);
  });

  it('a file its watch sees is looked at by the poll once a minute, where a watch is not relied on alone every 2 s', async () => {
    const home = await tempDir();
    const file = await writeBarConfig(home, 'one', 'komorebi.bar.json');
    const seen = new FakeTimers();
    await watched(file, seen, { initialText: 'one', seeAll: true });
    const unseen = new FakeTimers();
    await watched(file, unseen, { initialText: 'one', seeAll: false });
    // A second at a time, each poll's stat (real I/O) done before time moves on: its next poll is then set.
    for (const t of [seen, unseen]) {
      for (let s = 0; s < 60; s++) {
        await t.advance(1000);
        await eventually(() => expect(t.pending()).toBe(1));
      }
    }
    expect(seen.wakes).toEqual([SAFETY_POLL_MS]);
    expect(unseen.wakes).toEqual(Array.from({ length: 60_000 / POLL_MS }, () => POLL_MS));
  });
});
