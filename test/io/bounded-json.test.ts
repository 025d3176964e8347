/** JSON from peers (src/io/bounded-json.ts): JSON.parse's own result within the bounds, a reason beyond them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonShape, jsonShape, parseBoundedJson, PEER_JSON_LIMITS } from '../../src/io/bounded-json.js';

const limits = { maxDepth: 8, maxValues: 200 };
const depthOf = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0);
const countOf = (v: unknown): number => 1 + (v !== null && typeof v === 'object' ? Object.values(v as object).reduce((n: number, x) => n + countOf(x), 0) : 0);

describe('parseBoundedJson', () => {
  it('gives exactly what JSON.parse gives for any document within the bounds, strings with brackets, quotes and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        fc.pre(depthOf(value) <= limits.maxDepth && countOf(value) <= limits.maxValues);
        expect(parseBoundedJson(text, limits)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a document nested deeper than the bound, and one with more values, without parsing it', () => {
    fc.assert(
      fc.property(fc.integer({ min: limits.maxDepth + 1, max: 5000 }), fc.constantFrom('[]', '{"a":}'), (n, kind) => {
        const text = kind === '[]' ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
        expect(parseBoundedJson(text, limits)).toEqual({ ok: false, problem: `nested more than ${limits.maxDepth} deep` });
      }),
    );
    expect(parseBoundedJson(`[${'1,'.repeat(500)}1]`, limits)).toEqual({ ok: false, problem: `more than ${limits.maxValues} values` });
    expect(parseBoundedJson(`[${'{},'.repeat(500)}{}]`, limits)).toEqual({ ok: false, problem: `more than ${limits.maxValues} values` });
  });

  it('says the same of a text taken whole, or in pieces as bytes arrive (split anywhere, inside an escape or a character)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 12 }).map((v) => JSON.stringify(v)), fc.string({ unit: 'grapheme', maxLength: 200 })), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8');
        const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const shape = new JsonShape(limits);
        let last = 0;
        for (const c of [...at, bytes.length]) {
          shape.push(bytes.subarray(last, c));
          last = c;
        }
        expect(shape.problem).toBe(jsonShape(text, limits).problem);
      }),
      { numRuns: 500 },
    );
  });

  it('counts brackets inside strings as text, escaped quotes included', () => {
    const text = JSON.stringify({ title: `${'['.repeat(1000)}\\"${'{'.repeat(1000)}` });
    expect(jsonShape(text, limits)).toEqual({});
    expect(parseBoundedJson(text, limits).ok).toBe(true);
  });

  it('never throws, and never says more than "not JSON" of garbage (no peer bytes in a log)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const r = parseBoundedJson(text, limits);
        if (!r.ok) expect(['not JSON', `nested more than ${limits.maxDepth} deep`, `more than ${limits.maxValues} values`]).toContain(r.problem);
      }),
      { numRuns: 1000 },
    );
  });

  it('takes what a window manager sends: the bounds are far above a busy session’s state', () => {
    // A tree of 40 levels (i3's nested splits) with 2,000 windows.
    let tree: unknown = { nodes: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `w${i}`, rect: { x: 0, y: 0, width: 1, height: 1 }, nodes: [] })) };
    for (let i = 0; i < 20; i++) tree = { nodes: [tree], layout: 'splith' };
    expect(parseBoundedJson(JSON.stringify(tree), PEER_JSON_LIMITS).ok).toBe(true);
  });
});
