/** The instant and zone the clock widgets format: given by the scheduler's tick, or fixed for a preview. */
import { DateTime } from 'luxon';
import { parseStrftime, type Token } from './strftime.js';
import { clockZone } from './host-zone.js';

export interface ClockReading {
  /** Wall-clock milliseconds since the epoch. */
  epochMs: number;
  /** The system's IANA zone (see system-zone.ts), used when a widget has no `timezone`. */
  systemZone: string;
}

/**
 * The clock widgets format in the C locale (strftime.ts has its own English names), so luxon is told a locale
 * instead of asking the system for one: that question builds an Intl.DateTimeFormat and loads ICU's locale data,
 * ~20 ms of every one-shot command that shows a time.
 */
export const CLOCK_LOCALE = 'en-US';

export type ZonedNow = { ok: true; dt: DateTime } | { ok: false; zone: string };

export function zonedNow(clock: ClockReading, timezone: string | undefined): ZonedNow {
  const zone = timezone ?? clock.systemZone;
  const dt = DateTime.fromMillis(clock.epochMs, { zone: clockZone(zone), locale: CLOCK_LOCALE });
  return dt.isValid ? { ok: true, dt } : { ok: false, zone };
}

export type ClockResolution = 'second' | 'minute' | 'hour' | 'day';

const SECOND = new Set(['S', 's', 'T', 'c', 'r', 'X', 'f', 'N', '.f']);
const MINUTE = new Set(['M', 'R']);
const HOUR = new Set(['H', 'k', 'I', 'l', 'p', 'P']);

/** How often a format's text can change: the label is recomputed on every heartbeat, redrawn when it does. */
export function clockResolution(format: string | Token[]): ClockResolution {
  const tokens = typeof format === 'string' ? parseStrftime(format).tokens : format;
  const convs = tokens.flatMap((t) => (t.kind === 'spec' ? [t.conv] : []));
  if (convs.some((c) => SECOND.has(c))) return 'second';
  if (convs.some((c) => MINUTE.has(c))) return 'minute';
  if (convs.some((c) => HOUR.has(c))) return 'hour';
  return 'day';
}
