/** What the Time widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'The time of day: 12- or 24-hour, a binary clock, or your own strftime format, in any time zone.',
  fields: {
    format: {
      description: 'How the time is written: a preset name or {"Custom": "<strftime>"}.',
      examples: ['TwentyFourHour', { Custom: '%H:%M' }],
      values: {
        TwelveHour: '12-hour clock with seconds, as 3:04:05 PM.',
        TwelveHourWithoutSeconds: '12-hour clock, as 3:04 PM.',
        TwentyFourHour: '24-hour clock with seconds, as 15:04:05.',
        TwentyFourHourWithoutSeconds: '24-hour clock, as 15:04.',
        BinaryCircle: 'A binary clock of dots: hours, minutes and seconds.',
        BinaryRectangle: 'A binary clock of bars: hours, minutes and seconds.',
      },
    },
    changing_icon: 'Change the icon with the time of day.',
    timezone: { description: 'The time zone whose time is shown, by its IANA name; the system\'s zone when absent.', examples: ['America/New_York'] },
  },
};
