/**
 * `overlay` (rows.ts) cuts runs at cell boundaries instead of copying every cell: it must draw what the
 * cell-by-cell model draws — the row's cells before `x`, the overlay's, the row's after it — cell for cell and
 * colour for colour, for any row, position, width and text (wide characters included). A space's foreground
 * does not show, so merging may give it either neighbour's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../src/render/bar-types.js';
import { merge, ONE_CELL_UNITS, overlay } from '../../src/render/rows.js';
import { textWidth } from '../../src/render/text-width.js';

/** The model: a row as one run per cell (a wide character's second cell an empty run), overwritten in place. */
function overlayByCells(row: Run[], x: number, runs: Run[], width: number): Run[] {
  const cells: Array<Run | undefined> = [];
  for (const r of row) {
    for (const ch of r.text) {
      cells.push({ ...r, text: ch });
      for (let k = 1; k < textWidth(ch); k++) cells.push({ ...r, text: '' });
    }
  }
  let at = x;
  for (const r of runs) {
    for (const ch of r.text) {
      const w = textWidth(ch);
      if (at + w > width) break;
      cells[at] = { ...r, text: ch };
      for (let k = 1; k < w; k++) cells[at + k] = { ...r, text: '' };
      at += w;
    }
  }
  return cells.filter((c): c is Run => c !== undefined);
}

/** What a row shows: each cell's character, background, and foreground where the character is not a space. */
function drawn(row: readonly Run[]): string[] {
  return row.flatMap((r) => [...r.text].map((ch) => `${ch}|${r.bg ?? ''}|${ch === ' ' ? '' : (r.fg ?? '')}`));
}

const text = fc.array(fc.constantFrom('a', 'b', ' ', '─', '╭', '語', '字', '│', '\uf240', '👍'), { minLength: 0, maxLength: 12 }).map((cs) => cs.join(''));
const run = fc.record({ text, fg: fc.constantFrom(undefined, '#112233', '#445566'), bg: fc.constantFrom(undefined, '#000000', '#ffffff') }).map((r) => {
  const out: Run = { text: r.text };
  if (r.fg) out.fg = r.fg as Run['fg'];
  if (r.bg) out.bg = r.bg as Run['bg'];
  return out;
});

describe('overlay', () => {
  it('draws what overwriting cell by cell draws', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 8 }), fc.array(run, { maxLength: 4 }), fc.nat(60), fc.nat(80), (row, runs, x, width) => {
        const rows = [row.map((r) => ({ ...r }))];
        overlay(rows, 0, x, runs, width);
        const expected = x >= width ? row : overlayByCells(row, x, runs, width);
        expect(drawn(merge(rows[0] ?? []))).toEqual(drawn(expected));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the text overlay cuts by index (ONE_CELL_UNITS)', () => {
  it('holds only UTF-16 units that are characters of one cell each', () => {
    for (let unit = 0; unit <= 0xffff; unit++) {
      const ch = String.fromCharCode(unit);
      if (ONE_CELL_UNITS.test(ch)) expect(textWidth(ch), unit.toString(16)).toBe(1);
    }
  });
});
