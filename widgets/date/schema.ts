/** Date widget: the four preset formats, strftime, CustomModifiers and a time zone. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { checkModifiers } from '../../src/config/format-checks.js';
import { DATE_FORMATS } from './formats.js';

export const dateSchema = (k: SchemaKit) => {
  const format = k.withMeta(
    k.z.union([
      k.names('a date format', DATE_FORMATS),
      k.keyedUnion('a date format variant', {
        Custom: k.strftimeFormat(),
        CustomModifiers: k.withMeta(k.z.strictObject({ format: k.strftimeFormat(), modifiers: k.z.record(k.z.string(), k.i32()) }), { checkObject: checkModifiers }),
      }),
    ]),
    { expected: `one of ${DATE_FORMATS.map((f) => `"${f}"`).join(', ')}, {"Custom": "<strftime>"} or {"CustomModifiers": {...}}` },
  );
  return k.z.strictObject({
    enable: k.enable(),
    format,
    label_prefix: k.prefix('Icon'),
    timezone: k.timezoneName().optional(),
  });
};
export type DateConfig = z.output<ReturnType<typeof dateSchema>>;
