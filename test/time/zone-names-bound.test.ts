import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { cache, formatters, zoneAbbreviation } from '../../src/time/zone-names.js';

describe('zone abbreviations', () => {
  it('keep bounded memos however many zones and offsets a bar is shown', () => {
    const at = DateTime.fromISO('2026-07-01T12:00:00Z');
    for (const zone of Intl.supportedValuesOf('timeZone')) zoneAbbreviation(at.setZone(zone));
    for (let minutes = -14 * 60; minutes <= 14 * 60; minutes++) zoneAbbreviation(at.setZone(`UTC${minutes < 0 ? '-' : '+'}${Math.floor(Math.abs(minutes) / 60)}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`));
    expect(formatters.size).toBeLessThanOrEqual(64);
    expect(cache.size).toBeLessThanOrEqual(256);
    expect(zoneAbbreviation(at.setZone('Europe/London'))).toBe('BST');
  });
});
