#!/usr/bin/env node
// Did a refactor change any frame? This renders every config of a directory (the 110 public real configs by
// default, plus config.example.json) at several widths and heights in every preview format, through the built
// command alone — so the bundle of any older commit can be measured the same way, whatever its internals — and
// writes a manifest of what each run printed: sha256 of stdout, exit status, sha256 of stderr. Comparing two
// manifests names the frames that differ and shows the first few, run again from both bundles.
//
//   node scripts/frames-manifest.mjs make [--bundle dist/bundle/main.js] [--configs DIR] [--widths 60,120,200]
//                                         [--heights 1,3] [--formats text,ansi,json,svg,png] [--jobs 2]
//                                         [--out frames.json]
//   node scripts/frames-manifest.mjs compare before.json after.json [--show 5] [--bundle-a FILE] [--bundle-b FILE]
//
// Everything the frame reads is fixed: the instant (--at), the zone (TZ=UTC), the readings (--data, every
// --set key), the window manager's state (--tiler-state), the icons and the colour depth. Nothing is read from
// the machine. The variant is left to each config's $schema, else the platform (the manifest records it).
// The feeds have no one-frame mode (`tilebar feed` runs until its host closes it), so they are not covered.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from './node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FORMATS = ['text', 'ansi', 'json', 'svg', 'png'];
const AT = '2024-09-08T09:05:03Z';

/** Every --set key with a value, so no widget waits for the machine (the same file for both commits). */
const READINGS = {
  cpu: 95, memory: 48, battery: 10, 'battery.state': 'discharging', 'storage./': 91, 'storage.C:\\': 50,
  'network.received': '1.2MiB', 'network.transmitted': '96KiB', 'network.total_received': '3GiB',
  'network.total_transmitted': '1GiB', 'network.interface': 'wlan0', update: '9.0.0', 'media.artist': 'Nils Frahm',
  'media.title': 'Says', 'media.status': 'Playing', keyboard: 'en-GB',
};

function options(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) out[argv[i].slice(2)] = argv[++i];
    else out._.push(argv[i]);
  }
  return out;
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The child's whole world: no HOME to discover a config in, no terminal, a fixed zone. */
function childEnv(tmp) {
  return { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TZ: 'UTC', TMPDIR: tmp, LANG: 'C.UTF-8', TILEBAR_TEMP_CHECK: '0' };
}

/** The command line of one frame; config paths are absolute and the readings relative to the fixed cwd. */
function previewArgs(config, width, height, format) {
  return ['preview', '--config', config, '--at', AT, '--data', 'readings.json', '--tiler-state', 'tiler-state.json',
    '--icons', 'unicode', '--color', 'truecolor', '--width', String(width), '--height', String(height), '--format', format];
}

function run(bundle, args, cwd) {
  return new Promise((done) => {
    execFile(process.execPath, nodeArgs(bundle, ...args), { cwd, env: childEnv(cwd), encoding: 'buffer', maxBuffer: 64 << 20, timeout: 60_000 }, (error, stdout, stderr) => {
      const exit = error ? (typeof error.code === 'number' ? error.code : String(error.signal ?? error.code)) : 0;
      done({ stdout, stderr, exit });
    });
  });
}

/**
 * The README picture's window-manager state on three monitors (DISPLAY1–3, the same workspaces), so configs for
 * a second or third monitor (`monitor: 1`, `{ "index": 2 }`) are drawn, not refused for a monitor not connected.
 */
function tilerState() {
  const state = JSON.parse(readFileSync(join(root, 'docs', 'example-tiler-state.json'), 'utf8'));
  const [first] = state.monitors.elements;
  state.monitors.elements = [0, 1, 2].map((i) => ({ ...first, name: `DISPLAY${i + 1}` }));
  state.monitor_usr_idx_map = { 0: 0, 1: 1, 2: 2 };
  return state;
}

/** A working folder with the readings and the window manager's state, removed by the caller. */
function workDir() {
  const dir = mkdtempSync(join(tmpdir(), 'frames-'));
  writeFileSync(join(dir, 'readings.json'), JSON.stringify(READINGS));
  writeFileSync(join(dir, 'tiler-state.json'), JSON.stringify(tilerState()));
  return dir;
}

