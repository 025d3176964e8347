/**
 * A colour as Ink's `color`/`backgroundColor` props take it, already reduced to the depth, so chalk's
 * own (coarser) 256- and 16-colour rounding never applies and Ink frames match tilebar's painter.
 */
import type { ColourDepth } from './depth.js';
import { nearest16, nearest256 } from './quantise.js';
import type { Hex } from './rgb.js';

const CHALK_16 = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

export function inkColour(hex: Hex, depth: ColourDepth): string | undefined {
  switch (depth) {
    case 'none':
      return undefined;
    case 'truecolor':
      return hex;
    case '256':
      return `ansi256(${nearest256(hex)})`;
    case '16':
      return CHALK_16[nearest16(hex)];
  }
}
