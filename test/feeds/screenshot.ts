/**
 * The README's pictures of each host bar, made by the real-host tests: with TILEBAR_SCREENSHOTS set to a
 * directory (`npm run screenshots` sets docs/feeds), a test saves what it read from the screen there as
 * `<host>.png`, cropped to what the bar drew; without it nothing is written. A terminal's screen (tmux's status
 * lines, read with capture-pane) is drawn cell by cell in the colours tmux gave each, as `preview --format png`
 * draws a frame.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Run } from '../../src/render/bar-types.js';
import { svgToPng, SHIPPED_FAMILY } from '../../src/render/png.js';
import { frameToSvg } from '../../src/render/svg.js';
import type { ScreenCell } from '../tty/tmux.js';

/** Rows of `#rrggbb` from a PNG (grim's screenshot). */
export function pngRows(png: PNG): string[][] {
  return Array.from({ length: png.height }, (_, y) =>
    Array.from({ length: png.width }, (_, x) => `#${[0, 1, 2].map((c) => (png.data[(y * png.width + x) * 4 + c] ?? 0).toString(16).padStart(2, '0')).join('')}`),
  );
}

/** Save `rows` cropped to the columns that are not `background`, with a margin; nothing without the variable. */
export function saveScreenshot(host: string, rows: readonly (readonly string[])[], background = '#000000'): void {
  const dir = process.env.TILEBAR_SCREENSHOTS;
  if (!dir || rows.length === 0) return;
  const width = rows[0]?.length ?? 0;
  let from = width;
  let to = -1;
  for (const row of rows)
    row.forEach((c, x) => {
      if (c === background) return;
      from = Math.min(from, x);
      to = Math.max(to, x);
    });
  if (to < 0) return;
  const margin = 8;
  const left = Math.max(0, from - margin);
  const right = Math.min(width - 1, to + margin);
  const png = new PNG({ width: right - left + 1, height: rows.length });
  rows.forEach((row, y) => {
    for (let x = left; x <= right; x++) {
      const hex = row[x] ?? background;
      const i = (y * png.width + (x - left)) * 4;
      png.data[i] = Number.parseInt(hex.slice(1, 3), 16);
      png.data[i + 1] = Number.parseInt(hex.slice(3, 5), 16);
      png.data[i + 2] = Number.parseInt(hex.slice(5, 7), 16);
      png.data[i + 3] = 255;
    }
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${host}.png`), PNG.sync.write(png));
}

/** Save the cells of a terminal's lines as `<host>.png` (9×18 pixels a cell); nothing without the variable. */
export async function saveTerminalPicture(host: string, lines: readonly (readonly ScreenCell[])[]): Promise<void> {
  const dir = process.env.TILEBAR_SCREENSHOTS;
  if (!dir || lines.length === 0) return;
  const rows = lines.map((line) => {
    const runs: Run[] = [];
    for (const c of line) {
      const last = runs.at(-1);
      if (last && last.fg === c.fg && last.bg === c.bg && (last.bold ?? false) === c.bold) last.text += c.ch;
      else runs.push({ text: c.ch, ...(c.fg ? { fg: c.fg } : {}), ...(c.bg ? { bg: c.bg } : {}), bold: c.bold });
    }
    return runs;
  });
  const svg = frameToSvg(rows, { cell: { width: 9, height: 18 }, scale: 1, fonts: [SHIPPED_FAMILY], background: '#000000', foreground: '#e5e5e5' });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${host}.png`), await svgToPng(svg));
}
