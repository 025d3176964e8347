/** ANSI SGR escape sequences for a colour at a given depth; depth `none` emits no escape at all. */
import type { ColourDepth } from './depth.js';
import { nearest16, nearest256 } from './quantise.js';
import { parseHex, type Hex } from './rgb.js';

export type Layer = 'fg' | 'bg';

/** The SGR parameters selecting `hex` as the foreground or background, or '' at depth none. */
export function colourParameters(hex: Hex, depth: ColourDepth, layer: Layer): string {
  switch (depth) {
    case 'none':
      return '';
    case 'truecolor': {
      const { r, g, b } = parseHex(hex);
      return `${layer === 'fg' ? 38 : 48};2;${r};${g};${b}`;
    }
    case '256':
      return `${layer === 'fg' ? 38 : 48};5;${nearest256(hex)}`;
    case '16': {
      const n = nearest16(hex);
      const base = layer === 'fg' ? 30 : 40;
      return String(n < 8 ? base + n : base + 60 + (n - 8));
    }
  }
}

export interface TextStyle {
  fg?: Hex;
  bg?: Hex;
  bold?: boolean;
}

/** `text` wrapped in one SGR sequence and a reset; unchanged when the depth is none or nothing is styled. */
export function paint(text: string, style: TextStyle, depth: ColourDepth): string {
  if (depth === 'none' || text === '') return text;
  const params = [
    style.bold ? '1' : '',
    style.fg ? colourParameters(style.fg, depth, 'fg') : '',
    style.bg ? colourParameters(style.bg, depth, 'bg') : '',
  ].filter((p) => p !== '');
  return params.length === 0 ? text : `\x1b[${params.join(';')}m${text}\x1b[0m`;
}
