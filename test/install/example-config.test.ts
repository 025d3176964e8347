/**
 * The single executables' example config, written out of the executable into the user's cache folder
 * (src/install/example-config.ts): once, the user's alone, and never into or through what another user made there.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleConfigFile, folderVariables, writtenOnce } from '../../src/install/example-config.js';
import { ExampleConfigUnwritable } from '../../src/install/example-config-error.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { childEnv } from '../support/child-env.js';

const EXAMPLE = readFileSync(join(process.cwd(), 'config.example.json'));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tilebar-example-test-'));
  dirs.push(dir);
  return dir;
}

describe('the example config an executable writes out', () => {
  it('is written once into the cache folder, readable by the user alone, and not again while it holds the same bytes', () => {
    const cache = tempDir();
    const file = exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: cache });
    expect(file).toMatch(new RegExp(`^${cache}/tilebar/config\\.example\\.[0-9a-f]{8}\\.json$`));
    expect(readFileSync(file)).toEqual(EXAMPLE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(cache, 'tilebar')).mode & 0o777).toBe(0o700);
    const first = statSync(file);
    expect(exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: cache })).toBe(file);
    const again = statSync(file);
    expect([again.ino, again.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
    // Another version's example goes beside it, under its own name: a running bar never sees the other's.
    const other = exampleConfigFile(Buffer.from('{}\n'), { XDG_CACHE_HOME: cache });
    expect(other).not.toBe(file);
    expect(readFileSync(file)).toEqual(EXAMPLE);
  });

  it('writes over a file at its name that holds other bytes, and replaces a link there without writing through it', () => {
    const dir = tempDir();
    const file = writtenOnce(dir, EXAMPLE);
    writeFileSync(file, '{ "left_widgets": [] }');
    expect(writtenOnce(dir, EXAMPLE)).toBe(file);
    expect(readFileSync(file)).toEqual(EXAMPLE);
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine');
    rmSync(file);
    symlinkSync(victim, file);
    expect(writtenOnce(dir, EXAMPLE)).toBe(file);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file)).toEqual(EXAMPLE);
    expect(readFileSync(victim, 'utf8')).toBe('mine');
  });
});

describe('where the example config cannot be written at all', () => {
  it('says so, naming both places and a way out, as the user\'s problem (ExampleConfigUnwritable): never a bare system error', () => {
    // A cache folder that cannot be one (a file: unwritable even by root), and a TMPDIR that is a file too.
    const dir = tempDir();
    const notAFolder = join(dir, 'cache');
    writeFileSync(notAFolder, '');
    const saved = process.env.TMPDIR;
    // Not a folder: nothing can be made in it (a missing one would be made, as a cache's missing levels are).
    writeFileSync(join(dir, 'not-a-tmp'), '');
    process.env.TMPDIR = join(dir, 'not-a-tmp');
    try {
      let thrown: unknown;
      try {
        exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: notAFolder });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ExampleConfigUnwritable);
      const message = (thrown as Error).message;
      expect(message).toContain(join(notAFolder, 'tilebar'));
      expect(message).toContain(join(dir, 'not-a-tmp'));
      expect(message).toContain('--config');
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe('the way out it names', () => {
  // The cache folder is %LOCALAPPDATA%'s on Windows and ~/Library/Caches on macOS: XDG_CACHE_HOME moves neither.
  it('is the variables that move the folders on that platform', () => {
    expect(folderVariables('linux')).toBe('XDG_CACHE_HOME or TMPDIR');
    expect(folderVariables('win32')).toBe('LOCALAPPDATA or TEMP');
    expect(folderVariables('darwin')).toBe('TMPDIR');
  });
});

/** Runs `command` as nobody (the suite runs as root in CI). */
function asNobody(...args: string[]): void {
  const r = spawnSync('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', ...args], { encoding: 'utf8', env: childEnv() });
  expect(r.status, r.stderr).toBe(0);
}

describe.skipIf(process.getuid?.() !== 0)('in a shared cache folder where another user came first', () => {
  it("writes nothing into another user's folder: a private temporary folder of its own takes its place", () => {
    const shared = tempDir();
    chmodSync(shared, 0o1777);
    chmodSync(join(shared, '..'), 0o755);
    asNobody('/bin/mkdir', '-m', '777', join(shared, 'tilebar'));
    const file = exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: shared });
    expect(file.startsWith(join(shared, 'tilebar'))).toBe(false);
    expect(readFileSync(file)).toEqual(EXAMPLE);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(shared, 'tilebar'))).toEqual([]);
    // The same temporary folder at the next start: none piles up for as long as the cache folder is refused.
    expect(exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: shared })).toBe(file);
    rmSync(join(file, '..'), { recursive: true, force: true });
  });

  it("takes a fresh private folder when another user made the temporary folder's name first", () => {
    const shared = tempDir();
    chmodSync(shared, 0o1777);
    chmodSync(join(shared, '..'), 0o755);
    asNobody('/bin/mkdir', '-m', '777', join(shared, 'tilebar'));
    // A temporary directory as /tmp is: anyone may make a name in it.
    const tmp = tempDir();
    chmodSync(tmp, 0o1777);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const squatted = join(tmp, `tilebar-example-${process.getuid?.() ?? 'user'}`);
    asNobody('/bin/mkdir', '-m', '777', squatted);
    try {
      const file = exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: shared });
      expect(file.startsWith(squatted)).toBe(false);
      expect(readFileSync(file)).toEqual(EXAMPLE);
      expect(readdirSync(squatted)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it("makes nothing through another user's link to a folder of the user's", () => {
    const shared = tempDir();
    chmodSync(shared, 0o1777);
    chmodSync(join(shared, '..'), 0o755);
    const victims = tempDir();
    asNobody('/bin/ln', '-s', victims, join(shared, 'tilebar'));
    const file = exampleConfigFile(EXAMPLE, { XDG_CACHE_HOME: shared });
    expect(readFileSync(file)).toEqual(EXAMPLE);
    expect(readdirSync(victims)).toEqual([]);
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});