async function pool(items, jobs, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

async function make(o) {
  const bundle = resolve(o.bundle ?? join(root, 'dist', 'bundle', 'main.js'));
  const dir = resolve(o.configs ?? '/work/shared/fixtures/real-configs');
  const configs = [...readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)), join(root, 'config.example.json')];
  const widths = (o.widths ?? '60,120,200').split(',').map(Number);
  const heights = (o.heights ?? '1,3').split(',').map(Number);
  const formats = o.formats ? o.formats.split(',') : FORMATS;
  const unknown = formats.filter((f) => !FORMATS.includes(f));
  if (unknown.length > 0) throw new Error(`--formats: ${unknown.join(', ')} is not one of ${FORMATS.join(', ')}`);
  const jobs = Math.max(1, Math.min(2, Number(o.jobs ?? 2)));
  const cases = configs.flatMap((config) => widths.flatMap((w) => heights.flatMap((h) => formats.map((f) => ({ config, w, h, f })))));
  const cwd = workDir();
  const frames = {};
  const started = Date.now();
  let doneCount = 0;
  try {
    await pool(cases, jobs, async ({ config, w, h, f }) => {
      const r = await run(bundle, previewArgs(config, w, h, f), cwd);
      frames[`${basename(config)} w${w} h${h} ${f}`] = { stdout: sha(r.stdout), exit: r.exit, stderr: sha(r.stderr) };
      if (++doneCount % 200 === 0) process.stderr.write(`${doneCount}/${cases.length} frames, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const sorted = Object.fromEntries(Object.entries(frames).sort(([a], [b]) => (a < b ? -1 : 1)));
  const manifest = { bundle, configs: dir, example: join(root, 'config.example.json'), widths, heights, formats, at: AT, platform: process.platform, readings: READINGS, seconds, frames: sorted };
  const outFile = o.out ?? 'frames.json';
  writeFileSync(outFile, JSON.stringify(manifest, null, 1) + '\n');
  console.log(`${cases.length} frames of ${configs.length} configs in ${seconds.toFixed(0)} s (${jobs} at a time) → ${outFile}`);
}

/** The config file a key names: the example's own place, or the manifest's directory. */
function configOf(manifest, key) {
  const name = key.split(' ').slice(0, -3).join(' ');
  return name === basename(manifest.example) ? manifest.example : join(manifest.configs, name);
}

/** A few lines around the first difference of two outputs (text shown with escapes visible). */
function shortDiff(a, b, binary) {
  if (binary) return [`  before: ${a.length} bytes, after: ${b.length} bytes`];
  const la = a.toString('utf8').split('\n');
  const lb = b.toString('utf8').split('\n');
  const first = la.findIndex((line, i) => line !== lb[i]);
  const at = first === -1 ? Math.min(la.length, lb.length) : first;
  const show = (line) => JSON.stringify(line ?? '(none)').slice(0, 400);
  const lines = [`  first difference at line ${at + 1} of ${la.length} / ${lb.length}`];
  for (let i = at; i < at + 3 && (i < la.length || i < lb.length); i++) lines.push(`  - ${show(la[i])}`, `  + ${show(lb[i])}`);
  return lines;
}

async function compare(o) {
  const [a, b] = o._.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  // Manifests of different formats (make --formats) are compared on the formats both have, and say so.
  const common = (a.formats ?? FORMATS).filter((f) => (b.formats ?? FORMATS).includes(f));
  const inCommon = (k) => common.includes(k.split(' ').at(-1));
  if (common.length < new Set([...(a.formats ?? FORMATS), ...(b.formats ?? FORMATS)]).size) console.log(`comparing the formats both manifests have: ${common.join(', ')}`);
  const keys = [...new Set([...Object.keys(a.frames), ...Object.keys(b.frames)])].filter(inCommon).sort();
  const differing = keys.filter((k) => JSON.stringify(a.frames[k]) !== JSON.stringify(b.frames[k]));
  console.log(`${keys.length} frames: ${keys.length - differing.length} the same, ${differing.length} differ`);
  if (a.platform !== b.platform) console.log(`note: made on ${a.platform} and ${b.platform}; configs without $schema take the platform's variant`);
  const byWhat = {};
  for (const k of differing) {
    const [x, y] = [a.frames[k], b.frames[k]];
    const what = !x || !y ? 'only in one' : [x.stdout !== y.stdout && 'stdout', x.exit !== y.exit && 'exit', x.stderr !== y.stderr && 'stderr'].filter(Boolean).join('+');
    byWhat[what] = (byWhat[what] ?? 0) + 1;
    console.log(`${k}: ${what}`);
  }
  if (differing.length > 0) console.log(`by what differs: ${JSON.stringify(byWhat)}`);
  const cwd = workDir();
  try {
    for (const k of differing.slice(0, Number(o.show ?? 5))) {
      const [w, h, f] = k.split(' ').slice(-3);
      const args = previewArgs(configOf(b, k), w.slice(1), h.slice(1), f);
      const [ra, rb] = [await run(o['bundle-a'] ?? a.bundle, args, cwd), await run(o['bundle-b'] ?? b.bundle, args, cwd)];
      console.log(`\n${k}\n  tilebar ${args.join(' ')}`);
      if (ra.exit !== rb.exit) console.log(`  exit: ${ra.exit} → ${rb.exit}`);
      if (!ra.stdout.equals(rb.stdout)) console.log(['  stdout:', ...shortDiff(ra.stdout, rb.stdout, f === 'png')].join('\n'));
      if (!ra.stderr.equals(rb.stderr)) console.log(['  stderr:', ...shortDiff(ra.stderr, rb.stderr, false)].join('\n'));
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  process.exitCode = differing.length > 0 ? 1 : 0;
}

const o = options(process.argv.slice(2));
const mode = o._.shift();
if (mode === 'make') await make(o);
else if (mode === 'compare' && o._.length === 2) await compare(o);
else {
  console.error('usage: frames-manifest.mjs make [--bundle FILE] [--configs DIR] [--widths 60,120,200] [--heights 1,3] [--jobs 2] [--out FILE]\n       frames-manifest.mjs compare BEFORE.json AFTER.json [--show N] [--bundle-a FILE] [--bundle-b FILE]');
  process.exitCode = 2;
}
