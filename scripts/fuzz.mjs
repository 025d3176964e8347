#!/usr/bin/env node
// `npm run fuzz`: the validator's fuzz test (test/fuzz/config-fuzz.test.ts) at full size — 10,000 mutated
// documents by default — over the repository's own configs plus the public real configs of ../shared when
// present. FUZZ_RUNS, FUZZ_SEED and FUZZ_CORPUS override. It prints its figures; it fails on any throw,
// unlocated problem or document over 200 ms.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = join(root, '..', 'shared', 'fixtures', 'real-configs');
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000' };
if (!env.FUZZ_CORPUS) {
  if (existsSync(shared)) env.FUZZ_CORPUS = shared;
  else console.log(`fuzz: ${shared} is absent; mutating the repository's own configs only`);
}
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', 'test/fuzz/config-fuzz.test.ts'], { cwd: root, env, stdio: 'inherit' });
process.exit(r.status ?? 1);
