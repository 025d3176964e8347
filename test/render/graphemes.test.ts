import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeSegments, SINGLE_UNIT_CLUSTERS } from '../../src/pane/ink/graphemes.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const icu = (text: string) => [...segmenter.segment(text)].map(({ segment, index }) => ({ segment, index }));
const ours = (text: string) => [...graphemeSegments(text)].map(({ segment, index }) => ({ segment, index }));

/** Every unit the fast path takes alone. */
const SIMPLE: string[] = [];
for (let c = 0; c <= 0xffff; c++) if (SINGLE_UNIT_CLUSTERS.test(String.fromCharCode(c))) SIMPLE.push(String.fromCharCode(c));

describe('grapheme clusters for Ink’s tokenizer', () => {
  it('takes alone only units that can never join a neighbour', () => {
    expect(SIMPLE.length).toBeGreaterThan(10_000);
    const joining = /\p{Grapheme_Extend}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200C\u200D\uFE00-\uFE0F\r]|\p{Surrogate}/u;
    expect(SIMPLE.filter((c) => joining.test(c)).map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
    // Each unit after any of a sample of others is its own cluster, as ICU says.
    const sample = ['a', ' ', '\x1b', '│', '█', '\u2800', '\uE0B0', '☀', 'é', '\n'];
    for (const c of SIMPLE) for (const before of sample) expect(icu(before + c), `${before}+U+${c.charCodeAt(0).toString(16)}`).toHaveLength(2);
  });

  it('splits any line exactly as Intl.Segmenter does, with or without the fast path', () => {
    const unit = fc.oneof(fc.constantFrom(...SIMPLE), fc.constantFrom('\x1b[38;2;1;2;3m', '\x1b[0m', '\r\n', 'e\u0301', '👍🏽', '🇬🇧', '👩‍💻', '\uFE0F', '☀\uFE0F', '한', '\u0915\u094D\u0937'), fc.string({ unit: 'grapheme', maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(ours(text)).toEqual(icu(text));
      }),
      { numRuns: 3000 },
    );
  });
});
