/** Date widget's view: the four preset formats, strftime, CustomModifiers and a time zone. No schema here (no zod). */
import type { Variant } from '../../src/config/variant.js';
import { zonedNow, type ClockReading } from '../../src/time/clock.js';
import { modifierConversion, strftime } from '../../src/time/strftime.js';
import { prefixed, type UnitView } from '../view.js';
import type { DATE_FORMATS } from './formats.js';
import type { DateModelConfig } from './model.js';

/**
 * The presets as strftime. DayDateMonthYear follows the spec ("8 September 2024"); the original also
 * prints the weekday ("Sunday  8 September 2024", with a double space before single-digit days).
 */
export const DATE_PRESETS: Readonly<Record<(typeof DATE_FORMATS)[number], string>> = {
  MonthDateYear: '%D',
  YearMonthDate: '%F',
  DateMonthYear: '%-d-%b-%Y',
  DayDateMonthYear: '%-d %B %Y',
};

/** The format string and modifiers of a Date config (modifier keys reduced to their conversion). */
export function dateFormatOf(config: DateModelConfig): { format: string; modifiers: Record<string, number> } {
  const f = config.format;
  if (f.kind === 'preset') return { format: DATE_PRESETS[f.name], modifiers: {} };
  const modifiers: Record<string, number> = {};
  for (const [key, amount] of Object.entries(f.modifiers)) {
    const conv = modifierConversion(key);
    if (conv) modifiers[conv] = amount;
  }
  return { format: f.format, modifiers };
}

export function dateView(config: DateModelConfig, clock: ClockReading, variant: Variant): UnitView[] {
  const icon = variant === 'B' ? 'CALENDAR' : 'CALENDAR_DOTS';
  const now = zonedNow(clock, config.timezone);
  if (!now.ok) {
    const message = `Invalid timezone: ${now.zone}`;
    return [{ id: 'date', name: 'Date', segments: [{ role: 'icon', icon: 'WARNING_CIRCLE' }, { role: 'text', text: message }], state: 'error', why: message, error: message, checks: [] }];
  }
  const { format, modifiers } = dateFormatOf(config);
  // The original trims the result: a leading %e pad or trailing space never shows.
  const text = strftime(now.dt, format, { modifiers }).trim();
  return [{ id: 'date', name: 'Date', segments: prefixed(config.label_prefix, icon, 'DATE: ', [{ role: 'value', text }]), state: 'normal', valueText: text, checks: [] }];
}
