/** The root document of the bar configuration, per variant. */
import * as z from 'zod';
import { float, fontSize, keyedUnion, names, pixels, signedPixels, u8, walkMeta, withMeta, once, type SkippedEntry } from '../schema-kit.js';
import type { Variant } from '../variant.js';
import type { ConfigKinds, WidgetConfig } from '../widget-kinds.js';
import { doc, documentKind, fieldOf, type KindDocs } from '../schema-docs.js';
import { schemaKit } from './widget-kit.js';
import { GROUPING_STYLES } from '../vocabulary.js';
import { monitorIndex, position, rect, spacing } from './common.js';
import { mouseConfig, mouseConfigForJsonSchema } from './mouse.js';
import { barTheme } from './theme.js';

export { GROUPING_STYLES };

export const groupingStyle = once(() =>
  doc(
    names('a grouping style', GROUPING_STYLES, {
      legacy: { CtByte: 'Default', CtByteWithShadow: 'DefaultWithShadowB4O1S3', DefaultWithShadow: 'DefaultWithShadowB4O1S3' },
    }),
    {
      id: 'GroupingStyle',
      description: 'How a group\'s frame is drawn: plain, with a shadow, or with a glow (B blur, O offset, S spread, in pixels).',
      values: {
        Default: 'A plain frame.',
        DefaultWithShadowB4O1S3: 'A shadow: blur 4, offset 1 to the top left, spread 3.',
        DefaultWithShadowB4O0S3: 'A shadow: blur 4, no offset, spread 3.',
        DefaultWithShadowB0O1S3: 'A shadow: no blur, offset 1 to the top left, spread 3.',
        DefaultWithGlowB3O1S2: 'A glow: blur 3, offset 1 to the top left, spread 2.',
        DefaultWithGlowB3O0S2: 'A glow: blur 3, no offset, spread 2.',
        DefaultWithGlowB0O1S2: 'A glow: no blur, offset 1 to the top left, spread 2.',
      },
    },
  ));

export const rounding = once(() =>
  doc(
    withMeta(z.union([pixels(), z.tuple([pixels(), pixels(), pixels(), pixels()])]), {
      expected: 'a number or an array of 4 numbers [nw, ne, sw, se]',
    }),
    { id: 'Rounding', description: 'Corner radius in pixels: one number for every corner, or [top left, top right, bottom left, bottom right].', examples: [6, [6, 6, 0, 0]] },
  ));

export const grouping = once(() =>
  doc(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: doc(z.literal('None'), { description: GROUPING_KIND, values: GROUPING_KINDS }) }),
      z.strictObject({
        kind: doc(z.literal(['Bar', 'Alignment', 'Widget']), { description: GROUPING_KIND, values: GROUPING_KINDS }),
        rounding: doc(rounding().optional(), 'How round the frame\'s corners are, in pixels.'),
        style: doc(groupingStyle().optional(), 'How the frame is drawn.'),
        transparency_alpha: doc(u8().default(200), 'Opacity of the frame\'s fill, 0 (clear) to 255 (solid).'),
      }),
    ]),
    { id: 'Grouping', description: 'Frames drawn around widgets: around the whole bar, each section, or each widget.', examples: [{ kind: 'Widget', style: 'Default', rounding: 8 }] },
  ));

const GROUPING_KIND = 'What is framed together.';
const GROUPING_KINDS = {
  None: 'No frames (the same as leaving "grouping" out).',
  Bar: 'One frame around all the widgets.',
  Alignment: 'One frame around each section: left, center and right.',
  Widget: 'A frame around each widget.',
};

export const monitorConfig = once(() =>
  doc(
    withMeta(
      z.union([
        monitorIndex(),
        doc(z.strictObject({ index: monitorIndex(), work_area_offset: doc(rect().optional(), 'Room the window manager leaves for the bar on that monitor, in pixels.') }), {
          properties: { index: 'The window manager\'s number of the monitor the bar is on, from 0.' },
        }),
      ]),
      { expected: 'a monitor index or {"index": 0, "work_area_offset": {...}}' },
    ),
    { id: 'MonitorConfig', description: 'The monitor the bar is on: its number, or {"index", "work_area_offset"}.', examples: [0, { index: 1 }] },
  ));

export const positionConfig = once(() =>
  doc(
    withMeta(
      z.strictObject({
        start: doc(position().optional(), 'The top-left corner of the bar on the screen, in pixels from the screen\'s top left.'),
        end: doc(position().optional(), 'The size of the bar: x is its width and y its height, in pixels (not a corner).'),
      }),
      { keyAliases: { position: 'start', inner_size: 'end' } },
    ),
    { id: 'PositionConfig', description: 'Where the bar is and how big, in pixels; a terminal bar reads only the size it can use.' },
  ));

/** Widgets per section: a row has room for far fewer; a list of thousands is a broken file, not a bar. */
export const MAX_WIDGETS = 256;

const variantOnly = (what: string) => `${what} exists only in variant A (Windows); this file is checked as variant B (macOS)`;

