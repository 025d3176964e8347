/** The check of a clock kind's config (Date and Time) read from the cache of validated models. */
import { int, isObj, need, optional, str } from '../src/config/model-checks.js';
import type { WidgetConfig } from '../src/config/widget-kinds.js';
import { MAX_CONFIG_BYTES } from '../src/config/limits.js';

/** A cached model's clock config (Date and Time): its zone and format held to their shape. */
export function guardClock(c: WidgetConfig, what: string): void {
  optional(c.timezone, (v) => str(v, `${what}.timezone`, 256));
  const f = c.format;
  need(isObj(f) && (f.kind === 'preset' || f.kind === 'custom'), `${what}.format is not a format`);
  if (f.kind === 'preset') str(f.name, `${what}.format.name`, 64);
  else str(f.format, `${what}.format.format`, MAX_CONFIG_BYTES);
  optional(f.modifiers, (m) => {
    need(isObj(m), `${what}.format.modifiers is not an object`);
    for (const v of Object.values(m)) int(v, `${what}.format.modifiers[]`, -(2 ** 31), 2 ** 31 - 1);
  });
}
