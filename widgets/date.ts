/** Date widget: the four preset formats, strftime, CustomModifiers and a time zone. */
import * as z from 'zod';
import { DATE_FORMATS } from '../src/config/vocabulary.js';
import { i32, keyedUnion, names, withMeta, once } from '../src/config/schema-kit.js';
import { enable, prefix, strftimeFormat, timezoneName } from '../src/config/schema/widget-fields.js';
import { checkModifiers } from '../src/time/format-checks.js';

export const dateFormat = once(() =>
  withMeta(
    z.union([
      names('a date format', DATE_FORMATS),
      keyedUnion('a date format variant', {
        Custom: strftimeFormat(),
        CustomModifiers: withMeta(
          z.strictObject({
            format: strftimeFormat(),
            /** Specifier (`%U`) → amount added to that integer field. */
            modifiers: z.record(z.string(), i32()),
          }),
          { checkObject: checkModifiers },
        ),
      }),
    ]),
    { expected: `one of ${DATE_FORMATS.map((f) => `"${f}"`).join(', ')}, {"Custom": "<strftime>"} or {"CustomModifiers": {...}}` },
  ));

export const dateConfig = once(() =>
  z.strictObject({
    enable: enable(),
    format: dateFormat(),
    label_prefix: prefix('Icon'),
    /** IANA zone name, e.g. "Europe/London". */
    timezone: timezoneName().optional(),
  }));
export type DateConfig = z.output<ReturnType<typeof dateConfig>>;
