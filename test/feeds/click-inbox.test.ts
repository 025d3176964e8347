/**
 * The click inbox on a real directory with real file watching: appended lines arrive in order, a file made
 * before the feed started is not acted on, and what a hostile or broken writer leaves there (a link to a secret,
 * a FIFO, a huge file, a flood of lines) is dropped or bounded, said once, without throwing or blocking.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_INBOX_BYTES, MAX_INBOX_LINES, openClickInbox, type ClickInbox } from '../../src/feeds/click-inbox.js';
import { until } from '../wait.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function inboxIn(): Promise<{ dir: string; path: string; lines: string[]; logs: string[]; open(): ClickInbox }> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-inbox-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'clicks');
  const lines: string[] = [];
  const logs: string[] = [];
  return {
    dir,
    path,
    lines,
    logs,
    open() {
      const inbox = openClickInbox(path, (l) => lines.push(l), (l) => logs.push(l));
      cleanups.push(() => inbox.stop());
      return inbox;
    },
  };
}

describe('the click inbox', () => {
  it('hands over appended lines in order, and not what was there before it opened', async () => {
    const t = await inboxIn();
    writeFileSync(t.path, 'stale 1\n');
    t.open();
    // As a host's `sh -c 'echo … >> inbox'` does, one process per click.
    for (const n of [1, 2, 3]) spawnSync('sh', ['-c', `echo tok${n} 1 >> ${t.path}`]);
    await until(() => t.lines.length >= 3, 'three clicks');
    expect(t.lines).toEqual(['tok1 1', 'tok2 1', 'tok3 1']);
    await until(() => readdirSync(t.dir).length === 0, 'the claimed file to be removed');
  });

  it('drops a link planted in its place (never reading what it points at) and a huge file, and says so once', async () => {
    const t = await inboxIn();
    t.open();
    const secret = join(t.dir, 'secret');
    writeFileSync(secret, 'tok 1\n');
    symlinkSync(secret, t.path);
    await until(() => t.logs.length > 0, 'the link to be dropped');
    expect(t.lines).toEqual([]);
    expect(existsSync(secret)).toBe(true);
    writeFileSync(t.path, 'x'.repeat(MAX_INBOX_BYTES + 1));
    appendFileSync(t.path, '\n');
    await until(() => !existsSync(t.path), 'the huge file to be claimed');
    writeFileSync(t.path, 'x'.repeat(MAX_INBOX_BYTES + 10));
    await until(() => !existsSync(t.path), 'the second huge file to be claimed');
    expect(t.lines).toEqual([]);
    expect(t.logs.filter((l) => l.includes('over'))).toHaveLength(1);
  });

  it('acts on at most MAX_INBOX_LINES of a flood, and skips a FIFO without blocking', async () => {
    const t = await inboxIn();
    t.open();
    writeFileSync(`${t.path}.tmp`, Array.from({ length: 1000 }, (_, i) => `t${i} 1`).join('\n'));
    spawnSync('mv', [`${t.path}.tmp`, t.path]);
    await until(() => t.lines.length > 0 && !existsSync(t.path), 'the flood to be claimed');
    expect(t.lines).toHaveLength(MAX_INBOX_LINES);
    expect(spawnSync('mkfifo', [t.path]).status).toBe(0);
    await until(() => !existsSync(t.path), 'the FIFO to be claimed and dropped');
    spawnSync('sh', ['-c', `echo after 1 >> ${t.path}`]);
    await until(() => t.lines.includes('after 1'), 'a click after the FIFO');
  });
});
