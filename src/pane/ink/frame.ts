/**
 * One frame of the bar as a string, rendered by the Ink components with Ink's renderToString: what `preview`
 * prints (text and ansi), the same components the live app renders.
 */
import { renderToString } from 'ink';
import { createElement } from 'react';
import type { ColourDepth } from '../../colour/depth.js';
import type { BarLayout } from '../../render/bar-types.js';
import { Bar } from './Bar.js';
import { WidgetsContext } from './widgets.js';
import type { WidgetRegistry } from '../../../widgets/registry.js';

/**
 * The runs are painted at tilebar's own colour decision (paint.ts), never at what chalk guessed from the
 * environment. `plain`: no escapes at all (text format).
 */
export function renderFrame(layout: BarLayout, depth: ColourDepth, plain = false, widgets?: WidgetRegistry): string {
  const text = renderToString(createElement(WidgetsContext, { value: widgets }, createElement(Bar, { layout, depth, plain })), { columns: layout.width });
  // Ink trims a row's trailing blanks when they carry no colour; the terminal writer clears to the end.
  return text.split('\n').slice(0, layout.height).join('\n');
}
