/** Parsed document → BarModel: the remaining defaults, spacing forms and clamps, in one place. */
import type { BarConfig, WidgetEntry } from './schema/bar.js';
import type { BarModel, GroupingModel, Hex, MouseAction, MouseModel, Sides, ThemeModel, WidgetModel } from './model.js';
import { BASE16_COLOUR_KEYS, BASE16_VALUES, type Base16Value } from './names.js';
import { MOUSE_TRIGGERS } from './vocabulary.js';
import type { Variant } from './variant.js';
import type { ConfigKinds } from './widget-kinds.js';

/** Spacing as written (one of three forms) → four sides; a missing grouped axis gets `fallback`. */
type SpacingInput =
  | number
  | { top?: number; bottom?: number; left?: number; right?: number }
  | { horizontal?: number | [number, number]; vertical?: number | [number, number] };

export function toSides(spacing: SpacingInput | undefined, fallback: number): Sides {
  if (spacing === undefined) return { top: fallback, bottom: fallback, left: fallback, right: fallback };
  if (typeof spacing === 'number') return { top: spacing, bottom: spacing, left: spacing, right: spacing };
  if ('top' in spacing || 'bottom' in spacing || 'left' in spacing || 'right' in spacing) {
    const s = spacing as { top?: number; bottom?: number; left?: number; right?: number };
    return { top: s.top ?? fallback, bottom: s.bottom ?? fallback, left: s.left ?? fallback, right: s.right ?? fallback };
  }
  const g = spacing as { horizontal?: number | [number, number]; vertical?: number | [number, number] };
  const pair = (v: number | [number, number] | undefined): [number, number] =>
    v === undefined ? [fallback, fallback] : typeof v === 'number' ? [v, v] : v;
  const [left, right] = pair(g.horizontal);
  const [top, bottom] = pair(g.vertical);
  return { top, bottom, left, right };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function hex2(n: number): string {
  return (n & 0xff).toString(16).padStart(2, '0');
}

/** Any accepted colour form → `#rrggbb` (short forms expanded, alpha dropped, Rgb low 8 bits). */
export function toHex(c: string | { r: number; g: number; b: number }): Hex {
  if (typeof c !== 'string') return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
  const h = c.slice(1).toLowerCase();
  if (h.length === 3 || h.length === 4) return `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}`;
  return `#${h.slice(0, 6)}`;
}

function normaliseTheme(theme: NonNullable<BarConfig['theme']>): ThemeModel {
  const extra = <T>(fill: T | undefined, text: T | undefined) => ({
    ...(fill !== undefined ? { autoSelectFill: fill } : {}),
    ...(text !== undefined ? { autoSelectText: text } : {}),
  });
  if (theme.palette === 'Base16') {
    return { family: 'Base16', name: theme.name, accent: theme.accent, ...extra(theme.auto_select_fill, theme.auto_select_text) };
  }
  if (theme.palette === 'Custom') {
    const colours = {} as Record<Base16Value, Hex>;
    BASE16_COLOUR_KEYS.forEach((k, i) => {
      colours[BASE16_VALUES[i] as Base16Value] = toHex(theme.colours[k]);
    });
    return { family: 'Custom', colours, accent: theme.accent, ...extra(theme.auto_select_fill, theme.auto_select_text) };
  }
  return { family: 'Pastel', name: theme.name, accent: theme.accent, ...extra(theme.auto_select_fill, theme.auto_select_text) };
}

function normaliseGrouping(g: BarConfig['grouping']): GroupingModel {
  if (!g || g.kind === 'None') return { kind: 'None' };
  const r = g.rounding;
  const rounding: [number, number, number, number] = r === undefined ? [0, 0, 0, 0] : typeof r === 'number' ? [r, r, r, r] : r;
  return { kind: g.kind, rounding, style: g.style ?? 'Default', transparencyAlpha: g.transparency_alpha };
}

function normaliseMouse(m: BarConfig['mouse']): MouseModel | undefined {
  if (!m) return undefined;
  const bindings: MouseModel['bindings'] = {};
  for (const trigger of MOUSE_TRIGGERS) {
    const b = m[trigger];
    if (b === undefined) continue;
    const action: MouseAction =
      typeof b === 'string'
        ? { kind: 'command', command: b }
        : {
            kind: 'message',
            message: b.message,
            focusMonitorAtCursor: b.focus_monitor_at_cursor,
            ignoreMouseFollowsFocus: b.ignore_mouse_follows_focus,
          };
    bindings[trigger] = action;
  }
  return {
    horizontalScrollThreshold: clamp(m.horizontal_scroll_threshold, 10, 300),
    verticalScrollThreshold: clamp(m.vertical_scroll_threshold, 10, 300),
    bindings,
  };
}

function normaliseWidget(w: WidgetEntry, kinds: ConfigKinds): WidgetModel | undefined {
  if (w.kind === 'Skipped') return undefined;
  const kind = kinds.kind(w.kind);
  // The schema accepted only the kinds it was built from, so this is one of them.
  if (!kind) return undefined;
  return { kind: kind.name, config: kind.normalise ? kind.normalise(w.config) : w.config };
}

function normaliseWidgets(list: readonly WidgetEntry[] | undefined, kinds: ConfigKinds): WidgetModel[] {
  return (list ?? []).map((w) => normaliseWidget(w, kinds)).filter((w): w is WidgetModel => w !== undefined);
}

export function normalise(config: BarConfig, variant: Variant, kinds: ConfigKinds): BarModel {
  // `padding` wins; without it the older `frame.inner_margin` gives x = left/right, y = top/bottom.
  const padding: Sides =
    config.padding !== undefined
      ? toSides(config.padding, 10)
      : config.frame
        ? {
            top: config.frame.inner_margin.y,
            bottom: config.frame.inner_margin.y,
            left: config.frame.inner_margin.x,
            right: config.frame.inner_margin.x,
          }
        : toSides(undefined, 10);
  const monitor =
    config.monitor === undefined
      ? { index: 0 }
      : typeof config.monitor === 'number'
        ? { index: config.monitor }
        : {
            index: config.monitor.index,
            ...(config.monitor.work_area_offset ? { workAreaOffset: { ...config.monitor.work_area_offset } } : {}),
          };
  const model: BarModel = {
    variant,
    left: normaliseWidgets(config.left_widgets, kinds),
    center: normaliseWidgets(config.center_widgets, kinds),
    right: normaliseWidgets(config.right_widgets, kinds),
    fontSize: config.font_size,
    height: config.height,
    iconScale: clamp(config.icon_scale, 1, 2),
    margin: toSides(config.margin, 0),
    padding,
    maxLabelWidth: config.max_label_width,
    monitor,
    position: {
      ...(config.position?.start ? { start: config.position.start } : {}),
      ...(config.position?.end ? { end: config.position.end } : {}),
    },
    transparencyAlpha: config.transparency_alpha,
    widgetSpacing: config.widget_spacing,
    grouping: normaliseGrouping(config.grouping),
  };
  if (config.font_family !== undefined) model.fontFamily = config.font_family;
  if (config.theme) model.theme = normaliseTheme(config.theme);
  const mouse = variant === 'A' ? normaliseMouse(config.mouse) : undefined;
  if (mouse) model.mouse = mouse;
  return model;
}
