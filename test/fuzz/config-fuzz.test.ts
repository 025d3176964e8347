/**
 * The validator against hostile documents: mutations of real and example configs (test/fuzz/mutate.ts). For
 * every document: `loadConfigText` returns (never throws), every problem is located inside the document and
 * bounded in length, no problem is the checker's own failure, `--fix` applies, and a document that loads draws
 * at several sizes — so nothing `check` accepts can crash a preview. How long each check takes is a figure, not
 * an assertion (a test never depends on the machine's speed): the summary prints the slowest document, and
 * `npm run bench` holds it to its budget (bench/fuzz-worst.mjs).
 *
 * `npm test` runs a seeded few hundred cases over the repository's own configs; `npm run fuzz` runs 10,000
 * (FUZZ_RUNS) and adds the real configs of ../shared when present (FUZZ_CORPUS), then prints its figures.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { applyFixes } from '../../src/config/fix.js';
import { INTERNAL_PROBLEM, loadConfigText, MAX_CONFIG_BYTES, WALKER_GAP_HINT, type LoadResult } from '../../src/config/load.js';
import { modelProblem } from '../../src/config/model-guard.js';
import { formatProblem } from '../../src/config/problem.js';
import { rowText } from '../../src/render/rows.js';
import { textWidth } from '../../src/render/text-width.js';
import { hasUnsafeCharacters } from '../../src/text/safe-text.js';
import { caseArbitrary, documentOf, parseSeed, type J } from './mutate.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const AT = Date.parse('2024-09-08T09:05:03Z');

function corpus(): { names: string[]; seeds: J[] } {
  const files = [join(process.cwd(), 'config.example.json'), ...readdirSync(join(process.cwd(), 'test/fuzz/seeds')).map((f) => join(process.cwd(), 'test/fuzz/seeds', f))];
  const extra = process.env.FUZZ_CORPUS;
  if (extra && existsSync(extra)) files.push(...readdirSync(extra).filter((f) => f.endsWith('.json')).map((f) => join(extra, f)));
  const names: string[] = [];
  const seeds: J[] = [];
  for (const f of files.sort()) {
    try {
      seeds.push(parseSeed(readFileSync(f, 'utf8')));
      names.push(f);
    } catch {
      // A real config that does not parse as JSONC is no seed.
    }
  }
  return { names, seeds };
}

/** A figure for the summary, never asserted: how long one check took. */
function timedLoad(text: string): { result: LoadResult; ms: number } {
  const t = performance.now();
  const result = loadConfigText(text, 'bar.json', { kinds: BUILTIN_WIDGETS });
  return { result, ms: performance.now() - t };
}

/** The few slowest documents, slowest first: one timing can be a garbage collection, so bench/ times them again. */
const SLOWEST_KEPT = 8;
const stats = { documents: 0, loaded: 0, rejected: 0, times: [] as number[], largest: 0, slowest: [] as Array<{ ms: number; index: number; text: string }> };

function checkDocument(text: string): void {
  const { result, ms } = timedLoad(text);
  // Documents over the size limit are refused by their length alone; a pause in one is the collector's (their
  // megabytes were just made), so the slowest kept are of the documents actually read.
  if (text.length <= MAX_CONFIG_BYTES && (stats.slowest.length < SLOWEST_KEPT || ms > (stats.slowest.at(-1)?.ms ?? 0))) {
    stats.slowest = [...stats.slowest, { ms, index: stats.documents, text }].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_KEPT);
  }
  stats.documents++;
  stats.times.push(ms);
  stats.largest = Math.max(stats.largest, text.length);
  const lines = result.source.text.split('\n');
  for (const p of result.problems) {
    expect(p.message).not.toContain(INTERNAL_PROBLEM);
    expect(p.hint ?? '').not.toBe(WALKER_GAP_HINT);
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.line).toBeLessThanOrEqual(lines.length);
    expect(p.col).toBeGreaterThanOrEqual(1);
    expect(p.col).toBeLessThanOrEqual((lines[p.line - 1]?.length ?? 0) + 1);
    // What check prints is bounded and safe whatever the document held.
    const printed = `${formatProblem('bar.json', p)}\n${result.source.excerpt(p)}`;
    expect(printed.length).toBeLessThan(2000);
    expect(hasUnsafeCharacters(printed.replaceAll('\n', '').replaceAll('\t', ''))).toBe(false);
  }
  const fixed = applyFixes(text, result.problems);
  if (fixed.applied.length > 0) loadConfigText(fixed.text, 'bar.json', { kinds: BUILTIN_WIDGETS });
  if (!result.model) {
    stats.rejected++;
    expect(result.problems.some((p) => p.severity === 'error')).toBe(true);
    return;
  }
  stats.loaded++;
  // A model the validator makes is one the cache's guard accepts, as it reads it back (through JSON).
  expect(modelProblem(JSON.parse(JSON.stringify(result.model)), BUILTIN_WIDGETS)).toBeUndefined();
  const look = appearanceOf(result.model, { icons: 'unicode' });
  for (const [width, height] of [
    [160, 1],
    [40, 3],
    [7, 1],
  ] as const) {
    const layout = layoutFor(result.model, look, { statuses: {}, clock: { epochMs: AT, systemZone: 'UTC' } }, { width, height }, '0.1.0');
    expect(layout.rows).toHaveLength(height);
    for (const row of layout.rows) {
      expect(row.reduce((n, r) => n + textWidth(r.text), 0)).toBe(width);
      expect(hasUnsafeCharacters(rowText(row))).toBe(false);
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

describe('the validator against mutated configs', () => {
  const { names, seeds } = corpus();

  it('keeps its seeds loadable (a mutation starts from a valid config)', () => {
    for (const [i, seed] of seeds.entries()) expect(names[i]).toBeTruthy(), expect(seed).toBeTruthy();
    expect(seeds.length).toBeGreaterThanOrEqual(3);
  });

  it(`never throws, locates every problem and answers every document (${RUNS} documents, seed ${SEED})`, { timeout: Math.max(120_000, RUNS * 100) }, () => {
    fc.assert(
      fc.property(caseArbitrary(seeds.length), (c) => {
        checkDocument(documentOf(seeds, c));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const sorted = [...stats.times].sort((a, b) => a - b);
    const summary = [
      `fuzz: ${stats.documents} documents from ${seeds.length} seeds (seed ${SEED}): ${stats.loaded} loaded, ${stats.rejected} rejected, 0 throws, 0 unlocated problems`,
      `fuzz: check time per document: median ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms; largest document ${(stats.largest / 1e6).toFixed(1)} MB`,
      `fuzz: slowest documents within the size limit, timed once here: ${stats.slowest.map((d) => `#${d.index} (${(d.text.length / 1e3).toFixed(0)} k characters) ${d.ms.toFixed(1)} ms`).join(', ')} (figures, not a verdict: bench/fuzz-worst.mjs times them again against the budget)`,
    ];
    console.log(summary.join('\n'));
    // For bench/fuzz-worst.mjs, which times the slowest document again as a figure against its budget.
    // Into a directory, one file each, as JSON: a document may hold lone surrogates, which UTF-8 would not keep.
    const out = process.env.FUZZ_SLOWEST_OUT;
    if (out) for (const d of stats.slowest) writeFileSync(join(out, `${d.index}.json`), JSON.stringify(d.text));
  });
});
