/**
 * Named time zones for the clock widgets, with their offsets from the runtime's own zone support instead of
 * Intl.DateTimeFormat. luxon finds an IANA zone's offset with an Intl.DateTimeFormat, and the first one built
 * in a process loads ICU's locale and calendar data: ~20 ms of every one-shot command that shows a time
 * somewhere other than UTC (most users' system zone, and every Time widget with a `timezone`). A `Date`
 * gives the same offset (the same ICU zone data) in a few microseconds when the process's TZ names the zone,
 * which Node lets a program set at run time: for each offset asked, TZ is set, read and put back, in one
 * synchronous step, so no other code ever runs under the borrowed TZ (a child process started later gets
 * the environment as it was).
 *
 * Only zones that Intl lists are used so (a name ICU does not know would silently be UTC), and not on
 * Windows, where Node's TZ support is not documented to follow run-time changes: luxon's own zone there.
 */
import { BoundedCache } from '../io/bounded-cache.js';
import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import { isFixedZone, isListedZone } from './zone-valid.js';

/** The local wall time of `d` read as if it were UTC, minus `d`: the local offset, to the millisecond. */
function localOffsetMinutes(d: Date): number {
  const wall = new Date(0);
  wall.setUTCFullYear(d.getFullYear(), d.getMonth(), d.getDate());
  wall.setUTCHours(d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
  // `0 +`: UTC is +0, never -0. Not getTimezoneOffset(), which drops the seconds of old offsets (Monrovia's -0:44:30).
  return 0 + (wall.getTime() - d.getTime()) / 60_000;
}

/** The offset in minutes east of UTC of `zone` at `epochMs`, with TZ borrowed for the reading. */
function hostOffset(zone: string, epochMs: number): number {
  const saved = process.env.TZ;
  if (saved === zone) return localOffsetMinutes(new Date(epochMs));
  try {
    process.env.TZ = zone;
    return localOffsetMinutes(new Date(epochMs));
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

/** 1980-01-01T00:00Z: from here on, zone offsets and their changes fall on whole minutes. */
const MINUTE_OFFSETS_FROM = Date.UTC(1980, 0, 1);

const sign = (n: number) => (n < 0 ? '-' : '+');
const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

export class HostZone extends Zone {
  readonly #name: string;

  constructor(name: string) {
    super();
    this.#name = name;
  }

  override get type(): string {
    return 'iana';
  }

  override get name(): string {
    return this.#name;
  }

  get ianaName(): string {
    return this.#name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return true;
  }

  /** Names of the offset ("BST", "British Summer Time") are Intl's: luxon's own zone answers, when asked. */
  override offsetName(ts: number, opts: ZoneOffsetOptions): string | null {
    return IANAZone.create(this.#name).offsetName(ts, opts);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const offset = this.offset(ts);
    const hours = offset / 60;
    const minutes = Math.abs(offset % 60);
    if (format === 'narrow') return `${sign(offset)}${Math.trunc(Math.abs(hours))}${minutes > 0 ? `:${pad(minutes)}` : ''}`;
    if (format === 'techie') return `${sign(offset)}${pad(hours)}${pad(minutes)}`;
    return `${sign(offset)}${pad(hours)}:${pad(minutes)}`;
  }

  /**
   * The offset of the last minute asked, kept: a running clock asks every second, and each borrowing of TZ
   * makes the C library and ICU load the zone again (both ways). Since 1980 every zone's offsets are whole
   * minutes and change only at whole minutes, so one reading holds for its whole UTC minute; older instants
   * (offsets such as Monrovia's -0:44:30) are read each time.
   */
  #minute = Number.NaN;
  #minuteOffset = 0;

  override offset(ts: number): number {
    const minute = Math.floor(ts / 60_000);
    if (minute === this.#minute) return this.#minuteOffset;
    const offset = hostOffset(this.#name, ts);
    if (ts >= MINUTE_OFFSETS_FROM) {
      this.#minute = minute;
      this.#minuteOffset = offset;
    }
    return offset;
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.#name;
  }
}

/** Saves judging a zone name (Intl's list) and a HostZone's own offset memo per clock format; a bar has a few zones. */
const zones = new BoundedCache<string, Zone | string>({ maxEntries: 64 });

/**
 * What luxon is given for a zone name: the name itself for UTC and the fixed zones (luxon computes those
 * without Intl) and for names only luxon can judge, a HostZone for the zones Intl lists.
 */
export function clockZone(name: string, platform: NodeJS.Platform = process.platform): Zone | string {
  let zone = zones.get(name);
  if (zone === undefined) {
    zone = platform !== 'win32' && !isFixedZone(name) && isListedZone(name) ? new HostZone(name) : name;
    zones.set(name, zone);
  }
  return zone;
}
