/** Reading a screenshot's pixels (grim's PNG) as the tests read an X server's: rows of `#rrggbb`. */
import type { PNG } from 'pngjs';

/** Rows of `#rrggbb` from a PNG. */
export function pngRows(png: PNG): string[][] {
  return Array.from({ length: png.height }, (_, y) =>
    Array.from({ length: png.width }, (_, x) => `#${[0, 1, 2].map((c) => (png.data[(y * png.width + x) * 4 + c] ?? 0).toString(16).padStart(2, '0')).join('')}`),
  );
}
