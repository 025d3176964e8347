#!/usr/bin/env node
// Bytes allocated per frame by a running bar: the example config through Ink and with `--renderer direct`, in real
// 160×1 and 160×3 tmux panes side by side, each with bench/entries/probe.cjs loaded (NODE_OPTIONS=--require), which
// runs V8's sampling heap profiler over a window of the bar's life with every object counted, collected or not —
// what the collector has to sweep up. Frames are the bar's writes to its terminal (an unchanged frame writes
// nothing, but the work that found it unchanged is counted). Per program: bytes a frame, and which packages (or
// tilebar folders) allocate them, through the bundle's source maps.
// ALLOC_FROM (20) and ALLOC_TO (80): the window, in seconds of each process; ALLOC_INTERVAL (4096): the profiler's
// mean bytes between samples. BENCH_OTHER (another built checkout) runs its four beside these, on BENCH_OTHER_NODE
// (default: this Node). ALLOC_ONLY=ink or direct runs one renderer; ALLOC_KEEP=<dir> keeps the profiles;
// ALLOC_FUNCTIONS=<n> lists each program's n functions that allocate most.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';
import { originalPosition, packageOf } from './bundle-sources.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FROM = Number(process.env.ALLOC_FROM ?? 20);
const TO = Number(process.env.ALLOC_TO ?? 80);
const INTERVAL = Number(process.env.ALLOC_INTERVAL ?? 4096);
const ONLY = process.env.ALLOC_ONLY;
const other = process.env.BENCH_OTHER;
const otherNode = process.env.BENCH_OTHER_NODE || process.execPath;
if (spawnSync('tmux', ['-V']).status !== 0) {
  console.log('alloc-frame: skipped, tmux is not installed');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'tilebar-alloc-'));
const probe = join(root, 'bench', 'entries', 'probe.cjs');
const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;

const programs = [];
for (const [who, checkout, node] of [['this', root, process.execPath], ...(other ? [['other', other, otherNode]] : [])]) {
  for (const renderer of ['ink', 'direct']) {
    if (ONLY && ONLY !== renderer) continue;
    for (const rows of [1, 3]) {
      const name = `${who === 'other' ? 'other: ' : ''}${renderer === 'ink' ? 'through Ink' : '--renderer direct'}, 160×${rows}`;
      programs.push({ name, checkout, node, rows, args: renderer === 'direct' ? ['--renderer', 'direct'] : [], out: join(dir, `${programs.length}.jsonl`) });
    }
  }
}

const nodeVersion = (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
const live = programs.map((p, i) => {
  const socket = join(dir, `tmux-${i}`);
  const home = join(dir, `home-${i}`);
  mkdirSync(home);
  // As the command's #! line starts node (its flags), with the checkout's node.
  const command = [p.node, ...nodeArgs(join(p.checkout, 'dist', 'bundle', 'main.js'), 'run', '--config', join(p.checkout, 'config.example.json'), '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/', '--log', join(dir, `${i}.log`), ...p.args)];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CACHE_HOME: join(home, '.cache'),
    TERM: 'xterm-256color',
    COLORTERM: 'truecolor',
    TZ: 'UTC',
    TILEBAR_STANDALONE: '1',
    NODE_OPTIONS: `--require ${probe}`,
    TILEBAR_PROBE_OUT: p.out,
    TILEBAR_PROBE_ALLOC: `${FROM},${TO}`,
    TILEBAR_PROBE_INTERVAL: String(INTERVAL),
  };
  const shell = `exec env -i ${Object.entries(env).map(([k, v]) => `${k}=${q(v)}`).join(' ')} ${command.map(q).join(' ')}`;
  execFileSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'a', '-x', '160', '-y', String(p.rows), shell]);
  return { p, socket };
});
const stop = () => {
  for (const { socket } of live) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(dir, { recursive: true, force: true });
};
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.on(signal, () => (stop(), process.exit(status)));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The probe writes its profile at TO s of its process's life; wait for every one (a busy machine writes late).
for (let waited = 0; waited < (TO + 60) * 1000 && !live.every(({ p }) => existsSync(p.out) && readFileSync(p.out, 'utf8').includes('"alloc"')); waited += 1000) await sleep(1000);
for (const { socket } of live) spawnSync('tmux', ['-S', socket, 'send-keys', '-t', 'a', 'q']);
await sleep(1000);

