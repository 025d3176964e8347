#!/usr/bin/env node
// The validator's slowest document: runs the fuzz (`npm run fuzz`: 10,000 mutated configs, seed 20261123,
// the real configs of ../shared when present), takes the few documents it found slowest, and times checking each
// again in this process (median of 7, after a warm-up), against its budget of 100 ms. The fuzz test itself
// never asserts a duration (a test must not depend on the machine's speed): this is where the budget lives.
// FUZZ_RUNS / FUZZ_SEED pass through.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigText } from '../dist/src/config/load.js';
import { BUILTIN_WIDGETS } from '../dist/widgets/kinds.js';

const BUDGET_MS = 100;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'tilebar-fuzz-worst-'));
const out = dir;
try {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'fuzz.mjs')], { cwd: root, env: { ...process.env, FUZZ_SLOWEST_OUT: out }, encoding: 'utf8' });
  const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /^.*fuzz: /.test(l)).map((l) => l.replace(/^.*?fuzz: /, 'fuzz: '));
  console.log(lines.join('\n'));
  if (r.status !== 0) throw new Error(`npm run fuzz failed (${r.status}):\n${r.stdout.slice(-3000)}`);
  // The fuzz's slowest few, each timed again (one timing in the fuzz can be a garbage collection).
  const timeOf = (text) => {
    loadConfigText(text, 'bar.json', { kinds: BUILTIN_WIDGETS });
    const times = Array.from({ length: 7 }, () => {
      const t = process.hrtime.bigint();
      loadConfigText(text, 'bar.json', { kinds: BUILTIN_WIDGETS });
      return Number(process.hrtime.bigint() - t) / 1e6;
    }).sort((a, b) => a - b);
    return times[3];
  };
  const worst = readdirSync(out)
    .map((f) => ({ index: Number.parseInt(f, 10), text: JSON.parse(readFileSync(join(out, f), 'utf8')) }))
    .map((d) => ({ ...d, ms: timeOf(d.text) }))
    .sort((a, b) => b.ms - a.ms)[0];
  const { text, ms } = worst;
  // Is it linear in the document's size? The same document cut to a half and a quarter of its characters
  // (cut documents are still checked: they end in a located syntax error).
  const scaled = [0.25, 0.5].map((f) => {
    const part = text.slice(0, Math.floor(text.length * f));
    loadConfigText(part, 'bar.json', { kinds: BUILTIN_WIDGETS });
    const t = process.hrtime.bigint();
    loadConfigText(part, 'bar.json', { kinds: BUILTIN_WIDGETS });
    return `${(f * 100).toFixed(0)} %: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1)} ms`;
  });
  console.log(`slowest fuzz document: #${worst.index} (${(text.length / 1e3).toFixed(0)} k characters), ${ms.toFixed(1)} ms to check, median of 7 (${scaled.join(', ')} of it)`);
  console.log(`budget:\n  ${ms <= BUDGET_MS ? 'ok  ' : 'OVER'} slowest fuzz document: ${ms.toFixed(1)} ms (budget ${BUDGET_MS} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
