/**
 * Nearest colours for terminals without 24-bit colour. 256 colours: the xterm cube and grey ramp (16–255),
 * chosen by CIELAB distance; 0–15 are left out because every terminal theme redefines them. 16 colours:
 * those are theme-defined too, so a colour keeps its hue *name* (blue stays blue, whatever blue the
 * terminal's theme uses) and its lightness picks the normal or bright variant.
 */
import { parseHex, toLab, type Hex } from './rgb.js';
import { BoundedCache } from '../io/bounded-cache.js';

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;

/** The RGB value of xterm colour `index` (16–255). */
export function xterm256Rgb(index: number): [number, number, number] {
  if (index >= 232) {
    const v = 8 + (index - 232) * 10;
    return [v, v, v];
  }
  const i = index - 16;
  return [CUBE_LEVELS[Math.floor(i / 36)] ?? 0, CUBE_LEVELS[Math.floor(i / 6) % 6] ?? 0, CUBE_LEVELS[i % 6] ?? 0];
}

let paletteLab: Array<[number, [number, number, number]]> | undefined;
/**
 * Saves the search of 240 palette entries in Lab space for each distinct colour of a frame at 256 colours; a
 * config has a few dozen, and 4096 bound what gradients or a feed's colours could add. Exported for its test.
 */
export const nearest256Cache = new BoundedCache<string, number>({ maxEntries: 4096 });

export function nearest256(hex: Hex): number {
  const key = hex.toLowerCase();
  const hit = nearest256Cache.get(key);
  if (hit !== undefined) return hit;
  paletteLab ??= Array.from({ length: 240 }, (_, k) => {
    const [r, g, b] = xterm256Rgb(16 + k);
    const h = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}` as Hex;
    return [16 + k, toLab(h)] as [number, [number, number, number]];
  });
  const [L, A, B] = toLab(hex);
  let best = 16;
  let bestDistance = Infinity;
  for (const [index, [l, a, b]] of paletteLab) {
    const d = (L - l) ** 2 + (A - a) ** 2 + (B - b) ** 2;
    if (d < bestDistance) [best, bestDistance] = [index, d];
  }
  nearest256Cache.set(key, best);
  return best;
}

/** ANSI colour numbers 0–15: 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white, +8 bright. */
export type Ansi16 = number;

export const ANSI16_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'brightBlack', 'brightRed', 'brightGreen', 'brightYellow', 'brightBlue', 'brightMagenta', 'brightCyan', 'brightWhite',
] as const;

/**
 * Hue (HSV degrees) → ANSI colour. The bounds are fitted to how palette designers name their colours: they
 * put the 6 chromatic Base16 slots (base08 red … base0E magenta) of the 269 palettes in the right bin
 * 73 % of the time, against 62 % for equal 60° sextants (which, for one, call solarized blue cyan).
 */
const HUE_BINS: ReadonlyArray<readonly [number, Ansi16]> = [
  [21, 1], [61, 3], [160, 2], [187, 6], [254, 4], [333, 5], [360, 1],
];

/**
 * Below this CIELAB chroma a colour reads as grey, whatever its nominal hue: light tints need more chroma
 * to look coloured (Catppuccin's bluish text stays white, gruvbox's muted teal stays cyan).
 */
const greyChroma = (lightness: number) => 14 + lightness / 10;

export function nearest16(hex: Hex): Ansi16 {
  const [L, a, b] = toLab(hex);
  if (Math.hypot(a, b) < greyChroma(L)) {
    if (L < 25) return 0;
    if (L < 55) return 8;
    if (L < 80) return 7;
    return 15;
  }
  const { r, g, b: blue } = parseHex(hex);
  const max = Math.max(r, g, blue);
  const min = Math.min(r, g, blue);
  const d = max - min;
  let hue = max === r ? ((g - blue) / d) % 6 : max === g ? (blue - r) / d + 2 : (r - g) / d + 4;
  hue = (hue * 60 + 360) % 360;
  const base = HUE_BINS.find(([upTo]) => hue < upTo)?.[1] ?? 1;
  return L > 60 ? base + 8 : base;
}
