/** Time widget's view, including the two binary clocks and the time-of-day icon. No schema here (no zod). */
import type { DateTime } from 'luxon';
import { zonedNow, type ClockReading } from '../../src/time/clock.js';
import { strftime } from '../../src/time/strftime.js';
import { binaryClock } from '../binary-clock.js';
import type { IconName } from '../icons.js';
import { prefixed, type Segment, type UnitView } from '../view.js';
import type { TimeModelConfig } from './model.js';

/** The text presets as strftime (the original's `%l` pad is trimmed away, so `%-I` is the same). */
export const TIME_PRESETS = {
  TwelveHour: '%-I:%M:%S %p',
  TwelveHourWithoutSeconds: '%-I:%M %p',
  TwentyFourHour: '%T',
  TwentyFourHourWithoutSeconds: '%H:%M',
} as const;

/** The strftime a Time config formats with, or undefined for the binary clocks. */
export function timeFormatOf(config: TimeModelConfig): string | undefined {
  const f = config.format;
  if (f.kind === 'custom') return f.format;
  return f.name === 'BinaryCircle' || f.name === 'BinaryRectangle' ? undefined : TIME_PRESETS[f.name];
}

/** Icon ranges of `changing_icon`: each starts just after its time; the default CLOCK runs 08:30–12:00. */
const TIME_OF_DAY_ICONS: ReadonlyArray<readonly [number, IconName]> = [
  [0, 'MOON'],
  [6 * 60, 'ALARM'],
  [6 * 60 + 1, 'BREAD'],
  [6 * 60 + 30, 'BARBELL'],
  [8 * 60, 'COFFEE'],
  [8 * 60 + 30, 'CLOCK'],
  [12 * 60, 'HAMBURGER'],
  [12 * 60 + 30, 'CLOCK_AFTERNOON'],
  [18 * 60, 'FORK_KNIFE'],
  [18 * 60 + 30, 'MOON_STARS'],
];

/** The last range whose start is strictly before the time of day; exactly midnight is CLOCK. */
export function timeOfDayIcon(dt: DateTime): IconName {
  const ms = ((dt.hour * 60 + dt.minute) * 60 + dt.second) * 1000 + dt.millisecond;
  let icon: IconName = 'CLOCK';
  for (const [startMinute, name] of TIME_OF_DAY_ICONS) if (startMinute * 60_000 < ms) icon = name;
  return icon;
}

/** `rows`: the bar's height in rows, which picks the binary clocks' layout (see binary-clock.ts). */
export function timeView(config: TimeModelConfig, clock: ClockReading, rows = 1): UnitView[] {
  const now = zonedNow(clock, config.timezone);
  if (!now.ok) {
    const message = `Invalid timezone: "${now.zone}"`;
    return [{ id: 'time', name: 'Time', segments: [{ role: 'icon', icon: 'WARNING_CIRCLE' }, { role: 'text', text: message }], state: 'error', why: message, error: message, checks: [] }];
  }
  const { dt } = now;
  const icon = config.changing_icon ? timeOfDayIcon(dt) : 'CLOCK';
  const format = timeFormatOf(config);
  let body: Segment;
  let valueText: string;
  if (format === undefined) {
    const style = config.format.kind === 'preset' && config.format.name === 'BinaryRectangle' ? 'BinaryRectangle' : 'BinaryCircle';
    body = { role: 'grid', lines: binaryClock(style, dt.hour, dt.minute, dt.second, rows) };
    valueText = strftime(dt, '%T');
  } else {
    valueText = strftime(dt, format).trim();
    body = { role: 'value', text: valueText };
  }
  return [{ id: 'time', name: 'Time', segments: prefixed(config.label_prefix, icon, 'TIME: ', [body]), state: 'normal', valueText, checks: [] }];
}
