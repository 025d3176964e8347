/** `tilebar schema`: a JSON Schema (2020-12) of the format, for editor completion and validation. */
import * as z from 'zod';
import { barSchemaForJsonSchema } from './schema/bar.js';
import { walkMeta } from './schema-kit.js';
import type { Variant } from './variant.js';
import type { ConfigKinds } from './widget-kinds.js';

type JsonSchema = Record<string, unknown>;

export function barJsonSchema(variant: Variant, kinds: ConfigKinds): JsonSchema {
  const schema = z.toJSONSchema(barSchemaForJsonSchema(variant, kinds), {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'ref',
    override: (ctx) => {
      const meta = walkMeta.get(ctx.zodSchema as unknown as z.ZodType);
      const json = ctx.jsonSchema as JsonSchema;
      // The four-sided spacing form requires its four keys by the spec; tilebar repairs it with a warning.
      if (meta?.softRequired) json.required = [...meta.softRequired.keys];
      // Optional keys take null as "absent", as the original's parser does.
      const props = json.properties as Record<string, JsonSchema> | undefined;
      if (json.type === 'object' && props) {
        const required = new Set((json.required as string[] | undefined) ?? []);
        for (const [key, prop] of Object.entries(props)) {
          if (!required.has(key)) props[key] = { anyOf: [prop, { type: 'null' }] };
        }
      }
    },
  }) as JsonSchema;
  const props = schema.properties as Record<string, JsonSchema>;
  props.$schema = { type: 'string', description: 'URL or path of this schema, for editors' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `tilebar bar configuration (komorebi.bar.json), variant ${variant}`,
    description:
      variant === 'A'
        ? 'Variant A (Windows): all widgets, mouse bindings and the window-manager message vocabulary.'
        : 'Variant B (macOS): no Keyboard, Media or mouse.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}
