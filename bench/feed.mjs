#!/usr/bin/env node
// `tilebar feed` as a status command, beside the status commands it stands in for, all on this machine in one
// run: i3status (C, the i3bar protocol) and py3status (Python, running i3status under it), each given an
// i3status config with the same kinds of widgets as config.example.json. Printed: steady CPU (after the first
// BENCH_FROM seconds, per minute, the process and its children), peak RSS, and the time to the first status line
// beside `node -e 0`'s start-up, as ratios against the issue's aims. BENCH_SECONDS (default 60) is the length of
// the side-by-side run; BENCH_FIRST_RUNS (default 7) the number of first-line measurements of each. FEED_OTHER runs
// another build beside this one (e.g. a copy of dist/ from before a change, with package.json and
// config.example.json beside it), FEED_CONFIG another config for both; FEED_RUNS (default 1) repeats the
// side-by-side run and prints each figure's median.
// CPU is counted two ways: the kernel's ticks (utime and stime, 10 ms each: what `ps` and `time` say, the process and
// its children, ended ones included) and the scheduler's run time of every thread alive at both ends of the window
// (/proc/PID/task/*/schedstat, nanoseconds; living threads only), which resolves figures of a few ticks a minute.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LONG = Number(process.env.BENCH_SECONDS ?? 60);
const SHORT = Number(process.env.BENCH_FROM ?? 5);
const FIRST_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 7);
const TICK_MS = 10; // USER_HZ 100
const node = process.execPath;
const bin = join(root, 'dist', 'bundle', 'main.js');
const otherBin = process.env.FEED_OTHER;
const config = process.env.FEED_CONFIG ?? join(root, 'config.example.json');
const RUNS = Number(process.env.FEED_RUNS ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'tilebar-bench-feed-'));
const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// The example config's kinds of widgets, as i3status has them, polled every second: the example's clock shows
// seconds, so the feed writes a line a second too (and polls CPU and the network every 2 s).
writeFileSync(
  join(dir, 'i3status.conf'),
  [
    'general {\n output_format = "i3bar"\n interval = 1\n}',
    ...['cpu_usage', 'memory', 'disk /', 'ethernet _first_', 'battery all', 'tztime local'].map((m) => `order += "${m}"`),
    'cpu_usage { format = "CPU %usage" }',
    'memory { format = "RAM %percentage_used" }',
    'disk "/" { format = "/ %percentage_used" }',
    'ethernet _first_ { format_up = "E %ip" format_down = "E down" }',
    'battery all { format = "%status %percentage" }',
    'tztime local { format = "%a %d %b %H:%M:%S" }',
  ].join('\n'),
);

const has = (cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error === undefined;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), TZ: 'UTC', LANG: 'C.UTF-8', TILEBAR_STANDALONE: '1' };
const BARE_NODE = 'bare Node, a line a second';
const feedCommand = (b, log) => [node, ...nodeArgs(b, 'feed', 'i3bar', '--config', config, '--update-url', 'http://127.0.0.1:9/', '--log', join(dir, log))];
const programs = [
  { name: `tilebar feed i3bar (${basename(config)})`, command: feedCommand(bin, 'log') },
  ...(otherBin ? [{ name: 'tilebar feed i3bar, FEED_OTHER', command: feedCommand(otherBin, 'log-other') }] : []),
  // The floor of any status command in Node: a process that only writes a line a second, as the feed does here.
  { name: BARE_NODE, command: [node, '-e', 'process.stdout.write(\'{"version":1}\\n[\\n\'); const w = () => process.stdout.write(`[{"full_text":"${new Date().toISOString()}"}],\\n`); w(); setInterval(w, 1000);'] },
  ...(has('i3status') ? [{ name: 'i3status', command: ['i3status', '-c', join(dir, 'i3status.conf')] }] : []),
  ...(has('py3status') ? [{ name: 'py3status', command: ['py3status', '-c', join(dir, 'i3status.conf')] }] : []),
];
if (!programs.some((p) => p.name === 'i3status') || !programs.some((p) => p.name === 'py3status')) console.log('(i3status or py3status is not installed: apt-get install i3status py3status to compare with them)');

