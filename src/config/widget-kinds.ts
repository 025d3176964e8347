/**
 * What the config core needs to know of a widget kind: its names, the variants it exists in, its schema, how
 * its parsed config becomes the model's, and how a model read from the cache is checked. The kinds themselves
 * live in `widgets/`; the core is handed them (a `ConfigKinds` value) and never imports that folder.
 */
import type * as z from 'zod';
import type { KindDocs } from './schema-docs.js';
import type { SchemaKit } from './schema/widget-kit.js';
import type { Variant } from './variant.js';

/** A widget's config in the model: defaults applied, names resolved; its kind knows its shape. */
export type WidgetConfig = Readonly<Record<string, unknown>>;

export interface ConfigWidgetKind {
  /** The canonical name, as the model and the bar's messages say it. */
  readonly name: string;
  /** Other names files use for it (`Komorebi` for `Tiler`). */
  readonly aliases?: readonly string[];
  readonly variants: readonly Variant[];
  /**
   * Its config schema, built with the kit it is given: the kind's modules import only zod's types, so drawing
   * a bar from a cached model never loads zod.
   */
  schema(kit: SchemaKit): z.ZodType;
  /**
   * What its config's properties mean, for `tilebar schema` (editors show it): loaded only when asked, so a bar
   * drawn from a cached model never loads the words.
   */
  docs?(): Promise<KindDocs>;
  /** The parsed config (defaults applied) as the model holds it; as parsed when absent. */
  normalise?(parsed: WidgetConfig): WidgetConfig;
  /** Whether the widget is shown at all; `config.enable` when absent. */
  enabled?(config: WidgetConfig): boolean;
  /**
   * Holds a config read from the cache of validated models to the shape its view relies on, beyond the fields
   * every kind shares (`enable`, `label_prefix`, `data_refresh_interval`), with the checks of model-checks.ts
   * (each throws what is wrong).
   */
  guard?(config: WidgetConfig, at: string): void;
}

export interface ConfigKinds {
  readonly kinds: readonly ConfigWidgetKind[];
  /** Kinds accepted with a warning and not shown (newer ones that need a GUI), with why. */
  readonly skipped: Readonly<Record<string, string>>;
  /** The kind of a canonical name or an alias. */
  kind(name: string): ConfigWidgetKind | undefined;
}
