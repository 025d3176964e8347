/**
 * `tilebar schema`: a JSON Schema (2020-12) of the format, for editor completion, hover and validation.
 * Descriptions come from the schema-docs registry (schema-docs.ts) and the kinds' own words; enum values are
 * explained with `enumDescriptions`, the extension VS Code's JSON language service shows on hover and in
 * completion (JSON Schema itself has no per-value description).
 */
import * as z from 'zod';
import { barSchemaForJsonSchema } from './schema/bar.js';
import { doc, schemaDocs, type KindDocs } from './schema-docs.js';
import { walkMeta } from './schema-kit.js';
import { compactTaggedUnion } from './json-schema-tagged.js';
import { SOCKET_MESSAGE_LEGACY, socketMessageUnion, type SocketMessageType } from './schema/socket-message.js';
import { SOCKET_MESSAGE_DOCS } from './schema/socket-message-docs.js';
import type { Variant } from './variant.js';
import type { ConfigKinds } from './widget-kinds.js';

type JsonSchema = Record<string, unknown>;

/** Each kind's words, loaded from its own module (kept out of the bar's start-up: schema-docs.ts says why). */
export async function loadKindDocs(kinds: ConfigKinds): Promise<ReadonlyMap<string, KindDocs>> {
  const loaded = await Promise.all(kinds.kinds.map(async (k) => [k.name, await k.docs?.()] as const));
  return new Map(loaded.filter((e): e is readonly [string, KindDocs] => e[1] !== undefined));
}

/** Each window-manager message's meaning, on the one union the export lists them in (not needed to validate). */
function documentMessages(): void {
  const words: Readonly<Record<SocketMessageType, string>> = SOCKET_MESSAGE_DOCS;
  const legacy = Object.entries(SOCKET_MESSAGE_LEGACY).map(([old, type]) => [old, `An old name of ${type}, still read: ${words[type]}`]);
  doc(socketMessageUnion(), {
    id: 'SocketMessage',
    description: 'A message to the window manager: {"type": ...}, with "content" when the type takes one.',
    values: { ...words, ...Object.fromEntries(legacy) },
    examples: [{ type: 'CycleFocusWorkspace', content: 'Next' }, { type: 'TogglePause' }],
  });
}

export function barJsonSchema(variant: Variant, kinds: ConfigKinds, kindDocs: ReadonlyMap<string, KindDocs> = new Map()): JsonSchema {
  documentMessages();
  const schema = z.toJSONSchema(barSchemaForJsonSchema(variant, kinds, kindDocs), {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'ref',
    metadata: jsonKeywords,
    override: (ctx) => explain(ctx.zodSchema as unknown as z.ZodType, ctx.jsonSchema as JsonSchema),
  }) as JsonSchema;
  nullableOptionals(schema);
  const props = schema.properties as Record<string, JsonSchema>;
  props.$schema = { type: 'string', description: 'Where the editor finds this schema: a URL or a path (tilebar itself ignores it).' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `tilebar bar configuration (komorebi.bar.json), variant ${variant}`,
    description:
      variant === 'A'
        ? 'Variant A (Windows): every widget, mouse bindings and the window-manager message vocabulary.'
        : 'Variant B (macOS): no Keyboard, Media or mouse.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}

/**
 * The registry as zod's export reads it: only what is a JSON Schema keyword (zod copies every field it finds onto
 * the JSON); `values` and `properties` are turned into keywords by `explain`.
 */
const jsonKeywords = {
  get(schema: z.core.$ZodType) {
    const words = schemaDocs.get(schema as z.ZodType);
    if (!words) return undefined;
    const { values: _values, properties: _properties, ...keywords } = words;
    return keywords;
  },
} as unknown as typeof schemaDocs;

/** What zod's export leaves out of one schema's JSON: defaults of transformed values, examples, enum values' meanings. */
function explain(zodSchema: z.ZodType, json: JsonSchema): void {
  const meta = walkMeta.get(zodSchema);
  // The four-sided spacing form requires its four keys by the spec; tilebar repairs it with a warning.
  if (meta?.softRequired) json.required = [...meta.softRequired.keys];
  const def = zodSchema._zod.def as { type: string; defaultValue?: unknown };
  // zod drops the default of a value it transforms (every enum of the format, for its aliases) in input mode.
  if (def.type === 'default' && !('default' in json)) json.default = def.defaultValue;
  const words = schemaDocs.get(zodSchema);
  if (words?.examples && !('examples' in json)) json.examples = [...words.examples];
  const props = json.properties as Record<string, JsonSchema> | undefined;
  // A new object each: a shared schema's JSON is one object, referenced from every place that uses it.
  for (const [key, description] of Object.entries(words?.properties ?? {})) if (props?.[key]) props[key] = { ...props[key], description };
  if (!words?.values) return;
  if (compactTaggedUnion(json, words.values)) return;
  if (json.const !== undefined && json.enum === undefined) {
    json.enum = [json.const];
    delete json.const;
  }
  if (Array.isArray(json.enum)) json.enumDescriptions = json.enum.map((v) => valueDescription(String(v), words.values ?? {}, meta));
}

/** A value's meaning; an alias or an old spelling says what it stands for. */
function valueDescription(value: string, values: Readonly<Record<string, string>>, meta: ReturnType<typeof walkMeta.get>): string | undefined {
  if (Object.hasOwn(values, value)) return values[value];
  const alias = meta?.enumMeta?.aliases[value];
  if (alias !== undefined && Object.hasOwn(values, alias)) return `${values[alias]} (${value} is another name for ${alias}.)`;
  const legacy = meta?.enumMeta?.legacy[value];
  if (legacy !== undefined) return `An old spelling of ${legacy}, still read; \`tilebar check --fix\` rewrites it.`;
  return undefined;
}

const DESCRIBING = ['title', 'description', 'default', 'examples'] as const;
const DATA = new Set(['default', 'examples', 'enum', 'const', 'enumDescriptions']);

/**
 * Optional keys take null as "absent", as the original's parser does: each becomes `anyOf: [its schema, null]`,
 * with its words lifted beside the `anyOf` (where an editor looks first) and its default said in them.
 */
function nullableOptionals(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableOptionals);
  if (node === null || typeof node !== 'object') return;
  const json = node as JsonSchema;
  // Values (defaults, examples, enums) are data, not schemas.
  for (const [key, value] of Object.entries(json)) if (!DATA.has(key)) nullableOptionals(value);
  const props = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== 'object' || !props) return;
  const required = new Set((json.required as string[] | undefined) ?? []);
  for (const [key, prop] of Object.entries(props)) {
    if (required.has(key) || typeof prop !== 'object' || isNullable(prop)) continue;
    const wrapper: JsonSchema = {};
    for (const k of DESCRIBING) {
      if (k in prop) {
        wrapper[k] = prop[k];
        delete prop[k];
      }
    }
    if (wrapper.default !== undefined && typeof wrapper.description === 'string' && !/\bdefault\b/i.test(wrapper.description)) {
      wrapper.description = `${wrapper.description} Default: ${JSON.stringify(wrapper.default)}.`;
    }
    wrapper.anyOf = [prop, { type: 'null' }];
    props[key] = wrapper;
  }
}

const isNullable = (s: JsonSchema) => Array.isArray(s.anyOf) && (s.anyOf as JsonSchema[]).some((o) => o.type === 'null');
