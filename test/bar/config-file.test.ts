/**
 * The running bar's config file watched (bar/config-file.ts), on real files: with timers that never fire, what is
 * seen is seen by the watch alone, as a user's save is; with fake timers, by the stat poll that backs it.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULT_GRACE_MS, POLL_MS, SAFETY_POLL_MS, watchConfigFile, type ConfigFileEvent } from '../../src/bar/config-file.js';
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

  /**
   * `cp` over the config, seen by the stat poll between its two steps (issue 43): the file truncated, read empty,
   * then written. The poll alone looks, on fake timers (a watch that opens but never reports), and each step is
   * read before the next is made: the poll asks whether the watch sees all once it has read the file.
   */
  async function polled(initial: string) {
    const home = await tempDir();
    const file = await writeBarConfig(home, initial);
    const timers = new FakeTimers();
    const texts: string[] = [];
    let polls = 0;
    const watch = await watchConfigFile(file, (e: ConfigFileEvent) => void (e.kind === 'text' ? texts.push(e.text) : undefined), {
      timers,
      log: () => undefined,
      initialText: initial,
      watchDirectory: () => ({ close: () => undefined, on: () => undefined }),
      watchesSeeAll: async () => (polls++, false),
    });
    cleanups.push(() => watch.close());
    /** The next poll's reading of the file, done. */
    const poll = async () => {
      const before = polls;
      await timers.advance(POLL_MS);
      await eventually(() => expect(polls).toBeGreaterThan(before));
    };
    return { file, timers, texts, poll };
  }

  it('a copy over the file (truncated, then written) is one new text: the empty file read between is not said', async () => {
    const { file, texts, poll } = await polled('{ "left_widgets": [] }');
    await writeFile(file, '');
    await poll();
    await writeFile(file, '{ "left_widgets": [1] }');
    await poll();
    await eventually(() => expect(texts.at(-1)).toBe('{ "left_widgets": [1] }'));
    expect(texts).toEqual(['{ "left_widgets": [1] }']);
  });

  it('a text cut short waits for the grace period, and is said when it is still the text then', async () => {
    for (const cut of ['', '\ufeff \n', '{ "left_widgets": [', '{ "a": "half', '{ /* a comment']) {
      const { file, timers, texts, poll } = await polled('{}');
      await writeFile(file, cut);
      await poll();
      expect(texts, JSON.stringify(cut)).toEqual([]);
      await timers.advance(FAULT_GRACE_MS);
      await eventually(() => expect(texts).toEqual([cut]));
    }
  });

  it('a whole text, however wrong, is said at once', async () => {
    for (const whole of ['{ "left_widgets": 5 }', 'null', '{ } }', '// only a comment\n{}']) {
      const { file, texts, poll } = await polled('{}');
      await writeFile(file, whole);
      await poll();
      await eventually(() => expect(texts).toEqual([whole]));
    }
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
