#!/usr/bin/env node
// CPU of one clock tick of a running bar (a new second: lay out, render, serialize, hand to FrameWriter),
// in process, Ink app against the direct renderer, bundled as the command is (production React, Ink's patches). Ticks come
// back to back (hot) and 300 ms apart (sparse: nearer an idle bar, whose code goes cold between seconds); on Node 26
// and later also the bytes a tick allocates (V8's own count).
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { INK_PATCHES } from '../scripts/bundle-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'tilebar-ink-tick-'));
const out = join(tmp, 'ink-tick.mjs');
await build({
  entryPoints: [join(root, 'bench', 'entries', 'ink-tick.tsx')],
  outfile: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  define: { 'process.env.NODE_ENV': '"production"' },
  // As the command bundles Ink: its patches (scripts/bundle-patches.mjs) and the bar's own width function.
  alias: { 'react-devtools-core': join(root, 'scripts', 'no-devtools.mjs'), ws: join(root, 'scripts', 'no-devtools.mjs'), 'string-width': join(root, 'src', 'pane', 'ink', 'string-width.ts') },
  // TICK_WITHOUT=<patch name>,…: those patches left out, to see what each still buys against the Ink installed.
  plugins: INK_PATCHES.filter((p) => !(process.env.TICK_WITHOUT ?? '').split(',').includes(p.name)),
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
  logLevel: 'warning',
});
const { measure } = await import(pathToFileURL(out).href);
const config = process.env.TICK_CONFIG ?? join(root, 'config.example.json');
console.log(`one tick of ${config.replace(`${root}/`, '')} at 160 × ${process.env.TICK_ROWS ?? 1}, CPU ms (median of 3 rounds)${process.env.TICK_WITHOUT ? `, without ${process.env.TICK_WITHOUT}` : ''}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[1];
for (const renderer of (process.env.TICK_RENDERERS ?? 'ink,direct').split(',')) {
  const hot = [];
  const sparse = [];
  const allocated = [];
  for (let i = 0; i < 3; i++) {
    const h = await measure(config, renderer, 200, 0);
    hot.push(h.cpuMsPerTick);
    if (h.allocatedPerTick !== undefined) allocated.push(h.allocatedPerTick);
    sparse.push((await measure(config, renderer, 30, 300)).cpuMsPerTick);
  }
  // Bytes allocated a tick, hot: V8 counts them from Node 26 on.
  const kb = allocated.length === 3 ? `   allocated ${(median(allocated) / 1024).toFixed(0).padStart(5)} KB/tick` : '';
  console.log(`${renderer.padEnd(8)} hot ${median(hot).toFixed(2).padStart(6)}   sparse ${median(sparse).toFixed(2).padStart(6)}${kb}`);
}
// The bundle was only needed to import it: nothing is left in the temp directory.
rmSync(tmp, { recursive: true, force: true });
