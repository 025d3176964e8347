#!/usr/bin/env node
// A long run of the example bar through Ink, for what a minute hides: resident memory and where it is, sampled
// every SOAK_EVERY (30) s for SOAK_SECONDS (600), by bench/entries/probe.cjs inside each bar — VmRSS and its peak
// (VmHWM), V8's heap (committed and used; its new and code spaces apart), what lives outside V8's heap but is
// counted by it (`external`: ArrayBuffers, and Yoga's WebAssembly memory among them), and the rest of the RSS
// (the node binary's pages, malloc's heap, compiled WebAssembly, thread stacks). All programs side by side in
// tmux panes: this checkout's example at 160×1 and 160×3; with BENCH_OTHER, that checkout's too (on
// BENCH_OTHER_NODE); SOAK_VARIANTS adds this checkout's 160×3 bar started with other V8 flags, as
// `name=--flag --flag|name=--flag` (given to node before the command, so they come before the bar's own).
// CPU s/min over the last SOAK_CPU_WINDOW (60) s of the run is printed beside each, to see what a flag costs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const EVERY = Number(process.env.SOAK_EVERY ?? 30);
const CPU_WINDOW = Number(process.env.SOAK_CPU_WINDOW ?? 60);
const other = process.env.BENCH_OTHER;
const otherNode = process.env.BENCH_OTHER_NODE || process.execPath;
if (spawnSync('tmux', ['-V']).status !== 0) {
  console.log('soak: skipped, tmux is not installed');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'tilebar-soak-'));
const probe = join(root, 'bench', 'entries', 'probe.cjs');
const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;

const programs = [
  { name: 'example, 160×1', checkout: root, node: process.execPath, rows: 1, flags: [] },
  { name: 'example, 160×3', checkout: root, node: process.execPath, rows: 3, flags: [] },
  ...(process.env.SOAK_VARIANTS ?? '')
    .split('|')
    .filter(Boolean)
    .map((v) => {
      const at = v.indexOf('=');
      const [name, flags] = at < 0 ? [v, ''] : [v.slice(0, at), v.slice(at + 1)];
      return { name: `160×3, ${name}`, checkout: root, node: process.execPath, rows: 3, flags: flags.split(' ').filter(Boolean) };
    }),
  ...(other
    ? [
        { name: 'other: example, 160×1', checkout: other, node: otherNode, rows: 1, flags: [] },
        { name: 'other: example, 160×3', checkout: other, node: otherNode, rows: 3, flags: [] },
      ]
    : []),
];
const nodeVersion = (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
const live = programs.map((p, i) => {
  const socket = join(dir, `tmux-${i}`);
  const home = join(dir, `home-${i}`);
  mkdirSync(home);
  const out = join(dir, `${i}.jsonl`);
  // As the command's #! line starts node (its flags), with the checkout's node; a variant's flags first.
  const command = [p.node, ...p.flags, ...nodeArgs(join(p.checkout, 'dist', 'bundle', 'main.js'), 'run', '--config', join(p.checkout, 'config.example.json'), '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/', '--log', join(dir, `${i}.log`))];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: join(home, '.cache'), TERM: 'xterm-256color', COLORTERM: 'truecolor', TZ: 'UTC', TILEBAR_STANDALONE: '1', NODE_OPTIONS: `--require ${probe}`, TILEBAR_PROBE_OUT: out, TILEBAR_PROBE_MEMORY: String(EVERY) };
  execFileSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 's', '-x', '160', '-y', String(p.rows), `exec env -i ${Object.entries(env).map(([k, v]) => `${k}=${q(v)}`).join(' ')} ${command.map(q).join(' ')}`]);
  const pid = Number(execFileSync('tmux', ['-S', socket, 'display-message', '-p', '-t', 's', '#{pane_pid}'], { encoding: 'utf8' }).trim());
  return { p, socket, out, pid };
});
const stop = () => {
  for (const { socket } of live) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(dir, { recursive: true, force: true });
};
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.on(signal, () => (stop(), process.exit(status)));
const cpuMs = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = performance.now();
await sleep((SECONDS - CPU_WINDOW) * 1000);
const cpu0 = live.map((l) => cpuMs(l.pid));
const c0 = performance.now();
await sleep(Math.max(0, SECONDS * 1000 + 2000 - (performance.now() - t0)));
const cpu = live.map((l, i) => ((cpuMs(l.pid) - cpu0[i]) / 1000 / ((performance.now() - c0) / 1000)) * 60);
for (const { socket } of live) spawnSync('tmux', ['-S', socket, 'send-keys', '-t', 's', 'q']);
await sleep(1000);

