/** One frame of the bar as a string, through the Ink components, at a colour depth. */
import chalk from 'chalk';
import { renderToString } from 'ink';
import { createElement } from 'react';
import type { ColourDepth } from '../colour/depth.js';
import { Bar } from './Bar.js';
import type { BarLayout } from './layout.js';

const CHALK_LEVEL: Record<ColourDepth, 0 | 1 | 2 | 3> = { none: 0, '16': 1, '256': 2, truecolor: 3 };

/**
 * Ink colours through the shared chalk instance; its level is set here from tilebar's own decision, so a
 * frame never depends on what chalk guessed from the environment.
 */
export function renderFrame(layout: BarLayout, depth: ColourDepth): string {
  chalk.level = CHALK_LEVEL[depth];
  const text = renderToString(createElement(Bar, { layout, depth }), { columns: layout.width });
  // Ink trims a row's trailing blanks when they carry no colour; the terminal writer clears to the end.
  return text.split('\n').slice(0, layout.height).join('\n');
}
