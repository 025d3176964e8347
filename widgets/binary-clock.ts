/**
 * The binary clocks (BinaryCircle, BinaryRectangle): 24-hour time with seconds as six BCD columns —
 * hour tens (2 bits), hour units (4), minute tens (3), minute units (4), second tens (3), second units (4) —
 * weights 8, 4, 2, 1 from top to bottom.
 *
 * A bar of 4 or more rows gets the full grid, one cell per bit: lit `●` / unlit `·` (circles, as the
 * original's full and small dots) or lit `■` / unlit `□` (rectangles); cells a digit does not have are
 * blank; a space between the digits of a pair, two between pairs (13 columns). A shorter bar gets one
 * braille character per pair, its left dot column the tens and its right the units (`⠁⣇ ⢀⡄ ⠃⡀`, 5
 * columns): braille has exactly 4 dot rows, so every bit keeps its place; unlit bits are simply absent.
 */
import type { GridCell } from './view.js';

export type BinaryStyle = 'BinaryCircle' | 'BinaryRectangle';

/** Bits per column, tens then units for hours, minutes, seconds. */
export const DIGIT_ROWS = [2, 4, 3, 4, 3, 4] as const;

export function bcdDigits(hour: number, minute: number, second: number): number[] {
  return [Math.floor(hour / 10), hour % 10, Math.floor(minute / 10), minute % 10, Math.floor(second / 10), second % 10];
}

const GLYPHS: Record<BinaryStyle, { lit: string; unlit: string }> = {
  BinaryCircle: { lit: '●', unlit: '·' },
  BinaryRectangle: { lit: '■', unlit: '□' },
};

/** The full grid: 4 lines of 13 cells. */
export function tallBinaryClock(style: BinaryStyle, hour: number, minute: number, second: number): GridCell[][] {
  const digits = bcdDigits(hour, minute, second);
  const { lit, unlit } = GLYPHS[style];
  return [8, 4, 2, 1].map((weight, row) => {
    const line: GridCell[] = [];
    digits.forEach((digit, i) => {
      if (i > 0) line.push({ text: i % 2 === 0 ? '  ' : ' ', lit: false });
      const hasRow = row >= 4 - (DIGIT_ROWS[i] ?? 4);
      line.push(hasRow ? { text: (digit & weight) !== 0 ? lit : unlit, lit: (digit & weight) !== 0 } : { text: ' ', lit: false });
    });
    return line;
  });
}

/** Braille dot bits for weights 8, 4, 2, 1 (top to bottom): left column, right column. */
const LEFT_DOTS = [0x01, 0x02, 0x04, 0x40];
const RIGHT_DOTS = [0x08, 0x10, 0x20, 0x80];

/** One line: a braille character per pair, separated by spaces. */
export function compactBinaryClock(hour: number, minute: number, second: number): GridCell[][] {
  const digits = bcdDigits(hour, minute, second);
  const line: GridCell[] = [];
  for (let pair = 0; pair < 3; pair++) {
    const tens = digits[pair * 2] ?? 0;
    const units = digits[pair * 2 + 1] ?? 0;
    let mask = 0;
    [8, 4, 2, 1].forEach((weight, row) => {
      if (tens & weight) mask |= LEFT_DOTS[row] ?? 0;
      if (units & weight) mask |= RIGHT_DOTS[row] ?? 0;
    });
    if (pair > 0) line.push({ text: ' ', lit: false });
    line.push({ text: String.fromCodePoint(0x2800 + mask), lit: true });
  }
  return [line];
}

export function binaryClock(style: BinaryStyle, hour: number, minute: number, second: number, rows: number): GridCell[][] {
  return rows >= 4 ? tallBinaryClock(style, hour, minute, second) : compactBinaryClock(hour, minute, second);
}
