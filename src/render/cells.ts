/**
 * Pixels to terminal cells. The format speaks in the GUI's pixels (points at scale 1); a terminal has
 * cells. A monospace cell is 0.6 em wide and 1.2 em tall, so with `font_size` 12.5 a cell is 7.5 × 15
 * pixels: `widget_spacing` 10 → 1 column, `padding` 10 → 1 column / 1 row, `max_label_width` 400 → 53
 * columns, `height` 50 → 3 rows. `--cell WxH` gives the real cell size in pixels instead.
 */
import type { BarModel, Sides } from '../config/model.js';

export interface CellSize {
  width: number;
  height: number;
}

export function cellSizeFor(fontSize: number, override?: CellSize): CellSize {
  return override ?? { width: fontSize * 0.6, height: fontSize * 1.2 };
}

export function parseCellSize(text: string): CellSize | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Whole columns for a horizontal length; any positive length is at least one column. */
export const columnsOf = (px: number, cell: CellSize) => (px <= 0 ? 0 : Math.max(1, Math.round(px / cell.width)));
/** Whole rows for a vertical length; lengths under half a row are none. */
export const rowsOf = (px: number, cell: CellSize) => (px <= 0 ? 0 : Math.round(px / cell.height));

export interface CellSides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const sidesInCells = (s: Sides, cell: CellSize): CellSides => ({
  top: rowsOf(s.top, cell),
  right: columnsOf(s.right, cell),
  bottom: rowsOf(s.bottom, cell),
  left: columnsOf(s.left, cell),
});

/** The bar's lengths in cells. */
export interface CellMetrics {
  cell: CellSize;
  padding: CellSides;
  margin: CellSides;
  widgetSpacing: number;
  maxLabelWidth: number;
  /** Rows the config's `height` asks for (at least 1). */
  rows: number;
  /** Cells an icon takes: 1, or 2 (glyph and a space) when `icon_scale` is 1.5 or more, for wide glyphs. */
  iconWidth: number;
}

export function cellMetrics(model: Pick<BarModel, 'fontSize' | 'padding' | 'margin' | 'widgetSpacing' | 'maxLabelWidth' | 'height' | 'iconScale'>, override?: CellSize): CellMetrics {
  const cell = cellSizeFor(model.fontSize, override);
  return {
    cell,
    padding: sidesInCells(model.padding, cell),
    margin: sidesInCells(model.margin, cell),
    widgetSpacing: columnsOf(model.widgetSpacing, cell),
    maxLabelWidth: Math.max(4, Math.floor(model.maxLabelWidth / cell.width)),
    rows: Math.max(1, rowsOf(model.height, cell)),
    iconWidth: model.iconScale >= 1.5 ? 2 : 1,
  };
}
