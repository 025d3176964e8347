/** What `tilebar check` says about Date/Time formats, CustomModifiers and time zone names. */
import { isValidZone } from '../time/zone-valid.js';
import type { StringFinding } from './schema-kit.js';
import { looseForm, MAX_SUGGESTIBLE, nearest } from './suggest.js';
import { quote } from '../text/safe-text.js';
import { MODIFIABLE, modifierConversion, parseStrftime } from '../time/strftime.js';

export function checkStrftime(format: string): StringFinding[] {
  return parseStrftime(format).problems.map((p) => ({
    severity: 'error',
    message: p.message,
    ...(p.hint ? { hint: p.hint } : {}),
    index: p.index,
  }));
}

let zoneNames: readonly string[] | undefined;
function knownZones(): readonly string[] {
  zoneNames ??= [...Intl.supportedValuesOf('timeZone'), 'UTC'];
  return zoneNames;
}

export { isValidZone };

export function checkTimezone(name: string): StringFinding[] {
  // Zone names are short; a long value is not one (and Intl is not asked about megabytes of text).
  if (name.length <= MAX_SUGGESTIBLE && isValidZone(name)) return [];
  const zones = knownZones();
  // "London" or "new york" name the city: offer the zone that ends with it.
  const loose = looseForm(name.slice(0, MAX_SUGGESTIBLE + 1));
  const city = name.length > MAX_SUGGESTIBLE ? [] : zones.filter((z) => looseForm(z.split('/').pop() ?? '') === loose);
  const close = city.length > 0 ? city : nearest(name, zones);
  return [
    {
      severity: 'error',
      message: `${quote(name)} is not a time zone name`,
      hint: close.length > 0 ? `did you mean ${close.map((z) => JSON.stringify(z)).join(' or ')}?` : 'use an IANA name such as "Europe/London" or "America/New_York"',
    },
  ];
}

/** CustomModifiers: keys must name an integer specifier that the format uses. */
export function checkModifiers(value: Readonly<Record<string, unknown>>): Array<StringFinding & { path: string[] }> {
  const format = typeof value.format === 'string' ? value.format : '';
  const modifiers = (value.modifiers ?? {}) as Record<string, unknown>;
  const used = new Set(parseStrftime(format).tokens.flatMap((t) => (t.kind === 'spec' ? [t.conv] : [])));
  return Object.keys(modifiers).flatMap((key): Array<StringFinding & { path: string[] }> => {
    const conv = modifierConversion(key);
    const path = ['modifiers', key];
    if (!conv || !MODIFIABLE.includes(conv)) {
      return [
        {
          severity: 'warning',
          path,
          message: `${quote(key)} has no effect: modifiers apply to integer specifiers`,
          hint: `use one of ${MODIFIABLE.map((c) => `%${c}`).join(' ')}`,
        },
      ];
    }
    if (!used.has(conv)) {
      return [{ severity: 'warning', path, message: `${quote(key)} has no effect: the format has no %${conv}`, hint: `the format is ${quote(format)}` }];
    }
    return [];
  });
}
