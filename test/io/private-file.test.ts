/** tilebar's own files (src/io/private-file.ts): 0600, never through a symbolic link or into a FIFO. */
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLog } from '../../src/io/log.js';
import { appendPrivate, RENAME_RETRY_MS, renameOverWith, replacePrivate, writeNewPrivate } from '../../src/io/private-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'tilebar-private-'));
  dirs.push(d);
  return d;
};

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('are created 0600, and an existing one with wider permissions is narrowed', () => {
    const dir = fresh();
    appendPrivate(join(dir, 'a.log'), 'one\n');
    appendPrivate(join(dir, 'a.log'), 'two\n');
    expect(readFileSync(join(dir, 'a.log'), 'utf8')).toBe('one\ntwo\n');
    expect(statSync(join(dir, 'a.log')).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, 'b.log'), 'old\n');
    chmodSync(join(dir, 'b.log'), 0o644);
    appendPrivate(join(dir, 'b.log'), 'new\n');
    expect(statSync(join(dir, 'b.log')).mode & 0o777).toBe(0o600);
  });

  it('never write through a symbolic link at their path, nor into a FIFO, nor over an existing temporary file', () => {
    const dir = fresh();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(dir, 'tilebar.log'));
    expect(() => appendPrivate(join(dir, 'tilebar.log'), 'x\n')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    // Without a reader a FIFO cannot be opened for writing without blocking: refused at once, not a hang.
    expect(() => appendPrivate(join(dir, 'fifo'), 'x\n')).toThrow();
    symlinkSync(victim, join(dir, 'entry.tmp'));
    expect(() => writeNewPrivate(join(dir, 'entry.tmp'), 'x')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('the bar’s log writes nothing through a link planted at its path, and never throws', () => {
    const dir = fresh();
    const victim = join(dir, '.bashrc');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(dir, 'tilebar.log'));
    const log = fileLog(join(dir, 'tilebar.log'));
    expect(() => log('config reloaded')).not.toThrow();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    const own = fileLog(join(dir, 'state', 'tilebar.log'));
    own('started');
    expect(readFileSync(join(dir, 'state', 'tilebar.log'), 'utf8')).toMatch(/started\n$/);
    expect(statSync(join(dir, 'state', 'tilebar.log')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
  });

  it('are replaced whole: 0600, a link at the path replaced rather than written through, nothing left beside when it fails', () => {
    const dir = fresh();
    const info = join(dir, 'core.json');
    replacePrivate(info, 'one');
    replacePrivate(info, 'two');
    expect(readFileSync(info, 'utf8')).toBe('two');
    expect(statSync(info).mode & 0o777).toBe(0o600);
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious\n');
    const linked = join(dir, 'linked.json');
    symlinkSync(victim, linked);
    replacePrivate(linked, 'mine');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(linked).isFile()).toBe(true);
    // A directory in the way: the rename fails, and the file written beside it is removed.
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'x'), '');
    expect(() => replacePrivate(join(dir, 'taken'), 'x')).toThrow();
    expect(readdirSync(dir).sort()).toEqual(['core.json', 'linked.json', 'taken', 'victim']);
  });
});

describe('replacing a file another process holds open (Windows)', () => {
  const busy = (code: string) => Object.assign(new Error(`${code}: operation not permitted, rename`), { code });
  /** A rename that fails `times` times with `code`, then renames; a clock moved only by the waits. */
  const world = (platform: NodeJS.Platform, code: string, times: number) => {
    let clock = 0;
    const calls: string[] = [];
    const waits: number[] = [];
    const rename = renameOverWith({
      rename: (from, to) => {
        calls.push(`${from}->${to}`);
        if (calls.length <= times) throw busy(code);
      },
      platform,
      now: () => clock,
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    return { rename, calls, waits };
  };

  it('tries the rename again while the other process keeps the file open, then it is in place', () => {
    for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
      const w = world('win32', code, 3);
      w.rename('key.tmp', 'key');
      expect(w.calls).toHaveLength(4);
      expect(w.waits).toEqual([5, 10, 20]);
    }
  });

  it('gives up after RENAME_RETRY_MS, and says why', () => {
    const w = world('win32', 'EPERM', Number.POSITIVE_INFINITY);
    expect(() => w.rename('key.tmp', 'key')).toThrow(/EPERM/);
    expect(w.waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RENAME_RETRY_MS);
    expect(Math.max(...w.waits)).toBe(100);
  });

  it('does not wait for another error, nor on other systems (a rename there replaces an open file)', () => {
    const other = world('win32', 'ENOENT', 1);
    expect(() => other.rename('key.tmp', 'key')).toThrow(/ENOENT/);
    expect(other.calls).toHaveLength(1);
    const linux = world('linux', 'EPERM', 1);
    expect(() => linux.rename('key.tmp', 'key')).toThrow(/EPERM/);
    expect(linux.waits).toEqual([]);
  });

  it('puts the file in place through a rename that was refused once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-private-'));
    dirs.push(dir);
    let refused = 0;
    const rename = renameOverWith({
      rename: (from, to) => {
        if (refused++ === 0) throw busy('EPERM');
        renameSync(from, to);
      },
      platform: 'win32',
      now: () => 0,
      sleep: () => undefined,
    });
    replacePrivate(join(dir, 'core.key'), 'secret', rename);
    expect(readFileSync(join(dir, 'core.key'), 'utf8')).toBe('secret');
    expect(readdirSync(dir)).toEqual(['core.key']);
  });
});
