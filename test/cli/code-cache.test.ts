/**
 * The one-shot commands' scripts and their code cache (src/cli/code-cache.ts), through the real command: they
 * print what the ES module build prints, the cache is written once and then used, and a cache that is damaged,
 * a link, a FIFO or unwritable changes nothing the user sees.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const EXAMPLE = join(process.cwd(), 'config.example.json');
const READINGS = ['--set', 'cpu=37', '--set', 'memory=52', '--set', 'battery=81', '--set', 'storage./=64', '--set', 'update=0.1.0', '--set', 'keyboard=us'];
const COMMANDS: Record<string, string[]> = {
  check: ['check', EXAMPLE],
  preview: ['preview', '--config', EXAMPLE, '--format', 'ansi', '--color', 'truecolor', '--width', '150', '--at', '2024-09-08T09:05:03Z', ...READINGS],
  thresholds: ['thresholds', '--config', EXAMPLE, '--color', 'none', ...READINGS, '--set', 'network.received=10', '--set', 'network.transmitted=10', '--set', 'network.interface=eth0'],
  themes: ['themes', 'Ashes', '--color', 'truecolor'],
  schema: ['schema', '--variant', 'B'],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilebar-code-cache-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const codeDir = () => join(dir, 'cache', 'tilebar', 'code');
const tilebar = (args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, tilebarArgs(...args), { encoding: 'utf8', env: childEnv({ TZ: 'UTC', XDG_CACHE_HOME: join(dir, 'cache'), NODE_DEBUG: 'tilebar', ...env }) });
/** What NODE_DEBUG=tilebar says of the cache: none, used, refused by V8, written (n bytes), cannot be written. */
const said = (stderr: string) => [...stderr.matchAll(/code cache \S+: (.*)/g)].map((m) => m[1]?.replace(/ \(\d+ bytes\)/, ''));
const entries = () => (existsSync(codeDir()) ? readdirSync(codeDir()) : []);

