/**
 * `transparency_alpha` in a terminal: a terminal cell has one opaque background, so a translucent bar is
 * shown as its colour blended over the terminal's background. That background cannot be read reliably
 * (few terminals answer the OSC 11 query, and not through tmux), so it is `--terminal-bg`, else the
 * theme's own base colour — the background a terminal themed like the bar has. Alpha 0 paints no
 * background at all, so the real terminal background shows through.
 */
import { blend, type Hex } from '../src/colour/rgb.js';
import type { ResolvedTheme } from './resolve-theme.js';

export interface Backgrounds {
  /** The bar's cells; undefined = leave the terminal's own background. */
  bar?: Hex;
  /** Group fills (grouping other than None); undefined = as the bar. */
  group?: Hex;
  /** What the blend assumed under the bar. */
  terminal: Hex;
}

export function resolveBackgrounds(
  theme: ResolvedTheme,
  options: { barAlpha: number; groupAlpha?: number; terminalBackground?: Hex },
): Backgrounds {
  const terminal = options.terminalBackground ?? theme.colours.terminalBackground;
  const bar = options.barAlpha <= 0 ? undefined : blend(theme.colours.background, terminal, options.barAlpha / 255);
  if (options.groupAlpha === undefined) return { ...(bar ? { bar } : {}), terminal };
  const under = bar ?? terminal;
  const group = options.groupAlpha <= 0 ? bar : blend(theme.colours.groupBackground, under, options.groupAlpha / 255);
  return { ...(bar ? { bar } : {}), ...(group ? { group } : {}), terminal };
}
