/**
 * What `tilebar schema` tells an editor about each part of the format: descriptions, examples, the meaning of
 * each enum value and the names of the definitions, kept beside the zod schemas in a registry of their own.
 *
 * A registry of its own, not zod's `.meta()`: `.meta()` returns a copy of the schema, and the validator's
 * `walkMeta` is keyed by the instance, so a described copy would lose its aliases, advisories and checks.
 * `doc()` registers the very instance. The widget kinds' words are not here: each kind keeps them in a module
 * it loads only when asked (`ConfigWidgetKind.docs`), so a bar drawn from a cached model never loads them.
 */
import * as z from 'zod';

export interface SchemaDoc {
  /** The definition's name in `$defs` (`BatteryConfig`): shared shapes appear once, under the format's name. */
  id?: string;
  description?: string;
  examples?: readonly unknown[];
  /** What each value of an enum means; aliases and old spellings are described from their canonical value. */
  values?: Readonly<Record<string, string>>;
  /** Words for properties whose schema is one shared instance (`base_00` … `base_0f` are all `Colour`). */
  properties?: Readonly<Record<string, string>>;
}

/** A property's words: a description alone, or more. */
export type FieldDoc = string | SchemaDoc;

/** A widget kind's words, loaded only for `tilebar schema`. */
export interface KindDocs {
  /** What the widget shows: an editor shows it on the kind's key (`"Battery"`). */
  description: string;
  /** By path below the kind's config (`"auto_select_over"`, `"layout.display"`; `"items[]"`: an element of `items`). */
  fields: Readonly<Record<string, FieldDoc>>;
}

export const schemaDocs = z.registry<SchemaDoc>();

/** Describe a schema instance (merging with what it already says) and hand it back unchanged. */
export function doc<T extends z.ZodType>(schema: T, words: FieldDoc): T {
  const more = typeof words === 'string' ? { description: words } : words;
  schemaDocs.add(schema, { ...schemaDocs.get(schema), ...more });
  return schema;
}

/** The schema under the wrappers that only make a value optional or give it a default. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = s._zod.def as { type: string; innerType?: z.ZodType };
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) s = def.innerType;
    else return s;
  }
}

/**
 * Attach a kind's words to the schema its kind built: the config's definition is named `<Kind>Config`, each
 * property gets its description, an enum property its values' meanings. A path that names no property is a
 * mistake in the kind's words, said at once (the schema command's tests run every kind's).
 */
export function documentKind(name: string, schema: z.ZodType, docs: KindDocs | undefined): void {
  doc(schema, { id: `${name}Config`, ...(docs ? { description: docs.description } : {}) });
  for (const [path, words] of Object.entries(docs?.fields ?? {})) {
    let field: z.ZodType | undefined = schema;
    // `items[]` is an element of the list `items`.
    for (const segment of path.split('.')) {
      const key = segment.replace(/\[\]$/, '');
      field = field ? fieldOf(field, key) : undefined;
      if (field && key !== segment) field = (unwrapped(field)._zod.def as { element?: z.ZodType }).element;
    }
    if (!field) throw new Error(`the ${name} widget's schema has no property ${path} to describe`);
    const { values, ...rest } = typeof words === 'string' ? { description: words } : words;
    doc(field, rest);
    // Into lists and unions (Date's format, the Tiler's layout options): each form takes the words; an enum shows them.
    if (values) for (const form of forms(field)) doc(form, { values });
  }
}

/**
 * The property `key` of an object schema, or of the first of a union's forms that has one (a one-key form such as
 * Date's `{"CustomModifiers": …}`, through the transform that reads it).
 */
export function fieldOf(schema: z.ZodType, key: string): z.ZodType | undefined {
  const inner = unwrapped(schema);
  const def = inner._zod.def as { type: string; options?: z.ZodType[]; in?: z.ZodType };
  if (def.type === 'object') {
    const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    return Object.hasOwn(shape, key) ? shape[key] : undefined;
  }
  if (def.type === 'union') {
    for (const option of def.options ?? []) {
      const found = fieldOf(option, key);
      if (found) return found;
    }
  }
  if (def.type === 'pipe' && def.in) return fieldOf(def.in, key);
  return undefined;
}

/** The forms a value may take: through optional/default wrappers, list elements and union options. */
function forms(schema: z.ZodType): z.ZodType[] {
  const inner = unwrapped(schema);
  const def = inner._zod.def as { type: string; element?: z.ZodType; options?: z.ZodType[] };
  if (def.type === 'array' && def.element) return forms(def.element);
  if (def.type === 'union' && def.options) return def.options.flatMap(forms);
  return [inner];
}
