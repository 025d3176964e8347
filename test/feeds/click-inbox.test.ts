/**
 * The click inbox on a real directory with real file watching: appended lines arrive in order and whole, a file
 * made before the feed started is not acted on, and what a hostile or broken writer leaves there (a link to a
 * secret, a FIFO, a huge burst, a flood of lines) is removed or bounded, said once, without throwing or blocking.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
  });

  it('waits for the end of a line written in two parts (the shell creates the file, then writes)', async () => {
    const t = await inboxIn();
    t.open();
    writeFileSync(t.path, 'half');
    appendFileSync(t.path, 'way 1\nnext 2\n');
    await until(() => t.lines.length >= 2, 'both lines');
    expect(t.lines).toEqual(['halfway 1', 'next 2']);
  });

  it('removes a link planted in its place unread, skips a burst over its bound, and says each once', async () => {
    const t = await inboxIn();
    t.open();
    const secret = join(t.dir, 'secret');
    writeFileSync(secret, 'tok 1\n');
    symlinkSync(secret, t.path);
    await until(() => !existsSync(t.path), 'the link to be removed');
    expect(t.lines).toEqual([]);
    expect(readFileSync(secret, 'utf8')).toBe('tok 1\n');
    appendFileSync(t.path, `${'x'.repeat(MAX_INBOX_BYTES + 1)}\n`);
    await until(() => t.logs.some((l) => l.includes('skipped')), 'the burst to be skipped');
    appendFileSync(t.path, `${'x'.repeat(MAX_INBOX_BYTES + 1)}\n`);
    spawnSync('sh', ['-c', `echo after 1 >> ${t.path}`]);
    await until(() => t.lines.includes('after 1'), 'a click after the bursts');
    expect(t.lines).toEqual(['after 1']);
    expect(t.logs.filter((l) => l.includes('skipped'))).toHaveLength(1);
    expect(t.logs.filter((l) => l.includes('link'))).toHaveLength(1);
  });

  it('acts on at most MAX_INBOX_LINES of a flood, and removes a FIFO put in its place without blocking', async () => {
    const t = await inboxIn();
    t.open();
    writeFileSync(`${t.path}.tmp`, `${Array.from({ length: 1000 }, (_, i) => `t${i} 1`).join('\n')}\n`);
    spawnSync('mv', [`${t.path}.tmp`, t.path]);
    await until(() => t.lines.length > 0, 'the flood');
    expect(t.lines).toHaveLength(MAX_INBOX_LINES);
    rmSync(t.path);
    expect(spawnSync('mkfifo', [t.path]).status).toBe(0);
    await until(() => !existsSync(t.path), 'the FIFO to be removed');
    spawnSync('sh', ['-c', `echo after 1 >> ${t.path}`]);
    await until(() => t.lines.includes('after 1'), 'a click after the FIFO');
  });

  it('empties the file once it has read it all past a size, and goes on reading', async () => {
    const t = await inboxIn();
    t.open();
    for (let i = 0; i < 40; i++) appendFileSync(t.path, `${'a'.repeat(500)} 1\n`);
    await until(() => t.lines.length >= 40, 'the lines');
    await until(() => statSync(t.path).size === 0, 'the file to be emptied');
    appendFileSync(t.path, 'later 1\n');
    await until(() => t.lines.includes('later 1'), 'a click after emptying');
  });
});
