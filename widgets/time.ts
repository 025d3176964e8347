/** Time widget, including the two binary clocks and the time-of-day icon. */
import * as z from 'zod';
import { TIME_FORMATS } from '../src/config/vocabulary.js';
import { keyedUnion, names, withMeta, once } from '../src/config/schema-kit.js';
import { enable, prefix, strftimeFormat, timezoneName } from '../src/config/schema/widget-fields.js';

export const timeFormat = once(() =>
  withMeta(
    z.union([
      names('a time format', TIME_FORMATS),
      keyedUnion('a time format variant', { Custom: strftimeFormat() }),
    ]),
    { expected: `one of ${TIME_FORMATS.map((f) => `"${f}"`).join(', ')} or {"Custom": "<strftime>"}` },
  ));

export const timeConfig = once(() =>
  z.strictObject({
    enable: enable(),
    format: timeFormat(),
    /** The icon follows the time of day. */
    changing_icon: z.boolean().default(false),
    label_prefix: prefix('Icon'),
    /** IANA zone name, e.g. "Europe/London". */
    timezone: timezoneName().optional(),
  }));
export type TimeConfig = z.output<ReturnType<typeof timeConfig>>;
