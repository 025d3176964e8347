#!/usr/bin/env node
// Where a running bar's time goes: the built command in a real 160×1 tmux pane under `node --cpu-prof` for
// PROFILE_SECONDS (default 60), then a summary of the profile's self time by package (Ink, React, Yoga,
// chalk, tilebar's own modules, …), mapped back through the bundle's source maps. PROFILE_CONFIG picks the
// config (default config.example.json); PROFILE_ARGS adds options to `tilebar run` (`--renderer direct`);
// PROFILE_ROWS sets the pane's height (default 1; 3 is the default bar's, with its group boxes); PROFILE_SKIP (5)
// the seconds left out at the start; PROFILE_KEEP a file to keep the profile in.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPosition, packageOf } from './bundle-sources.mjs';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 60);
const config = process.env.PROFILE_CONFIG ?? join(root, 'config.example.json');
const extra = (process.env.PROFILE_ARGS ?? '').split(' ').filter(Boolean);
const ROWS = Number(process.env.PROFILE_ROWS ?? 1);
if (spawnSync('tmux', ['-V']).status !== 0) {
  console.log('profile: skipped, tmux is not installed');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'tilebar-profile-'));
const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
const socket = join(dir, 'tmux'); // a path (-S): a killed server leaves its socket behind
const main = join(root, 'dist', 'bundle', 'main.js');
const command = [process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, ...nodeArgs(main, 'run', '--config', config, '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/', '--log', join(dir, 'tilebar.log'), ...extra)];
const env = `PATH=${q(process.env.PATH ?? '/usr/bin:/bin')} HOME=${q(dir)} XDG_CACHE_HOME=${q(join(dir, 'cache'))} TERM=xterm-256color COLORTERM=truecolor TZ=UTC TILEBAR_STANDALONE=1`;
execFileSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'p', '-x', '160', '-y', String(ROWS), `env -i ${env} ${command.map(q).join(' ')}; sleep 5`]);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
spawnSync('tmux', ['-S', socket, 'send-keys', '-t', 'p', 'q']);
await new Promise((r) => setTimeout(r, 2000));
spawnSync('tmux', ['-S', socket, 'kill-server']);

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile was written');
// PROFILE_KEEP: where to keep the profile itself (for Chrome's DevTools or a closer look by function).
if (process.env.PROFILE_KEEP) copyFileSync(join(dir, file), process.env.PROFILE_KEEP);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
// The steady state: samples after the first SKIP seconds (start-up, module loading and the first readings).
const SKIP_US = Number(process.env.PROFILE_SKIP ?? 5) * 1e6;
const selfUs = new Map();
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at > SKIP_US) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});

const byPackage = new Map();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const key = packageOf(node.callFrame);
  if (key === '(idle)' || key === '(program)') continue;
  byPackage.set(key, (byPackage.get(key) ?? 0) + us);
  total += us;
}
console.log(`CPU profile of \`tilebar run ${extra.join(' ')}\` (${config.replace(`${root}/`, '')}) in a 160×${ROWS} tmux pane, ${SECONDS - SKIP_US / 1e6} s after the first ${SKIP_US / 1e6}: ${(total / 1000).toFixed(0)} ms busy (${((total / 1000 / (SECONDS - SKIP_US / 1e6)) * 60 / 1000).toFixed(3)} CPU s/min), by package (self time)`);
for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
  console.log(`${k.padEnd(34)} ${(us / 1000).toFixed(0).padStart(7)} ms ${((us / total) * 100).toFixed(1).padStart(5)} %`);
}
// Within tilebar's own code: which functions (by their original file and line), for where to look next.
const byFunction = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  const { functionName } = node.callFrame;
  const pos = us > 0 ? originalPosition(node.callFrame) : undefined;
  if (!pos?.source || /node_modules/.test(pos.source)) continue;
  const key = `${pos.source.replace(/^.*?((?:src|widgets|themes)\/)/, '$1')}:${pos.line} ${pos.name ?? functionName ?? ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
console.log('tilebar functions by self time:');
for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${k.padEnd(60)} ${(us / 1000).toFixed(0).padStart(6)} ms ${((us / total) * 100).toFixed(1).padStart(5)} %`);
// The profile, the bar's cache and log and the tmux socket were in this directory: nothing is left behind.
rmSync(dir, { recursive: true, force: true });
