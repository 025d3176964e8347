/**
 * The grapheme clusters of a line, for Ink's output tokenizer (@alcalzone/ansi-tokenize, patched in
 * scripts/bundle-patches.mjs to ask here). The tokenizer runs an Intl.Segmenter over every line, and the first Intl
 * object in a process loads ICU's data: ~15 ms of a preview (bench/oneshot.mjs), and the bar's first frame pays
 * it too. A bar's lines are mostly text in which every UTF-16 unit is a cluster of its own (ASCII and Latin,
 * punctuation, arrows, box drawing, blocks, Braille, symbols, Nerd Font icons in the Private Use Area, escape
 * sequences): those are split here, and any other line goes to the Segmenter, built on first need.
 */

/**
 * Units that always form a cluster alone (UAX #29): no combining marks (U+0300–036F, U+20D0–20FF), no joiners
 * or variation selectors (U+200B–200F, U+FE00–FE0F), no surrogates (emoji, regional indicators, modifiers), no
 * Hangul or Indic marks, and no CR (CR LF is one cluster). test/render/graphemes.test.ts checks every one.
 */
export const SINGLE_UNIT_CLUSTERS = /^[\x00-\x0C\x0E-\u02FF\u2010-\u2027\u2030-\u205F\u2070-\u20CF\u2100-\u2BFF\uE000-\uF8FF]*$/;

let segmenter: Intl.Segmenter | undefined;

export interface Grapheme {
  segment: string;
  index: number;
}

function* singleUnits(text: string): Generator<Grapheme> {
  for (let index = 0; index < text.length; index++) yield { segment: text.charAt(index), index };
}

export function graphemeSegments(text: string): Iterable<Grapheme> {
  if (SINGLE_UNIT_CLUSTERS.test(text)) return singleUnits(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}
