/**
 * The click inbox on a real directory with real file watching: appended lines arrive in order and whole, a file
 * made before the feed started is not acted on, and what a hostile or broken writer leaves there (a link to a
 * secret, a FIFO, a huge burst, a flood of lines) is removed or bounded, said once, without throwing or blocking.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INBOX_BYTES, MAX_INBOX_LINES, openClickInbox, removeStaleInboxes, type ClickInbox } from '../../src/feeds/click-inbox.js';
import { until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

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

  it('removes a link planted in its place unread and makes its own file anew, skips a burst over its bound, and says each once', async () => {
    const t = await inboxIn();
    t.open();
    const secret = join(t.dir, 'secret');
    writeFileSync(secret, 'tok 1\n');
    rmSync(t.path);
    symlinkSync(secret, t.path);
    await until(() => !lstatSync(t.path).isSymbolicLink(), 'the link to be replaced');
    expect(lstatSync(t.path).isFile()).toBe(true);
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

  it('acts on at most MAX_INBOX_LINES of a flood, and replaces a FIFO put in its place without blocking', async () => {
    const t = await inboxIn();
    t.open();
    writeFileSync(`${t.path}.tmp`, `${Array.from({ length: 1000 }, (_, i) => `t${i} 1`).join('\n')}\n`, { mode: 0o600 });
    spawnSync('mv', [`${t.path}.tmp`, t.path]);
    await until(() => t.lines.length > 0, 'the flood');
    expect(t.lines).toHaveLength(MAX_INBOX_LINES);
    rmSync(t.path);
    expect(spawnSync('mkfifo', [t.path]).status).toBe(0);
    await until(() => lstatSync(t.path).isFile(), 'the FIFO to be replaced by a file');
    spawnSync('sh', ['-c', `echo after 1 >> ${t.path}`]);
    await until(() => t.lines.includes('after 1'), 'a click after the FIFO');
  });

  it('reads no file that another user owns or that others can write to: said once, removed unread, made anew', async () => {
    const t = await inboxIn();
    t.open();
    const planted = (mode: number, uid?: number) => {
      rmSync(t.path, { force: true });
      writeFileSync(`${t.path}.tmp`, '@tok 1\n', { mode });
      chmodSync(`${t.path}.tmp`, mode);
      if (uid !== undefined) chownSync(`${t.path}.tmp`, uid, uid);
      renameSync(`${t.path}.tmp`, t.path);
    };
    planted(0o666);
    await until(() => (statSync(t.path).mode & 0o777) === 0o600, 'the group- and world-writable file to be replaced');
    if (process.getuid?.() === 0) {
      planted(0o600, 65534);
      await until(() => statSync(t.path).uid === 0, "another user's file to be replaced");
      expect(t.logs.filter((l) => l.includes('another user'))).toHaveLength(1);
    }
    spawnSync('sh', ['-c', `echo @after 1 >> ${t.path}`]);
    await until(() => t.lines.includes('after 1'), 'a click of our own');
    expect(t.lines).toEqual(['after 1']);
    expect(t.logs.filter((l) => l.includes('others can write'))).toHaveLength(1);
  });

  it('never swallows a click after the half line of a writer that died mid-line', async () => {
    const t = await inboxIn();
    t.open();
    // A click command killed half-way through its line: its tail has no newline.
    appendFileSync(t.path, '@dGVz');
    spawnSync('sh', ['-c', `echo @tok 1 >> ${t.path}`]);
    await until(() => t.lines.length > 0, 'the click after the tail');
    expect(t.lines).toEqual(['tok 1']);
  });

  it('drops an unterminated line past its bound up to its end, and acts on the click glued to it', async () => {
    const t = await inboxIn();
    t.open();
    // The user's own writer, gone wrong: megabytes with no newline (past the bound, as 1 GiB would be), in parts.
    for (let i = 0; i < 4; i++) appendFileSync(t.path, 'x'.repeat(MAX_INBOX_BYTES * 16));
    await until(() => t.logs.some((l) => l.includes('skipped')), 'the over-long line to be skipped');
    // The next click's command appends its line after it, as the binding does.
    spawnSync('sh', ['-c', `echo @tok 1 >> ${t.path}`]);
    spawnSync('sh', ['-c', `echo @next 2 >> ${t.path}`]);
    await until(() => t.lines.includes('next 2'), 'the click after the next one');
    expect(t.lines).toEqual(['tok 1', 'next 2']);
  });

  it('removes its own file when it stops, and no file put there since', async () => {
    const t = await inboxIn();
    const inbox = t.open();
    expect(lstatSync(t.path).isFile()).toBe(true);
    inbox.stop();
    expect(existsSync(t.path)).toBe(false);
    const other = await inboxIn();
    const second = other.open();
    rmSync(other.path);
    writeFileSync(other.path, '', { mode: 0o600 });
    second.stop();
    expect(existsSync(other.path)).toBe(true);
  });

  it('removes the inboxes of processes that are gone, and only those', async () => {
    const t = await inboxIn();
    const names = ['tmux-1.clicks', 'polybar-2.clicks', 'polybar-3.clicks', 'notes.txt', 'clicks'];
    // A place's inbox, and the claims on a server's inboxes (and a feed's socket on its way to one): named after
    // the server, or after the feed that made it.
    const claims = ['tmux-1-right.clicks', 'tmux-1-left.clicks.claim', 'tmux-3-right.clicks', 'tmux-3.clicks.claim', 'tmux-3.clicks.claim.2.1', 'tmux-1.clicks.claim.3.4'];
    for (const name of [...names, ...claims]) writeFileSync(join(t.dir, name), '');
    removeStaleInboxes(t.dir, (pid) => pid !== 3);
    expect(readdirSync(t.dir).sort()).toEqual(['clicks', 'notes.txt', 'polybar-3.clicks', 'tmux-1.clicks.claim.3.4', 'tmux-3-right.clicks', 'tmux-3.clicks.claim']);
  });
});
