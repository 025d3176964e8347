/**
 * Zone abbreviations for `%Z`. Intl (CLDR) knows a zone's short name only in some locales (`BST` in en-GB,
 * `EDT` in en-US, `AEST` in en-AU, `IST` in en-IN, `JST` in ja-JP); the first locale that gives letters
 * wins, else the offset as the tz database writes it (`+04`, `+0530`). This matches GNU `date` for the
 * zones people use, not for every zone (Dubai is `GST` here, `+04` there).
 */
import type { DateTime } from 'luxon';
import { BoundedCache } from '../io/bounded-cache.js';

const LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-NZ', 'en-IN', 'en-IE', 'en-ZA', 'en-CA', 'ja-JP', 'ko-KR'];
/**
 * Saves making an Intl formatter per locale and zone (tens of microseconds and a few KB each) on every `%Z`; a
 * bar shows a handful of zones. Exported for the test of its bound.
 */
export const formatters = new BoundedCache<string, Intl.DateTimeFormat>({ maxEntries: 64 });
/** Saves trying up to ten locales per `%Z` for each zone and offset shown. Exported for the test of its bound. */
export const cache = new BoundedCache<string, string>({ maxEntries: 256 });

function formatter(locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    formatters.set(key, f);
  }
  return f;
}

export function zoneAbbreviation(dt: DateTime): string {
  const zone = dt.zoneName ?? 'UTC';
  const key = `${zone}|${dt.offset}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let name: string | undefined;
  if (dt.zone.type === 'iana' || zone === 'UTC') {
    for (const locale of LOCALES) {
      const part = formatter(locale, zone).formatToParts(dt.toJSDate()).find((p) => p.type === 'timeZoneName')?.value;
      if (part && /^[A-Z][A-Z]+$/.test(part)) {
        name = part;
        break;
      }
    }
  }
  if (!name) {
    const sign = dt.offset < 0 ? '-' : '+';
    const abs = Math.abs(dt.offset);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    name = abs % 60 === 0 ? `${sign}${hh}` : `${sign}${hh}${String(abs % 60).padStart(2, '0')}`;
  }
  cache.set(key, name);
  return name;
}
