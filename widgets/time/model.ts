/** The Time widget's config as the model holds it: its format in one shape, preset or strftime. */
import type { TimeConfig } from './schema.js';
import type { TIME_FORMATS } from './formats.js';

export type TimeFormatModel = { kind: 'preset'; name: (typeof TIME_FORMATS)[number] } | { kind: 'custom'; format: string };

export type TimeModelConfig = Omit<TimeConfig, 'format'> & { format: TimeFormatModel };

export function normaliseTime(c: TimeConfig): TimeModelConfig {
  const f = c.format;
  return { ...c, format: typeof f === 'string' ? { kind: 'preset', name: f } : { kind: 'custom', format: f.config } };
}
