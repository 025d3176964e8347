/** Rows of runs as cells: overlaying, clipping to the width, merging runs that draw as one, click targets. */
import { textWidth } from './text-width.js';
import type { ClickTarget, Run } from './bar-types.js';

/** The clickable spans of a row: consecutive runs with the same action make one target. */
export function targetsOf(row: readonly Run[]): ClickTarget[] {
  const out: ClickTarget[] = [];
  let x = 0;
  for (const r of row) {
    const w = textWidth(r.text);
    if (r.action) {
      const last = out.at(-1);
      if (last && last.action === r.action && last.x + last.width === x) last.width += w;
      else out.push({ x, width: w, action: r.action, ...(r.unit ? { unit: r.unit } : {}) });
    }
    x += w;
  }
  return out;
}

/**
 * Text in which every UTF-16 unit is a character of one cell (textWidth's answer for each: printable ASCII and
 * Latin, box drawing and blocks, the Private Use Area of Nerd Font icons): its cells are its indices, so it is cut
 * with `slice`. A bar's spacers, gaps and box borders are such text; test/render/overlay.test.ts checks the ranges.
 */
export const ONE_CELL_UNITS = /^[\x20-\x7e\xa0-\u02ff\u2500-\u259f\ue000-\uf8ff]*$/;

/**
 * Where `text` is cut so that what comes before it is its characters that start before column `col`: the UTF-16
 * index of the first character starting at or after `col`. Cut by index, without walking the text a character at a
 * time (a string and an iterator result each): a 3-row bar's box borders cut the row's spacers at every frame.
 */
function startIndex(text: string, col: number): number {
  if (col <= 0) return 0;
  if (ONE_CELL_UNITS.test(text)) return Math.min(col, text.length);
  let at = 0;
  let i = 0;
  for (const ch of text) {
    if (at >= col) return i;
    at += textWidth(ch);
    i += ch.length;
  }
  return text.length;
}

/** The UTF-16 index at which `text`'s characters stop fitting in `cols` columns. */
function fitIndex(text: string, cols: number): number {
  if (ONE_CELL_UNITS.test(text)) return Math.min(cols, text.length);
  let at = 0;
  let i = 0;
  for (const ch of text) {
    const w = textWidth(ch);
    if (at + w > cols) return i;
    at += w;
    i += ch.length;
  }
  return text.length;
}

/**
 * Replace the cells of `row` from `x` with `runs` (what fits before `width`). Runs are cut at cell boundaries,
 * not split into a run per cell: a box's two border rows on a tall bar cost a few runs each, not a copy of every
 * cell of the row (that copying was a tenth of a 3-row bar's CPU, bench/profile.mjs). A wide character the
 * overlay's left edge cuts stays (the overlay then starts after it), one its right edge cuts goes.
 */
export function overlay(rows: Run[][], row: number, x: number, runs: Run[], width: number): void {
  const target = rows[row];
  if (!target || x >= width) return;
  const before = cutBefore(target, x);
  const placed: Run[] = [];
  let end = x;
  for (const r of runs) {
    const cut = fitIndex(r.text, width - end);
    const text = cut === r.text.length ? r.text : r.text.slice(0, cut);
    if (text) placed.push(text === r.text ? r : { ...r, text });
    end += textWidth(text);
  }
  rows[row] = [...before, ...placed, ...cutFrom(target, end)];
}

/** The runs of the cells before `x`. */
function cutBefore(runs: readonly Run[], x: number): Run[] {
  const before: Run[] = [];
  let at = 0;
  for (const r of runs) {
    if (at >= x) break;
    const w = textWidth(r.text);
    if (at + w <= x) {
      before.push(r);
      at += w;
      continue;
    }
    const text = r.text.slice(0, startIndex(r.text, x - at));
    if (text) before.push({ ...r, text });
    break;
  }
  return before;
}

/** The runs of the cells from `x` on (a character that starts before `x` is not among them). */
function cutFrom(runs: readonly Run[], x: number): Run[] {
  const out: Run[] = [];
  let at = 0;
  for (const r of runs) {
    const w = textWidth(r.text);
    if (at >= x) out.push(r);
    else if (at + w > x) {
      const text = r.text.slice(startIndex(r.text, x - at));
      if (text) out.push({ ...r, text });
    }
    at += w;
  }
  return out;
}

/** Exactly `width` cells: longer rows are clipped at the right edge. */
export function clip(runs: Run[], width: number): Run[] {
  const out: Run[] = [];
  let x = 0;
  for (const r of runs) {
    const w = textWidth(r.text);
    if (x + w <= width) {
      out.push(r);
      x += w;
      continue;
    }
    let text = '';
    for (const ch of r.text) {
      if (x + textWidth(text + ch) > width) break;
      text += ch;
    }
    if (text) out.push({ ...r, text });
    x += textWidth(text);
    break;
  }
  return out;
}

/** Spaces not in reverse video: their foreground colour and boldness do not show. */
function blank(r: Run): boolean {
  if (r.inverse) return false;
  for (let i = 0; i < r.text.length; i++) if (r.text.charCodeAt(i) !== 32) return false;
  return true;
}

/**
 * Whether two adjacent runs draw as one: the same cells' colours and the same place in the bar (section,
 * group, unit, click action). Blank runs (a group's cap, the gap after an icon) take any foreground: every
 * run less is a <Text> less for Ink to lay out and tokenize each frame, and an SGR change less to write.
 */
function drawsAsOne(a: Run, b: Run): boolean {
  if (a.bg !== b.bg || !a.inverse !== !b.inverse || a.section !== b.section || a.unit !== b.unit || a.group !== b.group || a.action !== b.action) return false;
  return (a.fg === b.fg && !a.bold === !b.bold) || blank(a) || blank(b);
}

/** Adjacent runs that draw as one become one; runs are copied only when merged (the others may be shared). */
export function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  const copies = new Set<Run>();
  for (const r of runs) {
    if (r.text === '') continue;
    const last = out[out.length - 1];
    if (last && drawsAsOne(last, r)) {
      // The merged run keeps the style of the one that shows it (not the blank one's).
      const style = blank(last) && !blank(r) ? r : last;
      if (copies.has(last) && style === last) last.text += r.text;
      else {
        const copy = { ...style, text: last.text + r.text, kind: last.kind ?? r.kind };
        copies.add(copy);
        out[out.length - 1] = copy;
      }
    } else out.push(r);
  }
  return out;
}

/** The plain text of a row (what `--format text` prints). */
export function rowText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}
