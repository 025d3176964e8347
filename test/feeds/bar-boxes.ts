/**
 * The boxes a host bar drew, read from its pixels as a user sees them: each stretch of the bar's text row that is
 * not the host's own background is a box (a block, or blocks drawn touching); inside it, how many columns of one
 * colour (the block's background) stand between its border (or its edge) and the first and last thing drawn in it
 * — a glyph, or the fill of a highlighted stretch.
 * Pure: rows of `#rrggbb` in, boxes out, so a test can say "text does not touch the border" in pixels.
 */
export interface ScreenBox {
  /** First and last column of the box, border included. */
  from: number;
  to: number;
  /** Columns of nothing but the block's background between the left border (or edge) and the first glyph or other fill. */
  padLeft: number;
  padRight: number;
}

/** The boxes on `rows` (a bar's strip of the screen), left to right; `background` is the host bar's own. */
export function barBoxes(rows: readonly (readonly string[])[], background = '#000000'): ScreenBox[] {
  // The bar's rows: those with something drawn on them; a row all of one other colour is what lies below the bar.
  const bar = rows.filter((row) => row.some((c) => c !== background) && row.some((c) => c !== row[0]));
  return boxesOn(bar, background);
}

function boxesOn(rows: readonly (readonly string[])[], background: string): ScreenBox[] {
  const drawn = rows.map((row, y) => (row.some((c) => c !== background) ? y : -1)).filter((y) => y >= 0);
  if (drawn.length === 0) return [];
  const textRow = rows[Math.floor(((drawn[0] ?? 0) + (drawn.at(-1) ?? 0)) / 2)] ?? [];
  const boxes: ScreenBox[] = [];
  let x = 0;
  while (x < textRow.length) {
    if (textRow[x] === background) {
      x++;
      continue;
    }
    const from = x;
    while (x < textRow.length && textRow[x] !== background) x++;
    // A line a pixel or two wide is no box: swaybar draws the last block's right border apart, at the output's edge.
    if (x - from > 2) boxes.push(box(rows, background, from, x - 1));
  }
  return boxes;
}

function box(rows: readonly (readonly string[])[], background: string, from: number, to: number): ScreenBox {
  const column = (x: number) => rows.map((row) => row[x] ?? background);
  // The box's rows: those its middle column is drawn on, less the top and bottom ones (a border, if any).
  const middle = column(Math.floor((from + to) / 2));
  const top = middle.findIndex((c) => c !== background) + 1;
  const bottom = middle.findLastIndex((c) => c !== background) - 1;
  const inside = (x: number) => column(x).slice(top, bottom + 1);
  const uniform = (x: number) => inside(x).every((c) => c === inside(x)[0]);
  // From an end inward: past the border, if any (i3bar's and swaybar's are a pixel wide: a column of one colour
  // before a column of another), then the columns all of the block's background.
  const pad = (start: number, step: 1 | -1) => {
    const within = (x: number) => x >= from && x <= to;
    let x = start;
    if (uniform(x) && uniform(x + step) && inside(x)[0] !== inside(x + step)[0]) x += step;
    const fill = inside(x)[0];
    let n = 0;
    while (within(x) && uniform(x) && inside(x)[0] === fill) {
      n++;
      x += step;
    }
    return n;
  };
  return { from, to, padLeft: pad(from, 1), padRight: pad(to, -1) };
}
