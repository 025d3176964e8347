/**
 * Fault injection: a link to another file swapped in at the inbox's path at the worst moment, while the inbox is
 * reading what it will then empty. The inbox empties the file it read, through the descriptor it read it from: the
 * other file keeps every byte. (Without injection the window is microseconds wide and a race test rarely hits
 * it; here it is hit every time.)
 */
import { appendFileSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/** Called inside the inbox's next read of its file, once. */
let duringRead: (() => void) | undefined;

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    readSync: (...args: Parameters<typeof real.readSync>) => {
      const n = real.readSync(...args);
      const hook = duringRead;
      duringRead = undefined;
      hook?.();
      return n;
    },
  };
});

const { openClickInbox } = await import('../../src/feeds/click-inbox.js');

const cleanups = cleanupsAfterEach();

it('empties itself through the file it read: a link swapped in at its path meanwhile never points the emptying elsewhere', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tb-inbox-swap-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'clicks');
  const victim = join(dir, 'victim');
  const precious = 'precious\n'.repeat(4096);
  writeFileSync(victim, precious);
  const lines: string[] = [];
  const inbox = openClickInbox(path, (l) => lines.push(l), () => undefined);
  cleanups.push(() => inbox.stop());
  // While the inbox reads a burst past the size at which it empties itself, its file is moved aside and a link to
  // the victim put in its place (what another process could do, in a directory it can write to).
  duringRead = () => {
    renameSync(path, `${path}.aside`);
    symlinkSync(victim, path);
  };
  appendFileSync(path, `@${'a'.repeat(1000)} 1\n`.repeat(20));
  await until(() => lines.length === 20, 'the burst to be read');
  expect(duringRead).toBeUndefined();
  expect(readFileSync(victim, 'utf8')).toBe(precious);
  // The inbox's own file was emptied, through the descriptor it read it from.
  expect(fs.statSync(`${path}.aside`).size).toBe(0);
});
