/** The chalk level Ink paints at, from tilebar's own colour decision. */
import type { ColourDepth } from '../../colour/depth.js';

/**
 * At depth none Ink gets no colours (inkColour gives none), but chalk stays at level 1 so bold and reverse
 * video still mark the message and selected units; a plain text frame asks for level 0 (`plain`).
 */
export function chalkLevelFor(depth: ColourDepth, plain = false): 0 | 1 | 2 | 3 {
  if (plain) return 0;
  return ({ none: 1, '16': 1, '256': 2, truecolor: 3 } as const)[depth];
}
