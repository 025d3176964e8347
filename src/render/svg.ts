/**
 * A frame as an SVG of terminal cells (pure): the same rows of runs the terminal renderers draw, at the cell
 * size of `--cell` (or the config's font size), in the palette's exact colours — no reduction to a terminal's
 * 256 or 16. Each cell's character sits at its column, so the grid holds whatever the font's advance. The
 * characters a terminal draws itself rather than from the font — box lines and corners, block elements, shades
 * and the Powerline caps of rounded groups — are drawn as shapes that meet their neighbours exactly, as kitty
 * and WezTerm do; everything else (words, icons) is text in the font family given.
 */
import type { Hex } from '../colour/rgb.js';
import type { CellSize } from './cells.js';
import type { Run } from './bar-types.js';
import { textWidth } from './text-width.js';

export interface SvgOptions {
  cell: CellSize;
  /** Pixels per SVG unit in the width and height given (2 for a HiDPI picture); the drawing is the same. */
  scale: number;
  /** Font families, most wanted first (a generic `monospace` is added last). */
  fonts: readonly string[];
  /** What is under cells without a background (the terminal's). */
  background: Hex;
  /** Text without a colour of its own. */
  foreground: Hex;
}

/** The font's size for a cell: a monospace advance is ~0.6 em and a line ~1.17 em (DejaVu Sans Mono's). */
export function fontSizeFor(cell: CellSize): number {
  return Math.min(cell.width / 0.602, cell.height / 1.17);
}

/** Text as XML character data: markup escaped, and characters XML 1.0 cannot hold dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Box drawing, blocks, shades and Powerline caps as shapes in `fill`; undefined for a character the font draws. */
export function cellShape(ch: string, c: Cell, fill: Hex): string | undefined {
  const t = Math.max(1, c.w * 0.13);
  const cx = c.x + c.w / 2;
  const cy = c.y + c.h / 2;
  const rect = (x: number, y: number, w: number, h: number, extra = '') => `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}"${extra}/>`;
  const hLine = (from: number, to: number) => rect(from, cy - t / 2, to - from, t);
  const vLine = (from: number, to: number) => rect(cx - t / 2, from, t, to - from);
  const arc = (d: string) => `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${num(t)}"/>`;
  const r = Math.min(c.w, c.h) / 2;
  const right = c.x + c.w;
  const bottom = c.y + c.h;
  switch (ch) {
    case '─':
      return hLine(c.x, right);
    case '│':
      return vLine(c.y, bottom);
    case '┌':
      return hLine(cx - t / 2, right) + vLine(cy - t / 2, bottom);
    case '┐':
      return hLine(c.x, cx + t / 2) + vLine(cy - t / 2, bottom);
    case '└':
      return hLine(cx - t / 2, right) + vLine(c.y, cy + t / 2);
    case '┘':
      return hLine(c.x, cx + t / 2) + vLine(c.y, cy + t / 2);
    // Rounded corners: a quarter circle joining the two half lines.
    case '╭':
      return arc(`M${num(right)} ${num(cy)}H${num(cx + r)}A${num(r)} ${num(r)} 0 0 0 ${num(cx)} ${num(cy + r)}V${num(bottom)}`);
    case '╮':
      return arc(`M${num(c.x)} ${num(cy)}H${num(cx - r)}A${num(r)} ${num(r)} 0 0 1 ${num(cx)} ${num(cy + r)}V${num(bottom)}`);
    case '╰':
      return arc(`M${num(right)} ${num(cy)}H${num(cx + r)}A${num(r)} ${num(r)} 0 0 1 ${num(cx)} ${num(cy - r)}V${num(c.y)}`);
    case '╯':
      return arc(`M${num(c.x)} ${num(cy)}H${num(cx - r)}A${num(r)} ${num(r)} 0 0 0 ${num(cx)} ${num(cy - r)}V${num(c.y)}`);
    case '▌':
      return rect(c.x, c.y, c.w / 2, c.h);
    case '▐':
      return rect(cx, c.y, c.w / 2, c.h);
    case '░':
    case '▒':
    case '▓':
      return rect(c.x, c.y, c.w, c.h, ` fill-opacity="${{ '░': '0.25', '▒': '0.5', '▓': '0.75' }[ch]}"`);
    // Powerline's rounded caps: a half ellipse filling the cell, its flat side towards the group.
    case '\ue0b6':
      return `<path d="M${num(right)} ${num(c.y)}A${num(c.w)} ${num(c.h / 2)} 0 0 0 ${num(right)} ${num(bottom)}Z" fill="${fill}"/>`;
    case '\ue0b4':
      return `<path d="M${num(c.x)} ${num(c.y)}A${num(c.w)} ${num(c.h / 2)} 0 0 1 ${num(c.x)} ${num(bottom)}Z" fill="${fill}"/>`;
  }
  const cp = ch.codePointAt(0) ?? 0;
  // Lower eighth blocks ▁ to █ (the battery's icons).
  if (cp >= 0x2581 && cp <= 0x2588 && ch.length === 1) {
    const h = (c.h * (cp - 0x2580)) / 8;
    return rect(c.x, bottom - h, c.w, h);
  }
  return undefined;
}

/** The frame's rows as an SVG document. */
export function frameToSvg(rows: readonly (readonly Run[])[], o: SvgOptions): string {
  const size = fontSizeFor(o.cell);
  // DejaVu Sans Mono's ascent and descent (0.928 and 0.236 em), centred in the cell.
  const baseline = (o.cell.height - 1.164 * size) / 2 + 0.928 * size;
  const family = xmlText([...o.fonts.map((f) => `'${f.replace(/['\\]/g, '')}'`), 'monospace'].join(', '));
  const backs: string[] = [];
  const marks: string[] = [];
  let columns = 0;
  rows.forEach((row, y) => {
    const top = y * o.cell.height;
    let col = 0;
    for (const run of row) {
      const start = col;
      // `inverse` marks a selection for renderers without colour; with colours its fill already shows it. A
      // selection with no colour of its own is drawn in reverse, as a terminal would.
      const swap = run.inverse === true && !run.fg && !run.bg;
      const fg = swap ? o.background : (run.fg ?? o.foreground);
      const bg = swap ? o.foreground : run.bg;
      for (const { segment } of graphemes.segment(run.text)) {
        const w = textWidth(segment);
        if (w === 0) continue;
        const cell = { x: col * o.cell.width, y: top, w: w * o.cell.width, h: o.cell.height };
        if (segment.trim() !== '') {
          const shape = cellShape(segment, cell, fg);
          marks.push(shape ?? `<text x="${num(cell.x)}" y="${num(top + baseline)}" fill="${fg}"${run.bold ? ' font-weight="bold"' : ''}>${xmlText(segment)}</text>`);
        }
        col += w;
      }
      if (bg && bg !== o.background && col > start) backs.push(`<rect x="${num(start * o.cell.width)}" y="${num(top)}" width="${num((col - start) * o.cell.width)}" height="${num(o.cell.height)}" fill="${bg}"/>`);
    }
    columns = Math.max(columns, col);
  });
  const width = columns * o.cell.width;
  const height = rows.length * o.cell.height;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width * o.scale)}" height="${num(height * o.scale)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
    `<rect width="100%" height="100%" fill="${o.background}"/>`,
    // Crisp edges: neighbouring cells' fills meet on one pixel, without a seam of blended colour between them.
    `<g shape-rendering="crispEdges">${backs.join('')}</g>`,
    `<g font-family="${family}" font-size="${num(size)}" xml:space="preserve">${marks.join('')}</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
