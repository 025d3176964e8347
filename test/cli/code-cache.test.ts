/**
 * The one-shot commands' scripts and their code cache (src/cli/code-cache.ts), through the real command: they
 * print what the ES module build prints, the cache is written once and then used, and a cache that is damaged,
 * a link, a FIFO or unwritable changes nothing the user sees.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childEnv } from '../support/child-env.js';

const MAIN = join(process.cwd(), 'dist', 'bundle', 'main.js');
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
  spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', env: childEnv({ TZ: 'UTC', XDG_CACHE_HOME: join(dir, 'cache'), NODE_DEBUG: 'tilebar', ...env }) });
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

  it('a damaged entry is refused by V8, the command is right all the same, and the entry is written again', () => {
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
      expect(said(r.stderr)[0]).toBe('none');
    }
    // The file a link pointed at is never written through it.
    expect(readFileSync(elsewhere, 'utf8')).toBe('not a cache');
  });

  it('a cache that cannot be written costs nothing but the speed-up', () => {
    // A file where the cache directory should be.
    mkdirSync(join(dir, 'cache', 'tilebar'), { recursive: true });
    writeFileSync(codeDir(), 'in the way');
    const r = tilebar(COMMANDS.schema!);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('$schema');
    expect(said(r.stderr)).toEqual(['none', expect.stringMatching(/^cannot be written/)]);
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