describe('one-shot commands run from their own scripts with a code cache', () => {
  it('print exactly what the ES module build prints, write the cache on the first run and use it on the next', () => {
    for (const [name, args] of Object.entries(COMMANDS)) {
      // The scripts first, with an empty cache of validated models; then the ES modules, to compare.
      const runs = [tilebar(args), tilebar(args), tilebar(args), tilebar(args)];
      const modules = tilebar(args, { TILEBAR_CODE_CACHE: '0' });
      expect(modules.status, `${name}: ${modules.stderr}`).toBe(0);
      expect(said(modules.stderr), name).toEqual([]);
      for (const r of runs) {
        expect(r.status, `${name}: ${r.stderr}`).toBe(0);
        expect(r.stdout, name).toBe(modules.stdout);
      }
      const story = runs.map((r) => said(r.stderr));
      if (name === 'preview') {
        // The first run validated the config (an empty cache of models); the next took its model from the cache
        // and dropped the entry, which held the checker too; the one after writes the lean entry the rest use.
        expect(story, name).toEqual([['none', 'written'], ['used', 'removed, to be written again by a run on the usual path'], ['none', 'written'], ['used']]);
        expect(entries().find((e) => e.startsWith(`oneshot-${name}-`)), name).toMatch(/-cached\.v8$/);
      } else if (name === 'thresholds') {
        // The same config, validated by the previews before: its first entry is already the lean one.
        expect(story, name).toEqual([['none', 'written'], ['used'], ['used'], ['used']]);
        expect(entries().find((e) => e.startsWith(`oneshot-${name}-`)), name).toMatch(/-cached\.v8$/);
      } else {
        expect(story, name).toEqual([['none', 'written'], ['used'], ['used'], ['used']]);
      }
    }
    expect(entries().sort().map((e) => e.split('-')[1])).toEqual(['check', 'preview', 'schema', 'themes', 'thresholds']);
    expect(entries().find((e) => e.startsWith('oneshot-check-'))).toMatch(/-validated\.v8$/);
    // tilebar's own files: the user's alone.
    expect(statSync(codeDir()).mode & 0o777).toBe(0o700);
    for (const e of entries()) expect(statSync(join(codeDir(), e)).mode & 0o777, e).toBe(0o600);
  });

  it('a damaged entry fails its seal before V8 sees it: removed, the command right all the same, and written again', () => {
    expect(tilebar(COMMANDS.check!).status).toBe(0);
    const [entry] = entries();
    const file = join(codeDir(), entry!);
    const good = readFileSync(file);
    const damaged = Buffer.from(good);
    for (let i = 0; i < damaged.length; i += 7) damaged[i] = (damaged[i]! + 1) % 256;
    writeFileSync(file, damaged);
    const r = tilebar(COMMANDS.check!);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ok (variant A');
    expect(said(r.stderr)).toEqual(['its seal does not hold; removed, to be written again', 'none', 'written']);
    expect(said(tilebar(COMMANDS.check!).stderr)).toEqual(['used']);
  });

  /**
   * V8 does not checksum a code cache in a release build: a few flipped bits in the user's own entry used to crash
   * every later one-shot command (SIGSEGV, SIGTRAP; 17 of 20 runs) until the user deleted it. Random flips and
   * truncations of a good entry: every run answers as it should, none crashes or hangs.
   */
  it('never crashes on an entry with flipped bits or cut short (property)', () => {
    expect(tilebar(COMMANDS.check!).status).toBe(0);
    const [entry] = entries();
    const file = join(codeDir(), entry!);
    const good = readFileSync(file);
    const damage = fc.oneof(
      fc.record({ flips: fc.array(fc.record({ at: fc.nat({ max: good.length - 1 }), bit: fc.integer({ min: 0, max: 7 }) }), { minLength: 1, maxLength: 8 }) }),
      fc.record({ cut: fc.nat({ max: good.length - 1 }) }),
    );
    fc.assert(
      fc.property(damage, (d) => {
        const bytes = Buffer.from(good);
        if ('flips' in d) for (const f of d.flips) bytes[f.at] = bytes[f.at]! ^ (1 << f.bit);
        writeFileSync(file, 'cut' in d ? bytes.subarray(0, d.cut) : bytes, { mode: 0o600 });
        const r = tilebar(COMMANDS.check!);
        expect(r.signal, r.stderr).toBeNull();
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toContain('ok (variant A');
        // Put back for the next case (a run that refused the entry wrote a good one anyway).
        writeFileSync(file, good, { mode: 0o600 });
      }),
      { numRuns: 24, seed: 6 },
    );
  });

  /**
   * V8's cache data holds its version and flags, which differ between Node's lines; the entry's name carries
   * Node's version, so another Node's entry is never looked for, and one V8 refuses all the same (the same
   * version string with other V8 flags: NODE_OPTIONS, or a patched build) costs a compile, then is replaced.
   * Made here as V8 would make it under `--no-opt` (a flag that changes V8's flag hash on every line), sealed as
   * tilebar seals its own, under the name this run looks for.
   */
  it('an entry V8 refuses (made under other V8 flags) is compiled past, replaced after the run, and used next', () => {
    expect(tilebar(COMMANDS.check!).status).toBe(0);
    const [name] = entries();
    expect(name).toContain(`-${process.version}-${process.arch}-`);
    const file = join(codeDir(), name!);
    const script = join(process.cwd(), 'dist', 'bundle', 'oneshot-check.cjs');
    const made = spawnSync(process.execPath, ['--no-opt', '-e', OTHER_FLAGS_CACHE, script, file], { encoding: 'utf8', env: childEnv() });
    expect(made.status, made.stderr).toBe(0);
    const r = tilebar(COMMANDS.check!);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ok (variant A');
    expect(said(r.stderr)).toEqual(['refused by V8', 'written']);
    expect(said(tilebar(COMMANDS.check!).stderr)).toEqual(['used']);
  });

  it('an entry that is a link, a FIFO or a directory is not read, and nothing hangs', () => {
    expect(tilebar(COMMANDS.themes!).status).toBe(0);
    const [entry] = entries();
    const file = join(codeDir(), entry!);
    const elsewhere = join(dir, 'elsewhere');
    writeFileSync(elsewhere, 'not a cache');
    for (const plant of [() => symlinkSync(elsewhere, file), () => spawnSync('mkfifo', [file]), () => mkdirSync(file)]) {
      rmSync(file, { recursive: true, force: true });
      plant();
      const r = tilebar(COMMANDS.themes!);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Ashes');
      expect(said(r.stderr).slice(0, 2)).toEqual([expect.stringMatching(/^not read \(.* (is a symbolic link, which is not followed here|is not a regular file)\)$/), 'none']);
    }
    // The file a link pointed at is never written through it.
    expect(readFileSync(elsewhere, 'utf8')).toBe('not a cache');
  });

  it('a cache directory that cannot be used costs nothing but the speed-up', () => {
    // A file where the cache directory should be.
    mkdirSync(join(dir, 'cache', 'tilebar'), { recursive: true });
    writeFileSync(codeDir(), 'in the way');
    const r = tilebar(COMMANDS.schema!);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('$schema');
    expect(said(r.stderr)).toEqual([`not used (${codeDir()} is not a directory)`, 'none']);
    expect(readdirSync(join(dir, 'cache', 'tilebar'))).toEqual(['code']);
  });

  it('keeps one entry per command: those of another build or Node are removed when a new one is written', () => {
    mkdirSync(codeDir(), { recursive: true, mode: 0o700 });
    const old = join(codeDir(), 'oneshot-themes-0000000000000000-1-1-v20.0.0-x64-cached.v8');
    writeFileSync(old, 'from another build');
    chmodSync(old, 0o600);
    const keep = join(codeDir(), 'notes.txt');
    writeFileSync(keep, 'not ours to remove');
    expect(tilebar(COMMANDS.themes!).status).toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(keep)).toBe(true);
    expect(entries().filter((e) => e.startsWith('oneshot-themes-'))).toHaveLength(1);
  });
});

/**
 * Another user's code cache must never run as the user. V8 takes a cache compiled from any source of the same
 * length, so `nobody`, making `tilebar/code` first in a shared `XDG_CACHE_HOME` (sticky, world-writable), planted
 * the cache of a function of its own padded to the script's length, under the name its own run showed with
 * NODE_DEBUG=tilebar, and the victim's `tilebar check` ran it. Planted here both bare (as the attack did) and
 * sealed as tilebar seals its own (the seal is against damage, not a secret): neither runs, and the victim writes
 * nothing into nobody's directory.
 */
describe.skipIf(process.getuid?.() !== 0)('a code cache another user planted', () => {
  it('is never loaded: the directory is not the user’s, so it is not used at all', () => {
    // The entry's name, from a run of the user's own (as nobody would learn it from a run of theirs).
    expect(tilebar(COMMANDS.check!).status).toBe(0);
    const [name] = entries();
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const marker = join(dir, 'shared', 'RAN');
    const asNobody = (command: string) => {
      const r = spawnSync('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/sh', '-c', command], { encoding: 'utf8', env: childEnv() });
      expect(r.status, r.stderr).toBe(0);
    };
    chmodSync(dir, 0o755);
    const planted = join(shared, 'tilebar', 'code', name!);
    asNobody(`mkdir -p '${join(shared, 'tilebar', 'code')}'`);
    const script = join(process.cwd(), 'dist', 'bundle', 'oneshot-check.cjs');
    const evil = join(dir, 'evil.v8');
    const made = spawnSync(process.execPath, ['-e', EVIL_CACHE, script, marker, evil], { encoding: 'utf8', env: childEnv() });
    expect(made.status, made.stderr).toBe(0);
    const bare = readFileSync(evil);
    const source = readFileSync(script);
    const seal = Buffer.alloc(4);
    seal.writeUInt32BE(crc32(bare, crc32(source, crc32(`${source.length}\0`))));
    for (const plant of [bare, Buffer.concat([Buffer.from('tbv8crc1', 'latin1'), seal, bare])]) {
      writeFileSync(evil, plant);
      chmodSync(evil, 0o644);
      asNobody(`cp '${evil}' '${planted}' && chmod 644 '${planted}'`);
      const r = tilebar(COMMANDS.check!, { XDG_CACHE_HOME: shared });
      expect(existsSync(marker), r.stderr).toBe(false);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('ok (variant A');
      expect(r.stderr).toContain(`code cache ${join(shared, 'tilebar', 'code')}: not used (${join(shared, 'tilebar')} belongs to another user (uid ${UNPRIVILEGED.uid}))`);
      expect(readdirSync(join(shared, 'tilebar', 'code'))).toEqual([name]);
    }
  });
});

