#!/usr/bin/env node
// CPU and allocation of one second of `tilebar feed i3bar` in process: a new second (and the readings a second of
// the example's polls brings), the store published, the feed's blocks made and its line written — without the
// wake-up around it (bench/feed.mjs has the whole process). Under the V8 flags the feed runs with
// (src/cli/v8-flags.ts), bundled as the command is. Ticks come back to back (hot) and 300 ms apart (sparse: nearer
// a feed, whose code goes cold between seconds). FEED_TICK_CONFIG chooses the config.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'tilebar-feed-tick-'));
await build({
  entryPoints: [join(root, 'bench', 'entries', 'feed-tick.ts'), join(root, 'src', 'cli', 'v8-flags.ts')],
  outdir: tmp,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
  logLevel: 'warning',
});
// The feed's own flags, as it sets them as it starts (before the measured code is compiled).
const { flagsFor } = await import(pathToFileURL(join(tmp, 'src', 'cli', 'v8-flags.js')).href);
const flags = flagsFor(['feed', 'i3bar']);
for (const flag of flags) setFlagsFromString(flag);
const { measure } = await import(pathToFileURL(join(tmp, 'bench', 'entries', 'feed-tick.js')).href);
const config = process.env.FEED_TICK_CONFIG ?? join(root, 'config.example.json');
console.log(`one second of the i3bar feed of ${config.replace(`${root}/`, '')} (flags: ${flags.join(' ')}), median of 5 rounds`);
const median = (xs) => [...xs].sort((a, b) => a - b)[2];
const hot = [];
const sparse = [];
const allocated = [];
let bytes = 0;
for (let i = 0; i < 5; i++) {
  hot.push((await measure(config, 300, 0, false)).cpuMsPerTick);
  sparse.push((await measure(config, 40, 300, false)).cpuMsPerTick);
  const a = await measure(config, 200, 0, true);
  allocated.push(a.allocatedPerTick);
  bytes = a.bytesPerTick;
}
console.log(`  CPU ms a second: hot ${median(hot).toFixed(3)}, sparse ${median(sparse).toFixed(3)}; allocated ${(median(allocated) / 1024).toFixed(1)} KB a second; written ${(bytes / 1024).toFixed(1)} KB a second`);
// The bundle was only needed to import it: nothing is left in the temp directory.
rmSync(tmp, { recursive: true, force: true });
