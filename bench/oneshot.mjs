#!/usr/bin/env node
// One-shot commands against Node's own start-up (`node -e 0`), measured pair by pair on this machine so the
// ratios hold on a slow or busy one: each round runs the anchor and every command once, in turn; the figure is
// the median of ROUNDS (ONESHOT_ROUNDS, default 9). Prints the ratios and each one's aim (issue 23).
// Commands are measured warm (their compiled code from the code cache, src/cli/code-cache.ts; for preview, the
// config validated at an earlier start, from the cache of validated models) and cold (empty caches: the first
// start after an install, or for preview after an edit).
// ONESHOT_EXE=<a single executable of `npm run release`> measures it instead of the bundle, against
// ONESHOT_NODE=<the node it is made of> `-e 0` (its code is inside it, compiled when it was made: only the
// model cache differs between warm and cold).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'dist', 'bundle', 'main.js');
const example = join(root, 'config.example.json');
const ROUNDS = Number(process.env.ONESHOT_ROUNDS ?? 9);
const exe = process.env.ONESHOT_EXE;
const anchorNode = process.env.ONESHOT_NODE ?? process.execPath;
/** The program and arguments of `tilebar ...args`: the bundle under this node, or the executable. */
const tilebar = (args) => (exe ? [exe, args] : [process.execPath, nodeArgs(bin, ...args)]);
const cache = mkdtempSync(join(tmpdir(), 'tilebar-oneshot-'));
const warmEnv = { ...process.env, XDG_CACHE_HOME: join(cache, 'warm'), TZ: 'UTC' };

// Every reading the example config shows: nothing is read from the machine.
const READINGS = ['cpu=37', 'memory=52', 'battery=81', 'battery.state=discharging', 'storage./=64', 'update=0.1.0', 'media.artist=Artist', 'media.title=Song', 'media.status=Playing', 'keyboard=us'].flatMap((s) => ['--set', s]);
const AT = ['--at', '2024-09-08T09:05:03Z'];
const rows = [
  { name: '`tilebar --version`', args: ['--version'], aim: 1.3 },
  { name: '`tilebar check config.example.json`', args: ['check', '-q', example], aim: 2 },
  { name: '  the same, first run (no code cache: compiled first)', args: ['check', '-q', example], cold: true },
  { name: '`tilebar preview --format text`, every reading given (warm)', args: ['preview', '--config', example, '--format', 'text', '--width', '160', ...AT, ...READINGS], aim: 2.5 },
  { name: '  the same, cold (no cache: validated first)', args: ['preview', '--config', example, '--format', 'text', '--width', '160', ...AT, ...READINGS], cold: true },
  { name: '`tilebar preview --format text`, reading the machine (warm)', args: ['preview', '--config', example, '--format', 'text', '--width', '160', ...AT] },
  { name: '`tilebar thresholds`, reading the machine (warm)', args: ['thresholds', '--config', example] },
  { name: '`tilebar themes Ashes`', args: ['themes', 'Ashes', '--color', 'truecolor'] },
  { name: '`tilebar schema`', args: ['schema'] },
];

const wall = ([program, args], env) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Warm the caches as the first runs of each command after an install would: a preview's code cache written by
// the run that validated is replaced by a leaner one on the third (src/cli/code-cache.ts).
for (let i = 0; i < 3; i++) for (const row of rows) if (!row.cold) wall(tilebar(row.args), warmEnv);
const anchor = [];
const times = rows.map(() => []);
for (let i = 0; i < ROUNDS; i++) {
  anchor.push(wall([anchorNode, ['-e', '0']], warmEnv));
  rows.forEach((row, j) => {
    const env = row.cold ? { ...warmEnv, XDG_CACHE_HOME: join(cache, `cold-${i}-${j}`) } : warmEnv;
    times[j].push(wall(tilebar(row.args), env));
  });
}
rmSync(cache, { recursive: true, force: true });

const base = median(anchor);
console.log(`${exe ? `${exe}: ` : ''}one-shot commands against \`node -e 0\` (${base.toFixed(0)} ms here${exe ? `, ${anchorNode}` : ''}), median of ${ROUNDS} rounds, side by side`);
console.log(`${'command'.padEnd(66)} ${'wall ms'.padStart(8)} ${'÷ node'.padStart(7)}`);
const verdicts = [];
rows.forEach((row, j) => {
  const ms = median(times[j]);
  const ratio = ms / base;
  console.log(`${row.name.padEnd(66)} ${ms.toFixed(0).padStart(8)} ${`${ratio.toFixed(2)}×`.padStart(7)}`);
  if (row.aim) verdicts.push(`  ${ratio <= row.aim ? 'ok  ' : 'OVER'} ${row.name}: ${ratio.toFixed(2)}× node -e 0 (aim ${row.aim}×)`);
});
console.log(`aims:\n${verdicts.join('\n')}`);
