/** tilebar's own files (src/io/private-file.ts): 0600, never through a symbolic link or into a FIFO. */
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLog } from '../../src/io/log.js';
import { appendPrivate, replacePrivate, writeNewPrivate } from '../../src/io/private-file.js';

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
