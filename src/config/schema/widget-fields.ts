/** Fields most widget configurations share. */
import * as z from 'zod';
import { checkStrftime, checkTimezone } from '../format-checks.js';
import { percent, u64, withMeta } from '../schema-kit.js';
import { labelPrefix, type LabelPrefix } from './common.js';
import { doc } from '../schema-docs.js';

/** Required by the format; a widget listed without it is meant to be shown, which is what `--fix` adds. */
export const enable = () => doc(withMeta(z.boolean(), { fill: true }), 'Shows the widget (true) or leaves it out (false).');

/** Seconds between polls (hours for Update); 0 means every clock tick (1 s). */
export const refreshInterval = (defaultValue: number) =>
  doc(u64().default(defaultValue), { description: 'Seconds between two readings; 0 reads at every tick of the clock (each second).', examples: [defaultValue] });

/** The spec leaves label_prefix defaults open; these are the original bar's per-widget defaults. */
export const prefix = (defaultValue: LabelPrefix) => doc(labelPrefix().default(defaultValue), 'What stands before the value: icon, short word, both or nothing.');

/** Cpu and Memory share the spec's four properties: a percentage selected at or over a threshold. */
export const usageConfig = () =>
  z.strictObject({
    enable: enable(),
    /** Selected when the percentage is at or over this value. */
    auto_select_over: doc(percent().optional(), {
      description: 'Highlights the widget when the percentage reaches this value (1–100 percent).',
      examples: [80],
    }),
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
  });

/** A strftime format: unknown specifiers are errors located inside the string. */
export const strftimeFormat = () =>
  doc(withMeta(z.string(), { expected: 'a strftime format string', checkString: checkStrftime }), {
    description: 'A strftime format: %H:%M is hours and minutes, %a %d %b the day and month; `tilebar check` finds unknown specifiers.',
    examples: ['%H:%M', '%a %d %b'],
  });

/** An IANA time zone name; a wrong one is an error with did-you-mean. */
export const timezoneName = () =>
  doc(withMeta(z.string(), { expected: 'an IANA time zone name such as "Europe/London"', checkString: checkTimezone }), {
    description: 'The time zone to show, by its IANA name; the system\'s zone when absent.',
    examples: ['Europe/London', 'America/New_York'],
  });