describe.skipIf(process.getuid?.() !== 0)('a shared cache directory another user linked elsewhere', () => {
  // nobody makes `tilebar` in a shared XDG_CACHE_HOME a link to a directory of the victim's: the victim's commands
  // used to make their caches and notes there (mkdir -p through the link), and a feed's note was never read back.
  it('has nothing made through the link: no code cache, no model cache', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    chmodSync(dir, 0o755);
    const victims = join(dir, 'victims-own');
    mkdirSync(victims, { mode: 0o700 });
    const r0 = spawnSync('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/ln', '-s', victims, join(shared, 'tilebar')], { encoding: 'utf8', env: childEnv() });
    expect(r0.status, r0.stderr).toBe(0);
    for (const args of [COMMANDS.check!, COMMANDS.preview!]) {
      const r = tilebar(args, { XDG_CACHE_HOME: shared });
      expect(r.status, r.stderr).toBe(0);
    }
    expect(readdirSync(victims)).toEqual([]);
  });
});

/** `node --no-opt -e OTHER_FLAGS_CACHE <script> <entry>`: the script's own cache data, made under other flags, sealed. */
const OTHER_FLAGS_CACHE = `
const vm = require('node:vm');
const fs = require('node:fs');
const { crc32 } = require('node:zlib');
const [script, entry] = process.argv.slice(1);
const bytes = fs.readFileSync(script);
const s = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + bytes.toString('latin1') + '\\n})', { filename: script });
const data = s.createCachedData();
const seal = Buffer.alloc(4);
seal.writeUInt32BE(crc32(data, crc32(bytes, crc32(bytes.length + '\\0'))));
fs.writeFileSync(entry, Buffer.concat([Buffer.from('tbv8crc1', 'latin1'), seal, data]), { mode: 0o600 });
`;

/** `node -e EVIL_CACHE <script> <marker> <out>`: a V8 code cache of other code, padded to the script's length. */
const EVIL_CACHE = `
const vm = require('node:vm');
const fs = require('node:fs');
const [script, marker, out] = process.argv.slice(1);
const source = fs.readFileSync(script).toString('latin1');
let body = 'module.exports = { run: async () => { require("node:fs").writeFileSync(' + JSON.stringify(marker) + ', "ran"); return 0; }, validated: () => true };';
body += ' '.repeat(source.length - body.length);
const s = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + body + '\\n})', { filename: script });
const m = { exports: {} };
s.runInThisContext().call(m.exports, m.exports, require, m, script, '.');
const write = fs.writeFileSync;
fs.writeFileSync = () => {};
m.exports.run().then(() => {
  fs.writeFileSync = write;
  fs.writeFileSync(out, s.createCachedData());
});
`;
