/** Everything about how the bar looks that follows from the config and the command line, computed once per config. */
import type { BarModel, Hex } from '../config/model.js';
import { cellMetrics, type CellMetrics, type CellSize } from '../render/cells.js';
import type { IconSet } from '../render/icons.js';
import { LayoutCache, type BarLayout } from '../render/bar-types.js';
import { layoutBar } from '../render/place.js';
import { resolveTheme, type ResolvedTheme } from '../../themes/resolve-theme.js';
import { resolveBackgrounds, type Backgrounds } from '../../themes/transparency.js';
import { ComposeCache, composeSections, type BarState } from './compose.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

export interface AppearanceOptions {
  /** The widget kinds the bar draws; the bar's own unless another set is given. */
  widgets?: WidgetRegistry;
  icons?: IconSet;
  cell?: CellSize;
  terminalBg?: Hex;
}

export interface Appearance {
  theme: ResolvedTheme;
  backgrounds: Backgrounds;
  metrics: CellMetrics;
  icons: IconSet;
  widgets: WidgetRegistry;
  /** Kept across frames while this appearance lasts (a config reload makes a new one). */
  compose: ComposeCache;
  layout: LayoutCache;
}

export function appearanceOf(model: BarModel, opts: AppearanceOptions = {}): Appearance {
  const theme = resolveTheme(model.theme);
  const g = model.grouping;
  const backgrounds = resolveBackgrounds(theme, {
    barAlpha: model.transparencyAlpha,
    ...(g.kind !== 'None' ? { groupAlpha: g.transparencyAlpha } : {}),
    ...(opts.terminalBg ? { terminalBackground: opts.terminalBg } : {}),
  });
  return { theme, backgrounds, metrics: cellMetrics(model, opts.cell), icons: opts.icons ?? 'unicode', widgets: opts.widgets ?? BUILTIN_WIDGETS, compose: new ComposeCache(), layout: new LayoutCache() };
}

/** The bar's layout; `message` (what is wrong with the config) before `hint` (a hovered item's command) in the centre. */
export function layoutFor(model: BarModel, look: Appearance, state: BarState, size: { width: number; height: number }, version: string, message?: string, hint?: string): BarLayout {
  return layoutBar({
    ...size,
    metrics: look.metrics,
    grouping: model.grouping,
    sections: composeSections(model, state, size.height, version, look.widgets, look.compose, look.icons),
    theme: look.theme,
    backgrounds: look.backgrounds,
    icons: look.icons,
    cache: look.layout,
    ...(message ? { message } : hint ? { message: hint, messageTone: 'hint' as const } : {}),
  });
}
