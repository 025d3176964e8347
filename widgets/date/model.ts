/** The Date widget's config as the model holds it: its format in one shape, preset or strftime. */
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
