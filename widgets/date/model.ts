/** The Date widget's config as the model holds it: its format in one shape, preset or strftime. */
import { int, isObj, need, optional, str } from '../../src/config/model-checks.js';
import type { WidgetConfig } from '../../src/config/widget-kinds.js';
import { MAX_CONFIG_BYTES } from '../../src/config/limits.js';
import type { DateConfig } from './schema.js';
import type { DATE_FORMATS } from './formats.js';

export type DateFormatModel = { kind: 'preset'; name: (typeof DATE_FORMATS)[number] } | { kind: 'custom'; format: string; modifiers: Record<string, number> };

export type DateModelConfig = Omit<DateConfig, 'format'> & { format: DateFormatModel };

export function normaliseDate(c: DateConfig): DateModelConfig {
  const f = c.format;
  const format: DateFormatModel =
    typeof f === 'string'
      ? { kind: 'preset', name: f }
      : f.kind === 'Custom'
        ? { kind: 'custom', format: f.config, modifiers: {} }
        : { kind: 'custom', format: f.config.format, modifiers: f.config.modifiers };
  return { ...c, format };
}

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
