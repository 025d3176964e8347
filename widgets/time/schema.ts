/** Time widget, including the two binary clocks and the time-of-day icon. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { TIME_FORMATS } from './formats.js';

export const timeSchema = (k: SchemaKit) => {
  const format = k.withMeta(k.z.union([k.names('a time format', TIME_FORMATS), k.keyedUnion('a time format variant', { Custom: k.strftimeFormat() })]), {
    expected: `one of ${TIME_FORMATS.map((f) => `"${f}"`).join(', ')} or {"Custom": "<strftime>"}`,
  });
  return k.z.strictObject({
    enable: k.enable(),
    format,
    /** The icon follows the time of day. */
    changing_icon: k.z.boolean().default(false),
    label_prefix: k.prefix('Icon'),
    /** IANA zone name, e.g. "Europe/London". */
    timezone: k.timezoneName().optional(),
  });
};
export type TimeConfig = z.output<ReturnType<typeof timeSchema>>;
