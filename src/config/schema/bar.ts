/** The root document of the bar configuration, per variant. */
import * as z from 'zod';
import { float, fontSize, keyedUnion, names, pixels, signedPixels, u8, walkMeta, withMeta, once, type SkippedEntry } from '../schema-kit.js';
import type { Variant } from '../variant.js';
import type { ConfigKinds, WidgetConfig } from '../widget-kinds.js';
import { schemaKit } from './widget-kit.js';
import { GROUPING_STYLES } from '../vocabulary.js';
import { monitorIndex, position, rect, spacing } from './common.js';
import { mouseConfig, mouseConfigForJsonSchema } from './mouse.js';
import { barTheme } from './theme.js';

export { GROUPING_STYLES };

export const groupingStyle = once(() =>
  names('a grouping style', GROUPING_STYLES, {
    legacy: { CtByte: 'Default', CtByteWithShadow: 'DefaultWithShadowB4O1S3', DefaultWithShadow: 'DefaultWithShadowB4O1S3' },
  }));

export const rounding = once(() =>
  withMeta(z.union([pixels(), z.tuple([pixels(), pixels(), pixels(), pixels()])]), {
    expected: 'a number or an array of 4 numbers [nw, ne, sw, se]',
  }));

export const grouping = once(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('None') }),
    z.strictObject({
      kind: z.literal(['Bar', 'Alignment', 'Widget']),
      rounding: rounding().optional(),
      style: groupingStyle().optional(),
      transparency_alpha: u8().default(200),
    }),
  ]));

export const monitorConfig = once(() =>
  withMeta(z.union([monitorIndex(), z.strictObject({ index: monitorIndex(), work_area_offset: rect().optional() })]), {
    expected: 'a monitor index or {"index": 0, "work_area_offset": {...}}',
  }));

export const positionConfig = once(() =>
  withMeta(z.strictObject({ start: position().optional(), end: position().optional() }), {
    keyAliases: { position: 'start', inner_size: 'end' },
  }));

/** Widgets per section: a row has room for far fewer; a list of thousands is a broken file, not a bar. */
export const MAX_WIDGETS = 256;

const variantOnly = (what: string) => `${what} exists only in variant A (Windows); this file is checked as variant B (macOS)`;

export function widgetConfig(variant: Variant, kinds: ConfigKinds) {
  const entries: Record<string, z.ZodType> = {};
  const aliases: Record<string, string> = {};
  const excluded: Record<string, string> = {};
  for (const kind of kinds.kinds) {
    if (kind.variants.includes(variant)) {
      entries[kind.name] = kind.schema(schemaKit);
      for (const alias of kind.aliases ?? []) aliases[alias] = kind.name;
    } else excluded[kind.name] = variantOnly(`the ${kind.name} widget`);
  }
  return keyedUnion('a widget kind', entries, { aliases, excluded, skipped: kinds.skipped }) as unknown as z.ZodType<WidgetEntry, unknown>;
}

/** A widget after parsing: its canonical kind and its config with every default applied (its kind knows its shape). */
export type WidgetEntry = { kind: string; config: WidgetConfig } | SkippedEntry;

const RETIRED_KEYS = {
  monitor_index: 'the monitor is chosen with "monitor": <index>',
  horizontal_margin: 'use "margin": {"horizontal": ...}',
  vertical_margin: 'use "margin": {"vertical": ...}',
  horizontal_padding: 'use "padding": {"horizontal": ...}',
  vertical_padding: 'use "padding": {"vertical": ...}',
};

function buildBarSchema(variant: Variant, kinds: ConfigKinds, forJsonSchema = false) {
  // One widget schema for the three lists: building every kind's schema was a third of the time `check`
  // spent in zod, three times over (bench/oneshot.mjs).
  const widget = widgetConfig(variant, kinds);
  const widgets = () => z.array(widget).max(MAX_WIDGETS);
  const shape = {
    // An absent list is an empty one: what `--fix` adds.
    left_widgets: withMeta(widgets(), { fill: [] }),
    right_widgets: withMeta(widgets(), { fill: [] }),
    center_widgets: widgets().optional(),
    font_family: z.string().optional(),
    font_size: fontSize().default(12.5),
    // The older way to set the padding: bounded as the padding is (a position elsewhere is only a coordinate).
    frame: z.strictObject({ inner_margin: z.strictObject({ x: signedPixels(), y: signedPixels() }) }).optional(),
    grouping: grouping().optional(),
    height: pixels().default(50),
    icon_scale: withMeta(float().min(0).max(100), { advisory: { min: 1, max: 2, why: 'icon_scale is clamped to 1.0–2.0' } }).default(1.4),
    margin: spacing().optional(),
    max_label_width: pixels().default(400),
    monitor: monitorConfig().optional(),
    mouse: (forJsonSchema ? mouseConfigForJsonSchema() : mouseConfig()).optional(),
    padding: spacing().optional(),
    position: positionConfig().optional(),
    theme: barTheme().optional(),
    transparency_alpha: u8().default(200),
    widget_spacing: pixels().default(10),
  };
  const { mouse: _mouse, ...withoutMouse } = shape;
  // Variant B has no `mouse`; its type stays the A shape so downstream code has one model.
  const root = variant === 'A' ? z.strictObject(shape) : (z.strictObject(withoutMouse) as unknown as z.ZodObject<typeof shape>);
  walkMeta.add(root, {
    keyAliases: { viewport: 'position' },
    retiredKeys: RETIRED_KEYS,
    ...(variant === 'B' ? { excludedKeys: { mouse: variantOnly('"mouse"') } } : {}),
  });
  return root;
}

/** Built once per set of kinds and variant: building it is most of what `check` spends in zod. */
const cache = new WeakMap<ConfigKinds, Map<Variant, ReturnType<typeof buildBarSchema>>>();

export function barSchema(variant: Variant, kinds: ConfigKinds) {
  let byVariant = cache.get(kinds);
  if (!byVariant) cache.set(kinds, (byVariant = new Map()));
  let s = byVariant.get(variant);
  if (!s) {
    s = buildBarSchema(variant, kinds);
    byVariant.set(variant, s);
  }
  return s;
}

/** The bar's schema with every window-manager message type built, for `tilebar schema` (json-schema.ts). */
export function barSchemaForJsonSchema(variant: Variant, kinds: ConfigKinds) {
  return buildBarSchema(variant, kinds, true);
}

export type BarConfig = z.output<ReturnType<typeof buildBarSchema>>;