/**
 * Total, per-package and per-function self size of an allocation profile's tree. A built-in with no source of its
 * own (an iterator's `next`, `map`, a Set) is counted where it was called from: the nearest frame with a source.
 */
function summarise(profile) {
  const byPackage = new Map();
  const byFunction = new Map();
  let total = 0;
  const walk = (node, inherited) => {
    const own = node.callFrame.url ? { pkg: packageOf(node.callFrame), fn: functionOf(node.callFrame) } : undefined;
    const where = own ?? inherited ?? { pkg: packageOf(node.callFrame), fn: node.callFrame.functionName || '(native)' };
    if (node.selfSize > 0) {
      byPackage.set(where.pkg, (byPackage.get(where.pkg) ?? 0) + node.selfSize);
      byFunction.set(where.fn, (byFunction.get(where.fn) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children ?? []) walk(child, where);
  };
  walk(profile.head, undefined);
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, byPackage: sorted(byPackage), byFunction: sorted(byFunction) };
}
/** A frame as its original file, line and name (the bundle's source maps), for ALLOC_FUNCTIONS. */
function functionOf(frame) {
  const pos = originalPosition(frame);
  if (!pos?.source) return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}`;
  return `${pos.source.replace(/^.*?((?:node_modules\/(?:@[^/]+\/)?[^/]+|src|widgets|themes)\/)/, '$1')}:${pos.line} ${frame.functionName || pos.name || ''}`;
}

console.log(`bytes allocated per frame, the example config in 160-column tmux panes, all side by side, sampled from ${FROM} s to ${TO} s of each process (V8's sampling heap profiler every ~${INTERVAL} bytes, collected objects included); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(`this checkout: Node ${nodeVersion(process.execPath)}${other ? `; other (${other}): Node ${nodeVersion(otherNode)}` : ''}`);
console.log(`${'program'.padEnd(32)} ${'frames'.padStart(7)} ${'MB in window'.padStart(12)} ${'KB/frame'.padStart(9)}  largest allocators, KB/frame`);
const results = [];
for (const { p } of live) {
  const found = existsSync(p.out) ? readFileSync(p.out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const alloc = found.find((x) => x.alloc)?.alloc;
  if (!alloc) {
    console.log(`${p.name.padEnd(32)} no profile (${found.find((x) => x.error)?.error ?? 'the bar did not live to the window\'s end'})`);
    continue;
  }
  if (process.env.ALLOC_KEEP) {
    mkdirSync(process.env.ALLOC_KEEP, { recursive: true });
    copyFileSync(p.out, join(process.env.ALLOC_KEEP, `${p.name.replace(/[^a-z0-9]+/gi, '-')}.jsonl`));
  }
  const { total, byPackage, byFunction } = summarise(alloc.profile);
  const perFrame = total / Math.max(1, alloc.frames);
  results.push({ name: p.name, perFrame });
  const top = byPackage.slice(0, 6).map(([k, b]) => `${k} ${(b / Math.max(1, alloc.frames) / 1024).toFixed(0)}`).join(', ');
  console.log(`${p.name.padEnd(32)} ${String(alloc.frames).padStart(7)} ${(total / 1048576).toFixed(1).padStart(12)} ${(perFrame / 1024).toFixed(0).padStart(9)}  ${top}`);
  // ALLOC_FUNCTIONS=<n>: the n functions that allocate most, by their original source.
  for (const [k, b] of byFunction.slice(0, Number(process.env.ALLOC_FUNCTIONS ?? 0))) console.log(`    ${(b / Math.max(1, alloc.frames) / 1024).toFixed(1).padStart(7)} KB  ${k}`);
}
if (other) {
  console.log('this ÷ other, bytes a frame:');
  for (const r of results.filter((x) => !x.name.startsWith('other: '))) {
    const o = results.find((x) => x.name === `other: ${r.name}`);
    if (o) console.log(`  ${r.name.padEnd(30)} ${(r.perFrame / o.perFrame).toFixed(2)}×`);
  }
}
stop();
