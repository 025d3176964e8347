#!/usr/bin/env node
// The user's core (issue 44), side by side in one run: four front ends attached to one core (two `run` panes in
// tmux showing two configs, a tmux feed and an i3bar feed) against the same four standalone (each its own bar).
// Printed: CPU over minutes 1–3 (BENCH_FROM to BENCH_SECONDS: utime + stime from /proc/PID/stat, 10 ms ticks, the
// core included), peak RSS (VmHWM) and PSS (smaps_rollup: a page shared by N processes counts 1/N in each, so the
// sum is the memory the set really takes: the Node binary's pages are shared by every tilebar process), and what
// an extra attached feed costs (its own CPU, and the core's growth is within the core's figure). The aims:
// CPU(core + 4) ≤ 2 × one standalone bar's, peak RSS sum ≤ 3 × one standalone's, an extra feed ≤ 0.1 CPU s/min.
// Attached, the tmux and i3bar feeds are thin, as `feed --print-config` prints them (serve/thin-feeds.ts): a shell
// loop and `cat` reading the core's pipe, their processes counted together (the `--pipe` run that attached them ends
// within a second of the start, long before the measure). BENCH_THIN=0: Node feeds attached instead.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseJsonc } from 'jsonc-parser';
import { nodeArgs } from '../scripts/node-launch.mjs';
import { thinLoop, thinLoopWithClicks } from '../dist/src/feeds/hosts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const FROM = Number(process.env.BENCH_FROM ?? 60);
const TICK_MS = 10;
const THIN = process.env.BENCH_THIN !== '0';
const bin = join(root, 'dist', 'bundle', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'tilebar-bench-serve-'));
const children = [];
const tmuxSockets = [];
const cleanup = () => {
  // A thin feed's loop is a process group of its own (its shell, cats, and a `--pipe` run if one is attaching).
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      c.kill('SIGKILL');
    }
  }
  for (const s of tmuxSockets) spawnSync('tmux', ['-S', s, 'kill-server'], { stdio: 'ignore' });
  for (const pid of coresOf(join(dir, 'attached'))) process.kill(pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const example = parseJsonc(readFileSync(join(root, 'config.example.json'), 'utf8'));
const q = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

function setOf(name, standalone) {
  const home = join(dir, name);
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  // Two configs, as two monitors' bars: the example, and the example on monitor 1.
  writeFileSync(join(home, 'a.json'), JSON.stringify(example));
  writeFileSync(join(home, 'b.json'), JSON.stringify({ ...example, monitor: 1 }));
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), TZ: 'UTC', LANG: 'C.UTF-8', TERM: 'xterm-256color', ...(standalone ? { TILEBAR_STANDALONE: '1' } : {}) };
  const common = ['--update-url', 'http://127.0.0.1:9/'];
  const pane = (config, i) => {
    const socket = join(home, `tmux-${i}`);
    tmuxSockets.push(socket);
    const command = ['exec', 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${q(v)}`), q(process.execPath), ...nodeArgs(bin, 'run', '-c', join(home, config), ...common).map(q)].join(' ');
    spawnSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-x', '160', '-y', '3', command], { env });
    return () => [Number(spawnSync('tmux', ['-S', socket, 'display-message', '-p', '#{pane_pid}'], { encoding: 'utf8' }).stdout.trim())];
  };
  const feed = (host, config) => {
    if (!standalone && THIN) {
      // The loop's `tilebar`: this build, in the set's environment.
      const command = [process.execPath, ...nodeArgs(bin, 'feed', host, '-c', join(home, config), ...common)].map(q).join(' ');
      const loop = host === 'tmux' ? thinLoop(command) : thinLoopWithClicks(command);
      const child = spawn('/bin/sh', ['-c', loop], { env, stdio: ['pipe', 'ignore', 'ignore'], detached: true });
      children.push(child);
      return () => familyOf(child.pid);
    }
    const child = spawn(process.execPath, nodeArgs(bin, 'feed', host, '-c', join(home, config), ...common), { env, stdio: ['pipe', 'ignore', 'ignore'] });
    children.push(child);
    return () => [child.pid];
  };
  const thin = !standalone && THIN ? ' (thin)' : '';
  const members = [
    { name: 'run a.json', pid: pane('a.json', 0) },
    { name: 'run b.json', pid: pane('b.json', 1) },
    { name: `feed tmux a.json${thin}`, pid: feed('tmux', 'a.json') },
    { name: `feed i3bar b.json${thin}`, pid: feed('i3bar', 'b.json') },
  ];
  return { name, home, members, extra: standalone ? undefined : { name: EXTRA, pid: feed('tmux', 'b.json') } };
}

const EXTRA = 'an extra feed tmux b.json';

/** A process and its descendants (a thin feed's shell and cats). */
function familyOf(pid) {
  const parents = new Map();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parents.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const family = [pid];
  for (let i = 0; i < family.length; i++) for (const [child, parent] of parents) if (parent === family[i]) family.push(child);
  return family;
}

/** The cores of a set: `tilebar serve` processes whose HOME is the set's. */
function coresOf(home) {
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (cmd.includes('serve') && environ.includes(`HOME=${home}`)) found.push(Number(pid));
    } catch {
      // gone
    }
  }
  return found;
}

const ticks = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return Number.NaN;
  }
};
const kb = (pid, file, key) => {
  try {
    return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
};

const sets = [setOf('standalone', true), setOf('attached', false)];
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));
await sleep(FROM);
const at = (set) => {
  const all = [...set.members, ...(set.extra ? [set.extra] : []), ...coresOf(set.home).map((pid) => ({ name: 'core', pid: () => [pid] }))];
  return all.map((m) => {
    const pids = m.pid();
    return { name: m.name, pids, ticks: new Map(pids.map((p) => [p, ticks(p)])) };
  });
};
const before = sets.map(at);
await sleep(SECONDS - FROM);
const after = sets.map(at);
const minutes = (SECONDS - FROM) / 60;
const rows = sets.map((set, i) =>
  after[i].map((m) => {
    // A member's processes that ran all along (a thin feed's shell and cats; one process otherwise).
    const b = before[i].find((x) => x.name === m.name && x.pids.some((p) => m.pids.includes(p)));
    const spent = b ? m.pids.reduce((t, p) => t + (b.ticks.has(p) ? (m.ticks.get(p) ?? Number.NaN) - (b.ticks.get(p) ?? 0) : 0), 0) : Number.NaN;
    const total = (file, key) => m.pids.reduce((t, p) => t + kb(p, file, key) / 1024, 0);
    return { set: set.name, name: m.name, processes: m.pids.length, cpu: (spent * TICK_MS) / 1000 / minutes, hwm: total('status', 'VmHWM'), pss: total('smaps_rollup', 'Pss') };
  }),
);
const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '—');
console.log(`bench/serve: ${SECONDS - FROM} s measured after ${FROM} s, Node ${process.versions.node}`);
console.log('set         front end                     processes  CPU s/min  peak RSS MB  PSS MB');
for (const r of rows.flat()) console.log(`${r.set.padEnd(11)} ${r.name.padEnd(29)} ${String(r.processes).padStart(9)} ${f(r.cpu).padStart(10)} ${f(r.hwm, 1).padStart(12)} ${f(r.pss, 1).padStart(7)}`);
const [alone, shared] = rows;
const four = (set) => set.filter((r) => r.name !== EXTRA);
const sum = (set, k) => four(set).reduce((t, r) => t + r[k], 0);
const one = { cpu: sum(alone, 'cpu') / 4, hwm: sum(alone, 'hwm') / 4, pss: sum(alone, 'pss') / 4 };
console.log(`one standalone bar (the mean of four): ${f(one.cpu)} CPU s/min, ${f(one.hwm, 1)} MB peak RSS, ${f(one.pss, 1)} MB PSS`);
console.log(`four standalone: ${f(sum(alone, 'cpu'))} CPU s/min (${f(sum(alone, 'cpu') / one.cpu)}×), ${f(sum(alone, 'hwm'), 1)} MB peak RSS (${f(sum(alone, 'hwm') / one.hwm)}×), ${f(sum(alone, 'pss'), 1)} MB PSS (${f(sum(alone, 'pss') / one.pss)}×)`);
console.log(`core + four attached: ${f(sum(shared, 'cpu'))} CPU s/min (${f(sum(shared, 'cpu') / one.cpu)}×, aim ≤ 2×), ${f(sum(shared, 'hwm'), 1)} MB peak RSS (${f(sum(shared, 'hwm') / one.hwm)}×, aim ≤ 3×), ${f(sum(shared, 'pss'), 1)} MB PSS (${f(sum(shared, 'pss') / one.pss)}×)`);
// The aims' "one standalone bar" read as the bar itself, a `run` pane (the mean of the two), beside the mean of all
// four; and what the attached set spends on its own drawing (every front end draws its own view) against the core.
const panes = alone.filter((r) => r.name.startsWith('run '));
const pane = { cpu: panes.reduce((t, r) => t + r.cpu, 0) / panes.length, hwm: panes.reduce((t, r) => t + r.hwm, 0) / panes.length };
console.log(`one standalone pane (the mean of two): ${f(pane.cpu)} CPU s/min, ${f(pane.hwm, 1)} MB peak RSS; core + four attached: ${f(sum(shared, 'cpu') / pane.cpu)}× its CPU, ${f(sum(shared, 'hwm') / pane.hwm)}× its peak RSS`);
const core = shared.filter((r) => r.name === 'core').reduce((t, r) => t + r.cpu, 0);
console.log(`of the attached set's CPU, the core (every reading, every bar's state): ${f(core)} CPU s/min; the four front ends (drawing their own views): ${f(sum(shared, 'cpu') - core)}`);
const extra = shared.find((r) => r.name === EXTRA);
console.log(`an extra attached feed: ${f(extra?.cpu ?? Number.NaN)} CPU s/min (aim ≤ 0.1), ${f(extra?.hwm ?? Number.NaN, 1)} MB peak RSS, ${f(extra?.pss ?? Number.NaN, 1)} MB PSS`);
process.exit(0);