/** `kindDocs` (for `tilebar schema`): each kind's words, attached to the schema its kind builds. */
export function widgetConfig(variant: Variant, kinds: ConfigKinds, kindDocs?: ReadonlyMap<string, KindDocs>) {
  const entries: Record<string, z.ZodType> = {};
  const aliases: Record<string, string> = {};
  const excluded: Record<string, string> = {};
  for (const kind of kinds.kinds) {
    if (kind.variants.includes(variant)) {
      entries[kind.name] = kind.schema(schemaKit);
      if (kindDocs) documentKind(kind.name, entries[kind.name] as z.ZodType, kindDocs.get(kind.name));
      for (const alias of kind.aliases ?? []) aliases[alias] = kind.name;
    } else excluded[kind.name] = variantOnly(`the ${kind.name} widget`);
  }
  const union = keyedUnion('a widget kind', entries, { aliases, excluded, skipped: kinds.skipped });
  if (kindDocs) {
    doc(union, { id: 'WidgetConfig', description: 'A widget: an object with one key, the kind of widget, whose value configures it.' });
    // A kind read and left out (Systray): its key says so on hover.
    for (const [name, why] of Object.entries(kinds.skipped)) {
      const entry = fieldOf(union, name);
      if (entry) doc(entry, `Read, and left out of this bar with a warning: ${why}.`);
    }
  }
  return union as unknown as z.ZodType<WidgetEntry, unknown>;
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

function buildBarSchema(variant: Variant, kinds: ConfigKinds, kindDocs?: ReadonlyMap<string, KindDocs>) {
  const forJsonSchema = kindDocs !== undefined;
  // One widget schema for the three lists: building every kind's schema was a third of the time `check`
  // spent in zod, three times over (bench/oneshot.mjs).
  const widget = widgetConfig(variant, kinds, kindDocs);
  const widgets = (where: string) => doc(z.array(widget).max(MAX_WIDGETS), `The widgets of the ${where} section, drawn left to right (at most ${MAX_WIDGETS}).`);
  const shape = {
    // An absent list is an empty one: what `--fix` adds.
    left_widgets: withMeta(widgets('left'), { fill: [] }),
    right_widgets: withMeta(widgets('right'), { fill: [] }),
    center_widgets: doc(widgets('center').optional(), 'The widgets of the center section, drawn left to right.'),
    font_family: doc(z.string().optional(), 'The font\'s name. A terminal draws with its own font: tilebar uses it for pictures (preview --format svg/png).'),
    font_size: doc(fontSize().default(12.5), { description: 'Font size in points: with height, it sets how many terminal rows a pixel length takes.', examples: [12.5, 14] }),
    // The older way to set the padding: bounded as the padding is (a position elsewhere is only a coordinate).
    frame: doc(
      z.strictObject({ inner_margin: doc(z.strictObject({ x: doc(signedPixels(), 'Left and right, in pixels.'), y: doc(signedPixels(), 'Top and bottom, in pixels.') }), 'Space inside the bar\'s edge, in pixels.') }).optional(),
      'The older way to give the bar\'s padding: {"inner_margin": {"x", "y"}}; used only when "padding" is absent.',
    ),
    grouping: doc(grouping().optional(), 'Frames drawn around widgets: around the whole bar, each section or each widget. Without it, none.'),
    height: doc(pixels().default(50), { description: 'The bar\'s height in pixels; tilebar turns it into terminal rows.', examples: [32, 50] }),
    icon_scale: doc(
      withMeta(float().min(0).max(100), { advisory: { min: 1, max: 2, why: 'icon_scale is clamped to 1.0–2.0' } }).default(1.4),
      'Icon size relative to font_size, from 1.0 to 2.0.',
    ),
    margin: doc(spacing().optional(), 'Space outside the bar, in pixels. Default: 0 on every side.'),
    max_label_width: doc(pixels().default(400), 'The widest a label may be, in pixels, before its text is cut short with an ellipsis.'),
    monitor: doc(monitorConfig().optional(), 'The monitor the bar is on, whose workspaces the Tiler widget shows: its number, or {"index", "work_area_offset"}. Default: 0, the first.'),
    mouse: doc((forJsonSchema ? mouseConfigForJsonSchema() : mouseConfig()).optional(), 'What clicks and scrolls on the bar do (variant A, Windows).'),
    padding: doc(spacing().optional(), 'Space inside the bar, between its edge and the widgets, in pixels. Default: 10 on every side.'),
    position: doc(positionConfig().optional(), 'Where the bar is and how big, in pixels: {"start", "end"}; a terminal bar reads only the size it can use.'),
    // In words of its own: zod drops a description that repeats the one of the definition it refers to.
    theme: doc(barTheme().optional(), 'The bar\'s colours, by "palette": "Pastel" and a flavour\'s "name", "Base16" and a palette\'s "name" (`tilebar themes` lists them), or "Custom" and your own "colours". Without it the bar draws in the terminal\'s own colours.'),
    transparency_alpha: doc(u8().default(200), 'Opacity of the bar\'s background, 0 (clear) to 255 (solid).'),
    widget_spacing: doc(pixels().default(10), 'Space between two widgets, in pixels.'),
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
export function barSchemaForJsonSchema(variant: Variant, kinds: ConfigKinds, kindDocs: ReadonlyMap<string, KindDocs>) {
  return buildBarSchema(variant, kinds, kindDocs);
}

export type BarConfig = z.output<ReturnType<typeof buildBarSchema>>;