/** The process and its descendants: a status command's cost is its whole tree (py3status runs i3status). */
function tree(pid) {
  const kids = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...kids.flatMap(tree)];
}
const cpuMs = (pid) =>
  tree(pid).reduce((sum, p) => {
    try {
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      // Its own time and its ended children's (a `df` that came and went), as well as the living ones'.
      return sum + (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
    } catch {
      return sum;
    }
  }, 0);
/** Nanoseconds on a CPU, every thread of the tree that is alive now (schedstat's first field). */
const runNs = (pid) =>
  tree(pid).reduce((sum, p) => {
    try {
      return sum + readdirSync(`/proc/${p}/task`).reduce((s, t) => s + Number(readFileSync(`/proc/${p}/task/${t}/schedstat`, 'utf8').split(' ')[0]), 0);
    } catch {
      return sum;
    }
  }, 0);
const hwmKb = (pid) => tree(pid).reduce((sum, p) => sum + Number(/VmHWM:\s+(\d+)/.exec(existsSync(`/proc/${p}/status`) ? readFileSync(`/proc/${p}/status`, 'utf8') : '')?.[1] ?? 0), 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Spawned as a bar spawns its status command: stdin a pipe kept open (clicks), stdout read line by line. */
function start(p) {
  const child = spawn(p.command[0], p.command.slice(1), { env, stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(child);
  return child;
}

/** Milliseconds from spawn to the first status line (an array of blocks, after the header). */
function firstLineMs(p) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = start(p);
    let text = '';
    child.stdout.on('data', (d) => {
      text += d.toString();
      if (/^,?\[\{/m.test(text)) {
        resolve(performance.now() - t0);
        child.kill('SIGTERM');
      }
    });
  });
}
function nodeStartMs() {
  const t0 = performance.now();
  spawnSync(node, ['-e', '0']);
  return performance.now() - t0;
}

// The first start fills tilebar's cache of validated models; the starts measured are warm ones, as at a login.
await firstLineMs(programs[0]);
const first = {};
for (let i = 0; i < FIRST_RUNS; i++) {
  (first.node ??= []).push(nodeStartMs());
  for (const p of programs) (first[p.name] ??= []).push(await firstLineMs(p));
}

const runs = [];
for (let run = 0; run < RUNS; run++) {
  const live = programs.map((p) => ({ p, child: start(p) }));
  for (const l of live) l.child.stdout.resume();
  await sleep(SHORT * 1000);
  for (const l of live) [l.cpuAtShort, l.nsAtShort] = [cpuMs(l.child.pid), runNs(l.child.pid)];
  const shortAt = performance.now();
  await sleep((LONG - SHORT) * 1000);
  const minutes = (performance.now() - shortAt) / 60000;
  for (const l of live) {
    l.steady = (cpuMs(l.child.pid) - l.cpuAtShort) / minutes;
    l.steadyNs = (runNs(l.child.pid) - l.nsAtShort) / 1e6 / minutes;
    l.rssMb = hwmKb(l.child.pid) / 1024;
    l.child.kill('SIGTERM');
  }
  runs.push(live);
  if (RUNS > 1) console.log(`  run ${run + 1}: ${live.map((l) => `${l.p.name.split(' (')[0]} ${l.steady.toFixed(0)}`).join(', ')} ms/min`);
}
/** Each program's figures, the median over the runs. */
const live = programs.map((p, i) => {
  const of = (k) => median(runs.map((r) => r[i][k]));
  return { p, steady: of('steady'), steadyNs: of('steadyNs'), rssMb: of('rssMb') };
});

console.log(`status commands side by side for ${LONG} s (steady CPU after the first ${SHORT} s, ms per minute, the process and its children, in ticks and (in brackets) by schedstat; first status line: median of ${FIRST_RUNS} warm starts${RUNS > 1 ? `; medians of ${RUNS} runs` : ''})`);
const nodeMs = median(first.node);
console.log(`  node -e 0: ${nodeMs.toFixed(0)} ms`);
for (const l of live) console.log(`  ${l.p.name.padEnd(42)} steady ${l.steady.toFixed(0).padStart(5)} (${l.steadyNs.toFixed(0).padStart(4)}) ms/min   peak RSS ${l.rssMb.toFixed(1).padStart(5)} MB   first line ${median(first[l.p.name]).toFixed(0).padStart(4)} ms`);
const feed = live[0];
const by = (name) => live.find((l) => l.p.name === name);
const check = (what, value, aim) => console.log(`  ${what}: ${value.toFixed(2)} (aim ≤ ${aim}) ${value <= aim ? 'ok' : 'OVER'}`);
const [i3status, py3status, bare] = [by('i3status'), by('py3status'), by(BARE_NODE)];
if (i3status) check('steady CPU, feed ÷ i3status', feed.steady / Math.max(1, i3status.steady), 2);
if (py3status) check('steady CPU, feed ÷ py3status', feed.steady / Math.max(1, py3status.steady), 1);
if (i3status) console.log(`  by schedstat: feed ÷ i3status ${(feed.steadyNs / Math.max(1, i3status.steadyNs)).toFixed(2)}${py3status ? `, feed ÷ py3status ${(feed.steadyNs / Math.max(1, py3status.steadyNs)).toFixed(2)}` : ''}`);
console.log(`  steady CPU, feed ÷ bare Node: ${(feed.steady / Math.max(1, bare.steady)).toFixed(2)}; bare Node ÷ i3status: ${i3status ? (bare.steady / Math.max(1, i3status.steady)).toFixed(2) : '-'}`);
check('peak RSS of the feed, MB', feed.rssMb, 45);
check('first line, feed ÷ node -e 0', median(first[feed.p.name]) / nodeMs, 2.5);
