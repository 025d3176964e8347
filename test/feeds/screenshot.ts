/**
 * The README's pictures of each host bar, made by the real-host tests: with TILEBAR_SCREENSHOTS set to a
 * directory (`npm run screenshots` sets docs/feeds), a test saves what it read from the screen there as
 * `<host>.png`, cropped to what the bar drew; without it nothing is written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

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
