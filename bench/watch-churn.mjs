#!/usr/bin/env node
// What file churn in the directories a running bar watches costs it (issue 40, finding 8). A `tilebar feed i3bar`
// runs on the user's `~/komorebi.bar.json` (a clock only, so the churn's cost stands out), with
// `XDG_CONFIG_HOME` a shared sticky directory: the feed watches HOME (its config file's directory) and
// XDG_CONFIG_HOME (where `tilebar/bar.json`, which ranks above, may appear). Each scenario starts a fresh feed,
// lets it settle for CHURN_FROM (5) s, then for CHURN_SECONDS (30) s one of:
//   - quiet: nothing else happens (the floor);
//   - other names in XDG_CONFIG_HOME: another user (`nobody`, through setpriv, when run as root) creates and
//     deletes files of other names there as fast as one process can;
//   - appends to ~/.xsession-errors: the user's own program appends a short line to a file in HOME as fast as it
//     can;
//   - the watched name in XDG_CONFIG_HOME: the other user creates and deletes a file named `tilebar` itself, the
//     name discovery watches for there (a file, not the directory it waits for), as fast as it can.
// Printed: the feed's CPU seconds over the window (utime + stime from /proc/<pid>/stat) and the churn achieved
// (operations per second). CHURN_BIN runs another build (a copy of dist/ with package.json and
// config.example.json beside it, e.g. from before a change) to compare; CHURN_ONLY picks scenarios by name.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.env.CHURN_BIN ?? join(root, 'dist', 'bundle', 'main.js');
const FROM = Number(process.env.CHURN_FROM ?? 5);
const SECONDS = Number(process.env.CHURN_SECONDS ?? 30);
const TICK_MS = 10; // USER_HZ 100
const dir = mkdtempSync(join(tmpdir(), 'tilebar-bench-churn-'));
// `nobody` must reach the shared directory inside.
chmodSync(dir, 0o755);
const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

const asRoot = process.getuid?.() === 0;
const asNobody = asRoot && spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'true']).status === 0;

/** A fresh home, shared config directory and the rest for one feed. */
function setUp(name) {
  const base = join(dir, name);
  const home = join(base, 'home');
  const shared = join(base, 'shared-config');
  const runtime = join(base, 'runtime');
  mkdirSync(home, { recursive: true });
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  mkdirSync(runtime, { mode: 0o700 });
  writeFileSync(join(home, 'komorebi.bar.json'), JSON.stringify({ left_widgets: [], center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }], right_widgets: [] }));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: shared,
    XDG_CACHE_HOME: join(base, 'cache'),
    XDG_STATE_HOME: join(base, 'state'),
    XDG_RUNTIME_DIR: runtime,
    TZ: 'UTC',
    TILEBAR_STANDALONE: '1',
    LANG: 'C.UTF-8',
  };
  return { base, home, shared, env };
}

// The churners: one synchronous loop each until a deadline, printing how many operations it did.
const createDelete = `
  const { writeFileSync, unlinkSync } = require('node:fs');
  const [dir, name, ms] = [process.argv[1], process.argv[2], Number(process.argv[3])];
  const end = Date.now() + ms;
  let pairs = 0;
  while (Date.now() < end) for (let i = 0; i < 256; i++, pairs++) {
    const p = dir + '/' + (name || 'junk-' + (pairs % 64));
    writeFileSync(p, '');
    unlinkSync(p);
  }
  process.stdout.write(String(pairs));`;
const append = `
  const { openSync, writeSync, ftruncateSync } = require('node:fs');
  const [file, ms] = [process.argv[1], Number(process.argv[2])];
  const fd = openSync(file, 'a');
  const end = Date.now() + ms;
  let writes = 0;
  while (Date.now() < end) for (let i = 0; i < 256; i++, writes++) {
    writeSync(fd, 'Xlib: extension missing on display :0\\n');
    // Kept small: a log rotated, as the disk does not care for the bench.
    if (writes % 1000000 === 999999) ftruncateSync(fd, 0);
  }
  process.stdout.write(String(writes));`;

const nobody = asNobody ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] : [];
const scenarios = [
  { name: 'quiet', unit: '', churn: undefined },
  {
    name: `other names in XDG_CONFIG_HOME (${asNobody ? 'as nobody' : 'as this user'})`,
    unit: 'create+delete pairs/s',
    churn: (s) => [...nobody, process.execPath, '-e', createDelete, s.shared, ''],
  },
  { name: 'appends to ~/.xsession-errors', unit: 'appends/s', churn: (s) => [process.execPath, '-e', append, join(s.home, '.xsession-errors')] },
  {
    name: `the watched name in XDG_CONFIG_HOME (${asNobody ? 'as nobody' : 'as this user'})`,
    unit: 'create+delete pairs/s',
    churn: (s) => [...nobody, process.execPath, '-e', createDelete, s.shared, 'tilebar'],
  },
].filter((s) => !process.env.CHURN_ONLY || s.name.includes(process.env.CHURN_ONLY));

const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(scenario, index) {
  const s = setUp(`s${index}`);
  const feed = spawn(process.execPath, nodeArgs(bin, 'feed', 'i3bar', '--update-url', 'http://127.0.0.1:9/', '--log', join(s.base, 'log')), { env: s.env, stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(feed);
  let lines = 0;
  feed.stdout.on('data', (d) => (lines += String(d).split('\n').length - 1));
  await sleep(FROM * 1000);
  const linesBefore = lines;
  const cpu0 = cpuMs(feed.pid);
  const t0 = performance.now();
  let ops = 0;
  if (scenario.churn) {
    const [cmd, ...args] = scenario.churn(s);
    const churner = spawn(cmd, [...args, String(SECONDS * 1000)], { env: { PATH: s.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(churner);
    let out = '';
    churner.stdout.on('data', (d) => (out += d));
    await new Promise((r) => churner.on('close', r));
    ops = Number(out);
  } else await sleep(SECONDS * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (cpuMs(feed.pid) - cpu0) / 1000;
  const alive = feed.exitCode === null;
  feed.kill('SIGTERM');
  return { name: scenario.name, cpu, seconds, rate: ops / seconds, unit: scenario.unit, lines: lines - linesBefore, alive };
}

console.log(`${bin}`);
console.log(`tilebar feed i3bar on ~/komorebi.bar.json, XDG_CONFIG_HOME shared (sticky, 1777): the feed's CPU over ${SECONDS} s after ${FROM} s of settling`);
for (const [i, sc] of scenarios.entries()) {
  const r = await run(sc, i);
  const rate = r.unit ? `${Math.round(r.rate).toLocaleString('en')} ${r.unit}` : '';
  console.log(`  ${r.name.padEnd(48)} feed CPU ${r.cpu.toFixed(2).padStart(6)} s of ${r.seconds.toFixed(1)} s  ${rate.padEnd(32)} status lines ${r.lines}${r.alive ? '' : '  (the feed ENDED)'}`);
}
