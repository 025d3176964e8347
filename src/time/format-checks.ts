/** What `tilebar check` says about Date/Time formats, CustomModifiers and time zone names. */
import { IANAZone } from 'luxon';
import type { StringFinding } from '../config/schema-kit.js';
import { looseForm, nearest } from '../config/suggest.js';
import { MODIFIABLE, modifierConversion, parseStrftime } from './strftime.js';

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

export function isValidZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

export function checkTimezone(name: string): StringFinding[] {
  if (isValidZone(name)) return [];
  const zones = knownZones();
  // "London" or "new york" name the city: offer the zone that ends with it.
  const city = zones.filter((z) => looseForm(z.split('/').pop() ?? '') === looseForm(name));
  const close = city.length > 0 ? city : nearest(name, zones);
  return [
    {
      severity: 'error',
      message: `"${name}" is not a time zone name`,
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
          message: `"${key}" has no effect: modifiers apply to integer specifiers`,
          hint: `use one of ${MODIFIABLE.map((c) => `%${c}`).join(' ')}`,
        },
      ];
    }
    if (!used.has(conv)) {
      return [{ severity: 'warning', path, message: `"${key}" has no effect: the format has no %${conv}`, hint: `the format is ${JSON.stringify(format)}` }];
    }
    return [];
  });
}
