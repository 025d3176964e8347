/** What the Date widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'Today\'s date, in a preset format or your own strftime format, in any time zone.',
  fields: {
    format: {
      description: 'How the date is written: a preset name, {"Custom": "<strftime>"} or {"CustomModifiers": {"format", "modifiers"}}.',
      examples: ['DayDateMonthYear', { Custom: '%a %d %b' }],
      values: {
        MonthDateYear: 'Month/day/year, as 09/08/24.',
        YearMonthDate: 'Year-month-day, as 2024-09-08.',
        DateMonthYear: 'Day-month-year, as 8-Sep-2024.',
        DayDateMonthYear: 'Day, month name and year, as 8 September 2024.',
      },
    },
    'format.CustomModifiers': {
      description: 'A strftime format whose numbers are shifted: "modifiers" adds an amount to an integer specifier\'s value, as {"format": "week %U", "modifiers": {"%U": 1}} counts weeks from 1.',
      examples: [{ format: 'week %U', modifiers: { '%U': 1 } }],
    },
    'format.CustomModifiers.modifiers': 'The amount added to each integer specifier the format uses, by specifier ("%U" or "%-U"); `tilebar check` warns of one that changes nothing.',
    timezone: { description: 'The time zone whose date is shown, by its IANA name; the system\'s zone when absent.', examples: ['Asia/Tokyo'] },
  },
};
