#!/usr/bin/env node
// Benchmarks (not tests): how fast configs load. Prints one table; each figure is the median of runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigText } from '../dist/src/config/load.js';
import { BUILTIN_WIDGETS } from '../dist/widgets/kinds.js';
import { allPalettes } from '../dist/themes/catalogue.js';
import { resolveTheme } from '../dist/themes/resolve-theme.js';
import { paint } from '../dist/src/colour/sgr.js';
import { strftime, parseStrftime } from '../dist/src/time/strftime.js';
import { DateTime } from 'luxon';
import { nodeArgs } from '../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, '..', 'shared', 'fixtures', 'real-configs');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (fn, runs) => median(Array.from({ length: runs }, () => { const t = process.hrtime.bigint(); fn(); return Number(process.hrtime.bigint() - t) / 1e6; }));

const rows = [];
const budget = []; // [what, value, limit, unit]
const example = readFileSync(join(root, 'config.example.json'), 'utf8');
loadConfigText(example, 'warm-up', { kinds: BUILTIN_WIDGETS });
rows.push(['load + validate + normalise config.example.json (in process)', `${time(() => loadConfigText(example, 'x', { kinds: BUILTIN_WIDGETS }), 50).toFixed(2)} ms`]);
if (existsSync(fixtures)) {
  const texts = readdirSync(fixtures).filter((f) => f.endsWith('.json')).map((f) => [f, readFileSync(join(fixtures, f), 'utf8')]);
  rows.push([`load all ${texts.length} real configs (in process)`, `${time(() => texts.forEach(([f, t]) => loadConfigText(t, f, { kinds: BUILTIN_WIDGETS })), 9).toFixed(1)} ms`]);
  const cli = join(root, 'dist', 'bundle', 'main.js');
  const files = texts.map(([f]) => f);
  const run = () => { try { execFileSync(process.execPath, nodeArgs(cli, 'check', '-q', ...files), { cwd: fixtures, stdio: 'ignore' }); } catch {} };
  const checkAll = time(run, 5);
  rows.push([`\`tilebar check\` on all ${texts.length} real configs (one process, wall)`, `${checkAll.toFixed(0)} ms`]);
  budget.push([`tilebar check of ${texts.length} real configs in one process`, checkAll, 1500, 'ms']);
} else {
  rows.push(['real configs', 'skipped: ../shared is absent']);
}
const cli = join(root, 'dist', 'bundle', 'main.js');
rows.push(['`tilebar check config.example.json` (process start to exit, wall)', `${time(() => execFileSync(process.execPath, nodeArgs(cli, 'check', '-q', join(root, 'config.example.json')), { stdio: 'ignore' }), 5).toFixed(0)} ms`]);
rows.push(['`tilebar schema` output size', `${(execFileSync(process.execPath, nodeArgs(cli, 'schema')).length / 1024).toFixed(0)} KiB`]);
const models = allPalettes().map((p) => (p.family === 'Pastel' ? { family: 'Pastel', name: p.name, accent: 'Blue' } : { family: 'Base16', name: p.name, accent: 'Base0D' }));
rows.push([`resolve all ${models.length} palettes to theme roles (in process)`, `${time(() => models.forEach((m) => resolveTheme(m)), 9).toFixed(2)} ms`]);
const hexes = allPalettes().flatMap((p) => Object.values(p.slots));
for (const depth of ['truecolor', '256', '16']) {
  // Cold: the 256-colour cache starts empty in a fresh process, so the first pass is the honest figure.
  const t = process.hrtime.bigint();
  hexes.forEach((h) => paint('x', { fg: h, bg: h }, depth));
  rows.push([`paint ${hexes.length} palette colours as fg+bg at ${depth} (first pass)`, `${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(2)} ms`]);
}
rows.push(['`tilebar themes` (273 rows, truecolor swatches; process wall)', `${time(() => execFileSync(process.execPath, nodeArgs(cli, 'themes', '--color', 'truecolor'), { stdio: 'ignore' }), 5).toFixed(0)} ms`]);
rows.push(['`tilebar themes Ashes` (process wall)', `${time(() => execFileSync(process.execPath, nodeArgs(cli, 'themes', 'Ashes', '--color', 'truecolor'), { stdio: 'ignore' }), 5).toFixed(0)} ms`]);
const dt = DateTime.fromISO('2024-09-08T09:05:03', { zone: 'Europe/London' });
const fmt = '%b, %a %d/%m/%Y  %I:%M:%S %p %Z';
const tokens = parseStrftime(fmt).tokens;
strftime(dt, tokens);
rows.push([`strftime "${fmt}" (parsed once; per call)`, `${((time(() => { for (let i = 0; i < 1000; i++) strftime(dt, tokens); }, 9) * 1000) / 1000).toFixed(1)} µs`]);
rows.push(['DateTime in a zone + strftime of a preset, per call (a clock tick)', `${((time(() => { for (let i = 0; i < 1000; i++) strftime(DateTime.fromMillis(1725782703000 + i * 1000, { zone: 'Europe/London' }), '%T'); }, 9) * 1000) / 1000).toFixed(1)} µs`]);
{
  const { appearanceOf, layoutFor } = await import('../dist/src/view/appearance.js');
  const { renderFrame } = await import('../dist/src/pane/ink/frame.js');
  const { simulatedReadings } = await import('../dist/src/thresholds/simulate.js');
  const m = loadConfigText(example, 'x', { kinds: BUILTIN_WIDGETS }).model;
  const look = appearanceOf(m);
  const statuses = Object.fromEntries(Object.entries(simulatedReadings(['cpu=95', 'memory=40', 'storage./=50', 'network.received=1M', 'battery=50'], BUILTIN_WIDGETS.simulations)).map(([k, v]) => [k, { reading: v }]));
  const state = { statuses, clock: { epochMs: Date.parse('2024-09-08T09:05:03Z'), systemZone: 'UTC' } };
  const layout = layoutFor(m, look, state, { width: 160, height: 1 }, '0.1.0');
  renderFrame(layout, 'truecolor');
  rows.push(['layout of config.example.json at 160 × 1 (compose + layout)', `${time(() => layoutFor(m, look, state, { width: 160, height: 1 }, '0.1.0'), 50).toFixed(2)} ms`]);
  rows.push(['render that frame through the Ink components, renderToString (truecolor)', `${time(() => renderFrame(layout, 'truecolor'), 50).toFixed(2)} ms`]);
  const { frameToAnsi } = await import('../dist/src/render/ansi.js');
  rows.push(['render that frame with the direct serializer (truecolor)', `${time(() => frameToAnsi(layout.rows, 'truecolor'), 200).toFixed(3)} ms`]);
  // 30 widgets: ten of each of Cpu, Memory, Time across the three sections, grouped per widget.
  const kinds = [{ Cpu: { enable: true, auto_select_over: 50 } }, { Memory: { enable: true } }, { Time: { enable: true, format: 'TwentyFourHour' } }];
  const thirty = { theme: { palette: 'Catppuccin', name: 'Mocha' }, grouping: { kind: 'Widget', rounding: 4 }, left_widgets: [], center_widgets: [], right_widgets: [] };
  for (let i = 0; i < 30; i++) thirty[['left_widgets', 'center_widgets', 'right_widgets'][i % 3]].push(kinds[i % 3]);
  const m30 = loadConfigText(JSON.stringify(thirty), 'thirty', { kinds: BUILTIN_WIDGETS }).model;
  const look30 = appearanceOf(m30);
  // Cold: nothing kept from a previous frame. A tick: the clock moved one second, the rest is kept.
  const cold = () => frameToAnsi(layoutFor(m30, appearanceOf(m30), state, { width: 400, height: 1 }, '0.1.0').rows, 'truecolor');
  let second = 0;
  const tick = () => frameToAnsi(layoutFor(m30, look30, { ...state, clock: { ...state.clock, epochMs: state.clock.epochMs + ++second * 1000 } }, { width: 400, height: 1 }, '0.1.0').rows, 'truecolor');
  cold();
  tick();
  const pass30 = time(cold, 200);
  rows.push(['one compose + layout + render pass, 30 widgets at 400 × 1 (cold)', `${pass30.toFixed(3)} ms`]);
  budget.push(['one layout + render pass of 30 widgets', pass30, 1, 'ms']);
  rows.push(['the same on a clock tick (unchanged widgets kept)', `${time(tick, 200).toFixed(3)} ms`]);
  // What the compose and layout caches (ComposeCache, LayoutCache) save on the bar users see first: the example
  // at 160 × 3 with its group boxes, a tick against a pass with nothing kept (a new appearance each time).
  {
    const look3 = appearanceOf(m);
    let s3 = 0;
    const at3 = (look) => layoutFor(m, look, { ...state, clock: { ...state.clock, epochMs: state.clock.epochMs + ++s3 * 1000 } }, { width: 160, height: 3 }, '0.1.0');
    at3(look3);
    rows.push(['compose + layout of config.example.json at 160 × 3, nothing kept', `${time(() => at3(appearanceOf(m)), 200).toFixed(3)} ms`]);
    rows.push(['the same on a clock tick, with the compose and layout caches', `${time(() => at3(look3), 200).toFixed(3)} ms`]);
  }
  const preview = time(() => execFileSync(process.execPath, nodeArgs(cli, 'preview', '--config', join(root, 'config.example.json'), '--set', 'cpu=95', '--format', 'text'), { stdio: 'ignore' }), 5);
  rows.push(['`tilebar preview --set cpu=95 --format text` (process wall)', `${preview.toFixed(0)} ms`]);
  budget.push(['tilebar preview', preview, 400, 'ms']);
  // Pictures, run through the command's own #! line as a user runs it (its Node flags keep resvg's
  // WebAssembly on the baseline compiler, which also spares ~400 ms of optimising it at exit).
  const picture = (format) => time(() => execFileSync(cli, ['preview', '--config', join(root, 'config.example.json'), '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--width', '160', '--format', format], { stdio: 'ignore', env: { ...process.env, TZ: 'UTC' } }), 5);
  const svg = picture('svg');
  const png = picture('png');
  rows.push(['`tilebar preview --format svg --width 160` (process wall)', `${svg.toFixed(0)} ms`]);
  rows.push(['`tilebar preview --format png --width 160` (process wall)', `${png.toFixed(0)} ms`]);
  budget.push(['tilebar preview --format png', png, 1000, 'ms']);
}
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`${'benchmark'.padEnd(width)}  median`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
console.log(`budget:\n${budget.map(([what, v, limit, unit]) => `  ${v <= limit ? 'ok  ' : 'OVER'} ${what}: ${v < 10 ? v.toFixed(3) : v.toFixed(0)} ${unit} (budget ${limit})`).join('\n')}`);
