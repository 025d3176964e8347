/**
 * One frame of the bar as a string, rendered by the Ink components with Ink's renderToString: what `preview`
 * prints (text and ansi), the same components the live app renders.
 */
import chalk from 'chalk';
import { renderToString } from 'ink';
import { createElement } from 'react';
import type { ColourDepth } from '../../colour/depth.js';
import type { BarLayout } from '../bar-types.js';
import { Bar } from './Bar.js';
import { chalkLevelFor } from './chalk-level.js';
import { WidgetsContext } from './widgets.js';
import type { WidgetRegistry } from '../../../widgets/registry.js';

/**
 * Ink colours through the shared chalk instance; its level is set here from tilebar's own decision, so a
 * frame never depends on what chalk guessed from the environment. `plain`: no escapes at all (text format).
 */
export function renderFrame(layout: BarLayout, depth: ColourDepth, plain = false, widgets?: WidgetRegistry): string {
  chalk.level = chalkLevelFor(depth, plain);
  const text = renderToString(createElement(WidgetsContext, { value: widgets }, createElement(Bar, { layout, depth })), { columns: layout.width });
  // Ink trims a row's trailing blanks when they carry no colour; the terminal writer clears to the end.
  return text.split('\n').slice(0, layout.height).join('\n');
}
