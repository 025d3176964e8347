import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { clockZone, HostZone } from '../../src/time/host-zone.js';

const LISTED = Intl.supportedValuesOf('timeZone');
/** A minute before each zone changes its offset (Kathmandu: a +5:45 zone that does not change). */
const AROUND_CHANGES = [
  ['Europe/London', '2024-03-31T00:59:00Z'],
  ['Europe/London', '2024-10-27T00:59:00Z'],
  ['America/New_York', '2024-03-10T06:59:00Z'],
  ['Australia/Lord_Howe', '2024-04-06T14:59:00Z'],
  ['Asia/Kathmandu', '2024-01-01T00:00:00Z'],
  ['America/St_Johns', '2024-11-03T04:29:00Z'],
] as const;
const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('HostZone: offsets from the runtime instead of Intl.DateTimeFormat', () => {
  it('gives the offset and wall time luxon computes with Intl, in every listed zone, at any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTED), fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2037, 11, 31) }), (zone, ts) => {
        const ours = DateTime.fromMillis(ts, { zone: new HostZone(zone), locale: 'en-US' });
        const theirs = DateTime.fromMillis(ts, { zone: IANAZone.create(zone), locale: 'en-US' });
        expect(ours.offset, `${zone} at ${new Date(ts).toISOString()}`).toBe(theirs.offset);
        expect(ours.toISO(), zone).toBe(theirs.toISO());
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees around daylight-saving changes, in both directions, to the minute', () => {
    for (const [zone, at] of AROUND_CHANGES) {
      const ts = Date.parse(at);
      for (const step of [0, 60_000, 120_000]) {
        expect(new HostZone(zone).offset(ts + step), `${zone} ${at} +${step}`).toBe(IANAZone.create(zone).offset(ts + step));
      }
      expect(new HostZone(zone).formatOffset(ts, 'short')).toBe(IANAZone.create(zone).formatOffset(ts, 'short'));
      expect(new HostZone(zone).formatOffset(ts, 'techie')).toBe(IANAZone.create(zone).formatOffset(ts, 'techie'));
    }
  });

  it('asked second by second, as a running clock asks, keeps one reading a minute and still changes at the exact minute', () => {
    for (const [zone, at] of AROUND_CHANGES) {
      const running = new HostZone(zone);
      const from = Date.parse(at) - 60_000;
      for (let ts = from; ts < from + 240_000; ts += 500) {
        expect(running.offset(ts), `${zone} at ${new Date(ts).toISOString()}`).toBe(IANAZone.create(zone).offset(ts));
      }
    }
    // Before 1980 offsets had seconds (Monrovia's -0:44:30 until 1972): read each time, never kept.
    const monrovia = new HostZone('Africa/Monrovia');
    for (const at of ['1960-05-01T12:00:00Z', '1972-05-01T00:44:00Z', '1972-05-01T00:44:40Z', '1990-01-01T00:00:00Z']) {
      expect(monrovia.offset(Date.parse(at)), at).toBe(IANAZone.create('Africa/Monrovia').offset(Date.parse(at)));
    }
  });

  it('one zone asked at any instants in any order (its kept minute reused or not) agrees with luxon', () => {
    const zones = new Map<string, HostZone>();
    fc.assert(
      fc.property(fc.constantFrom(...LISTED), fc.array(fc.integer({ min: Date.UTC(1979, 11, 1), max: Date.UTC(2037, 11, 31) }), { minLength: 1, maxLength: 8 }), (zone, instants) => {
        let running = zones.get(zone);
        if (!running) zones.set(zone, (running = new HostZone(zone)));
        for (const ts of instants.flatMap((t) => [t, t + 999, t + 59_000])) {
          expect(running.offset(ts), `${zone} at ${new Date(ts).toISOString()}`).toBe(IANAZone.create(zone).offset(ts));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the process’s TZ as it found it, set or not, and the local time with it', () => {
    const ts = Date.parse('2024-09-08T09:05:03Z');
    for (const before of [undefined, 'America/New_York', 'Asia/Tokyo']) {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
      const localOffset = new Date(ts).getTimezoneOffset();
      expect(new HostZone('Europe/London').offset(ts)).toBe(60);
      expect(process.env.TZ).toBe(before);
      expect('TZ' in process.env).toBe(before !== undefined);
      expect(new Date(ts).getTimezoneOffset()).toBe(localOffset);
    }
  });
});

describe('clockZone', () => {
  it('uses HostZone for listed zones, and leaves UTC, fixed zones, aliases and Windows to luxon', () => {
    expect(clockZone('Europe/London', 'linux')).toBeInstanceOf(HostZone);
    expect(clockZone('Europe/Berlin', 'darwin')).toBeInstanceOf(HostZone);
    for (const name of ['UTC', 'Etc/GMT+5', 'GMT', 'US/Eastern', 'Not/AZone']) expect(clockZone(name, 'linux'), name).toBe(name);
    expect(clockZone('Europe/Paris', 'win32')).toBe('Europe/Paris');
  });
});
