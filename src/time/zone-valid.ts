/**
 * Whether a name is a time zone. Most names are canonical IANA ones ("Europe/London"), answered from the list
 * Intl gives (~2 ms to load); only the rest (aliases such as "US/Eastern" or "Asia/Calcutta", other cases,
 * "Etc/GMT+5") are asked of luxon, whose test builds an Intl.DateTimeFormat for the zone: ~19 ms for the first
 * one in a process, most of `tilebar check`'s time on a config with a timezone (bench/oneshot.mjs).
 */
import { IANAZone } from 'luxon';

let canonical: ReadonlySet<string> | undefined;

/**
 * UTC under its usual names, and the fixed `Etc/GMT±N` zones, which every ICU knows but Intl's list leaves out
 * (it lists canonical regions): `TZ=UTC`, the default of containers and servers, is answered without luxon.
 */
const FIXED = /^(?:UTC|GMT|Etc\/(?:UTC|GMT|UCT|Universal|Zulu|GMT(?:\+(?:[0-9]|1[0-2])|-(?:[0-9]|1[0-4]))))$/;

/** Whether the name is UTC or a fixed `Etc/GMT±N` zone, which luxon computes without Intl. */
export function isFixedZone(name: string): boolean {
  return FIXED.test(name);
}

/** Whether Intl lists the name among its (canonical) zones. */
export function isListedZone(name: string): boolean {
  canonical ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  return canonical.has(name);
}

export function isValidZone(name: string): boolean {
  return isFixedZone(name) || isListedZone(name) || IANAZone.isValidZone(name);
}
