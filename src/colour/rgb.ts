/** Colours as the bar computes with them: `#rrggbb` strings in, integer channels for arithmetic. */

export type Hex = `#${string}`;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{6})$/i;

export function isHex(text: string): text is Hex {
  return HEX.test(text) && text.startsWith('#');
}

export function parseHex(hex: string): Rgb {
  const m = HEX.exec(hex);
  if (!m?.[1]) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

export function toHex({ r, g, b }: Rgb): Hex {
  const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/**
 * `over` painted with opacity `alpha` (0–1) onto `under`: what a translucent fill looks like once the
 * terminal, which has no alpha, has to show one opaque colour.
 */
export function blend(over: Hex, under: Hex, alpha: number): Hex {
  const a = Math.max(0, Math.min(1, alpha));
  const o = parseHex(over);
  const u = parseHex(under);
  return toHex({ r: o.r * a + u.r * (1 - a), g: o.g * a + u.g * (1 - a), b: o.b * a + u.b * (1 - a) });
}

/** sRGB channel (0–255) → linear light (0–1). */
function linear(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance (0 black – 1 white), to tell dark palettes from light ones. */
export function luminance(hex: Hex): number {
  const { r, g, b } = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** CIELAB (D65) coordinates: Euclidean distance here approximates how different two colours look. */
export function toLab(hex: Hex): [number, number, number] {
  const { r, g, b } = parseHex(hex);
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
