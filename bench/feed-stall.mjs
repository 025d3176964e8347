#!/usr/bin/env node
// A host that stops reading, under a window-manager flood: two `tilebar feed i3bar` on the same fake i3 (a Unix
// socket answering as i3 does, its workspaces renamed and a focus event sent every FLOOD_MS, so each feed has a
// new line as often as its store publishes, ~10 a second), one read by the bench as i3bar reads, the other never
// read (its stdout pipe full after the first 64 KB). Printed: each feed's resident memory every STALL_EVERY
// seconds for STALL_SECONDS (default 180), the lines the read one got, and how fast the stalled one's lead grew after
// the first sample. STALL_BIN runs another build (e.g. a copy of dist/ from before a change) to compare.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.STALL_SECONDS ?? 180);
const EVERY = Number(process.env.STALL_EVERY ?? 30);
const FLOOD_MS = 20;
const bin = process.env.STALL_BIN ?? join(root, 'dist', 'bundle', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'tilebar-bench-stall-'));
const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// i3's IPC framing: "i3-ipc", the payload's length and the message's type (little-endian), the JSON payload.
const frame = (type, payload) => {
  const body = Buffer.from(JSON.stringify(payload));
  const head = Buffer.alloc(14);
  head.write('i3-ipc');
  head.writeUInt32LE(body.length, 6);
  head.writeUInt32LE(type >>> 0, 10);
  return Buffer.concat([head, body]);
};
const [SUBSCRIBE, GET_TREE, GET_BINDING_STATE, EVENT] = [2, 4, 12, 0x80000000];
let round = 0;
/** Ten workspaces whose names change every round: every round is a new line on the bar. */
const tree = () => ({
  id: 1,
  type: 'root',
  nodes: [{ id: 2, type: 'output', name: 'eDP-1', nodes: [{ id: 3, type: 'con', name: 'content', focus: [100 + (round % 10)], nodes: Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, type: 'workspace', name: `${i + 1}:workspace-${round}`, nodes: [], floating_nodes: [], focus: [] })) }] }],
});
const subscribers = new Set();
const socket = join(dir, 'i3.sock');
const server = createServer((s) => {
  let held = Buffer.alloc(0);
  s.on('error', () => subscribers.delete(s));
  s.on('close', () => subscribers.delete(s));
  s.on('data', (d) => {
    held = Buffer.concat([held, d]);
    while (held.length >= 14 && held.length >= 14 + held.readUInt32LE(6)) {
      const type = held.readUInt32LE(10);
      held = held.subarray(14 + held.readUInt32LE(6));
      if (type === SUBSCRIBE) {
        subscribers.add(s);
        s.write(frame(type, { success: true }));
      } else if (type === GET_TREE) s.write(frame(type, tree()));
      else if (type === GET_BINDING_STATE) s.write(frame(type, { name: 'default' }));
    }
  });
});
await new Promise((r) => server.listen(socket, r));
writeFileSync(join(dir, 'bar.json'), JSON.stringify({ left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } }], right_widgets: [] }));

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), XDG_RUNTIME_DIR: dir, TZ: 'UTC', I3SOCK: socket, TILEBAR_STANDALONE: '1' };
/** A feed as i3bar starts it: stdin a pipe kept open (clicks), stdout a pipe. */
function feed(name) {
  const child = spawn(process.execPath, nodeArgs(bin, 'feed', 'i3bar', '--config', join(dir, 'bar.json'), '--log', join(dir, `${name}.log`), '--update-url', 'http://127.0.0.1:9/'), { env, stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(child);
  return child;
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const read = feed('read');
const stalled = feed('stalled');
let lines = 0;
read.stdout.on('data', (d) => (lines += d.toString().split('\n').length - 1));
// The stalled one is never read: Node reads nothing from a child's stdout that has no listener and is paused.
stalled.stdout.pause();
const flood = setInterval(() => {
  round += 1;
  for (const s of subscribers) s.write(frame(EVENT | 0, { change: 'focus' }));
}, FLOOD_MS);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const samples = [];
for (let t = EVERY; t <= SECONDS; t += EVERY) {
  await sleep(EVERY * 1000);
  samples.push({ t, read: rssMb(read.pid), stalled: rssMb(stalled.pid), lines });
  const s = samples.at(-1);
  console.log(`  ${String(t).padStart(4)} s   read ${s.read.toFixed(1).padStart(6)} MB   stalled ${s.stalled.toFixed(1).padStart(6)} MB   lines read ${lines}`);
}
clearInterval(flood);
const [first, last] = [samples[0], samples.at(-1)];
const minutes = (last.t - first.t) / 60;
console.log(`a host that stops reading, ${SECONDS} s of a window-manager flood (${bin === join(root, 'dist', 'bundle', 'main.js') ? 'this build' : bin}):`);
console.log(`  lines a second: ${(last.lines / last.t).toFixed(1)}`);
// Each RSS swings by a few MB with the collector; the gap between the two feeds, which do the same work but for
// the stalled one's queue, is what a stalled host costs.
const gap = (x) => x.stalled - x.read;
console.log(`  stalled − read: ${gap(first).toFixed(1)} MB at ${first.t} s, ${gap(last).toFixed(1)} MB at ${last.t} s (${((gap(last) - gap(first)) / minutes).toFixed(2)} MB a minute; aim: within a few MB, not growing)`);
server.close();
process.exit(0);
