#!/usr/bin/env node
// Per-poll cost of each system reader: the direct Linux reads tilebar uses vs systeminformation.
// CPU is this process's user+system time plus that of the child processes it waited for
// (/proc/self/stat cutime+cstime), so the shells systeminformation spawns are counted too.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const childProcess = require('child_process');
let spawns = 0;
for (const name of ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync']) {
  const original = childProcess[name];
  childProcess[name] = function (...args) {
    spawns++;
    return original.apply(this, args);
  };
}

const { linuxBatteryReader, linuxCpuReader, linuxDisksReader, linuxMemoryReader, linuxNetworkReader } = await import('../dist/src/system/linux/readers.js');
const { siBatteryReader, siCpuReader, siDisksReader, siMemoryReader, siNetworkReader } = await import('../dist/src/system/si-readers.js');
const { realTimers, sleeper } = await import('../dist/src/scheduler/timers.js');

if (process.platform !== 'linux') {
  console.log('readers benchmark: the direct readers are Linux only; skipped');
  process.exit(0);
}
const TICK_MS = 1000 / 100; // USER_HZ
const childCpuMs = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime
};
const sleep = sleeper(realTimers);
const now = () => performance.now();
const pairs = [
  ['cpu', linuxCpuReader(sleep), siCpuReader(sleep)],
  ['memory', linuxMemoryReader(), siMemoryReader()],
  ['network', linuxNetworkReader(sleep, now), siNetworkReader(sleep, now)],
  ['disks', linuxDisksReader(sleep), siDisksReader()],
  ['battery', linuxBatteryReader(), siBatteryReader()],
];
const POLLS = Number(process.argv[2] ?? 20);
// systeminformation caches currentLoad for 200 ms: polls are spaced like a fast bar's (idle time costs no CPU).
const GAP_MS = 250;
const signal = new AbortController().signal;

async function measure(read) {
  await read(signal); // first reading primes samplers (CPU and network take a 250 ms second sample)
  const spawnsBefore = spawns;
  const cpu = process.cpuUsage();
  const children = childCpuMs();
  let busy = 0;
  for (let i = 0; i < POLLS; i++) {
    const t = performance.now();
    await read(signal);
    busy += performance.now() - t;
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const wall = busy / POLLS;
  const used = process.cpuUsage(cpu);
  const own = (used.user + used.system) / 1000 / POLLS;
  const child = (childCpuMs() - children) / POLLS;
  return { own, child, wall, spawns: (spawns - spawnsBefore) / POLLS };
}

const rows = [];
for (const [name, direct, si] of pairs) {
  const d = await measure(direct);
  const s = await measure(si);
  rows.push([name, d, s]);
}
const f = (x) => x.toFixed(2).padStart(7);
console.log(`per poll, mean of ${POLLS} polls (ms of CPU: own process + child processes; wall ms of the read; processes spawned); polls ${GAP_MS} ms apart`);
console.log(`${'source'.padEnd(8)}  ${'direct cpu'.padStart(10)} ${'wall'.padStart(7)} ${'spawns'.padStart(6)}   ${'si cpu'.padStart(10)} ${'wall'.padStart(7)} ${'spawns'.padStart(6)}`);
for (const [name, d, s] of rows) {
  console.log(`${name.padEnd(8)}  ${f(d.own + d.child).padStart(10)} ${f(d.wall)} ${String(d.spawns).padStart(6)}   ${f(s.own + s.child).padStart(10)} ${f(s.wall)} ${String(s.spawns).padStart(6)}`);
}
