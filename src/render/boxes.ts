/** What a tall bar draws around its content row: boxes around groups, and the rows of tall grids (a binary clock). */
import type { GroupingModel } from '../config/model.js';
import type { ResolvedTheme } from '../../themes/resolve-theme.js';
import type { Hex } from '../config/model.js';
import type { Piece, Run } from './bar-types.js';
import { SHADE_STYLES } from './group-frames.js';
import { DECORATIONS, type IconSet } from './icons.js';
import { overlay } from './rows.js';

export interface BoxPlace {
  grouping: Extract<GroupingModel, { rounding: readonly number[] }>;
  theme: ResolvedTheme;
  icons: IconSet;
  contentRow: number;
  width: number;
  bg?: Hex;
}

/** A box round each group's frame (not its shade columns), on the rows above and below the content row. */
export function drawBoxes(rows: Run[][], frames: ReadonlyArray<{ x: number; width: number }>, at: BoxPlace): void {
  const g = at.grouping;
  const rounded = g.rounding.some((v) => v > 0);
  const border = at.theme.colours.border;
  const b = DECORATIONS[at.icons].box;
  const [tl, tr, bl, br] = rounded ? [b.rtl, b.rtr, b.rbl, b.rbr] : [b.tl, b.tr, b.bl, b.br];
  const sides = SHADE_STYLES[g.style].sides;
  const bg = at.bg ? { bg: at.bg } : {};
  for (const f of frames) {
    const w = Math.max(2, f.width - (sides === 'none' ? 0 : sides === 'both' ? 2 : 1));
    const fx = f.x + (sides === 'both' ? 1 : 0);
    overlay(rows, at.contentRow - 1, fx, [{ text: `${tl}${b.h.repeat(w - 2)}${tr}`, fg: border, ...bg }], at.width);
    overlay(rows, at.contentRow + 1, fx, [{ text: `${bl}${b.h.repeat(w - 2)}${br}`, fg: border, ...bg }], at.width);
  }
}

/** The lines of each placed unit's grid above and below the content row, kept within the bar's rows. */
export function drawGrids(rows: Run[][], placed: ReadonlyArray<{ piece: Piece; x: number }>, at: { contentRow: number; width: number }): void {
  const height = rows.length;
  for (const { piece, x } of placed) {
    const grid = piece.grid;
    if (!grid) continue;
    const gridX = x + piece.runs.findIndex((r) => grid.lines[grid.contentLine]?.includes(r));
    const top = Math.max(0, Math.min(at.contentRow - grid.contentLine, height - grid.lines.length));
    grid.lines.forEach((line, i) => {
      if (top + i !== at.contentRow) overlay(rows, top + i, gridX, line, at.width);
    });
  }
}