const mb = (bytes) => (bytes / 1048576).toFixed(1);
console.log(`soak: the example through Ink for ${SECONDS} s, all side by side; memory every ${EVERY} s (MB); load average at the end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(`this checkout: Node ${nodeVersion(process.execPath)}${other ? `; other (${other}): Node ${nodeVersion(otherNode)}` : ''}`);
console.log('columns: RSS (VmRSS), peak (VmHWM), of the RSS file-backed pages (the node binary, its libraries) and anonymous ones; V8 heap committed / used, of it new space and code space committed; external (of it ArrayBuffers); anonymous − V8 committed − external (malloc, compiled WebAssembly and its memory where V8 does not count it, stacks)');
live.forEach(({ p, out }, i) => {
  const samples = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((x) => x.memory) : [];
  console.log(`\n${p.name}${p.flags.length ? ` (${p.flags.join(' ')})` : ''}: CPU ${cpu[i].toFixed(3)} s/min over the last ${CPU_WINDOW} s; peak RSS ${samples.length ? mb(Math.max(...samples.map((s) => s.memory.status.VmHWM)) * 1024) : '—'} MB`);
  const last = samples.at(-1)?.memory.gc;
  const first = samples.find((s) => s.t >= SECONDS - CPU_WINDOW)?.memory.gc;
  if (last && first) {
    const minutes = CPU_WINDOW / 60;
    console.log(`collections over the last ${CPU_WINDOW} s, per minute: ${((last.minor.n - first.minor.n) / minutes).toFixed(1)} minor (${((last.minor.ms - first.minor.ms) / minutes).toFixed(1)} ms), ${((last.major.n - first.major.n) / minutes).toFixed(2)} major (${((last.major.ms - first.major.ms) / minutes).toFixed(1)} ms)`);
  }
  console.log(`${'s'.padStart(5)} ${'RSS'.padStart(6)} ${'peak'.padStart(6)} ${'file'.padStart(6)} ${'anon'.padStart(6)} ${'heap'.padStart(6)} ${'used'.padStart(6)} ${'new'.padStart(5)} ${'code'.padStart(5)} ${'ext'.padStart(6)} ${'(AB)'.padStart(6)} ${'rest'.padStart(6)}`);
  for (const { t, memory: m } of samples) {
    const rss = m.status.VmRSS * 1024;
    const rest = m.status.RssAnon * 1024 - m.heap.total_physical_size - m.usage.external;
    console.log(`${t.toFixed(0).padStart(5)} ${mb(rss).padStart(6)} ${mb(m.status.VmHWM * 1024).padStart(6)} ${mb(m.status.RssFile * 1024).padStart(6)} ${mb(m.status.RssAnon * 1024).padStart(6)} ${mb(m.heap.total_physical_size).padStart(6)} ${mb(m.heap.used_heap_size).padStart(6)} ${mb(m.spaces.new_space?.committed ?? 0).padStart(5)} ${mb(m.spaces.code_space?.committed ?? 0).padStart(5)} ${mb(m.usage.external).padStart(6)} ${mb(m.usage.arrayBuffers).padStart(6)} ${mb(rest).padStart(6)}`);
  }
});
stop();
