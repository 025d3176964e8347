/**
 * Zone abbreviations for `%Z`. Intl (CLDR) knows a zone's short name only in some locales (`BST` in en-GB,
 * `EDT` in en-US, `AEST` in en-AU, `IST` in en-IN, `JST` in ja-JP); the first locale that gives letters
 * wins, else the offset as the tz database writes it (`+04`, `+0530`). This matches GNU `date` for the
 * zones people use, not for every zone (Dubai is `GST` here, `+04` there).
 */
import type { DateTime } from 'luxon';

const LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-NZ', 'en-IN', 'en-IE', 'en-ZA', 'en-CA', 'ja-JP', 'ko-KR'];
const formatters = new Map<string, Intl.DateTimeFormat>();
const cache = new Map<string, string>();

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
