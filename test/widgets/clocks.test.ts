import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { ClockReading } from '../../src/time/clock.js';
import { clockResolution } from '../../src/time/clock.js';
import { dateView } from '../../widgets/date/view.js';
import type { DateModelConfig } from '../../widgets/date/model.js';
import { timeOfDayIcon, timeView } from '../../widgets/time/view.js';
import type { TimeModelConfig } from '../../widgets/time/model.js';
import { gridText, segmentText, type UnitView } from '../../widgets/view.js';
import { widgetConfig } from '../helpers.js';

const at = (iso: string, systemZone = 'UTC'): ClockReading => ({ epochMs: Date.parse(iso), systemZone });
const text = (units: UnitView[]) => segmentText(units[0]?.segments ?? []);
const date = (format: unknown, clock: ClockReading, extra = {}) => text(dateView(widgetConfig<DateModelConfig>('Date', { format, label_prefix: 'None', ...extra }), clock, 'A'));
const time = (format: unknown, clock: ClockReading, extra = {}) => text(timeView(widgetConfig<TimeModelConfig>('Time', { format, label_prefix: 'None', ...extra }), clock));

describe('Date formats', () => {
  const cases: Array<[string, string, string, string, string]> = [
    // instant, zone, MonthDateYear, YearMonthDate, DateMonthYear
    ['2024-09-08T08:05:03Z', 'Europe/London', '09/08/24', '2024-09-08', '8-Sep-2024'],
    ['2024-01-01T00:00:00Z', 'UTC', '01/01/24', '2024-01-01', '1-Jan-2024'],
    ['2024-12-31T23:59:59Z', 'UTC', '12/31/24', '2024-12-31', '31-Dec-2024'],
    ['2024-12-31T23:59:59Z', 'Asia/Kolkata', '01/01/25', '2025-01-01', '1-Jan-2025'],
    ['2024-03-10T07:00:00Z', 'America/New_York', '03/10/24', '2024-03-10', '10-Mar-2024'],
  ];
  for (const [iso, zone, mdy, ymd, dmy] of cases) {
    it(`${iso} in ${zone}`, () => {
      const clock = at(iso, zone);
      expect([date('MonthDateYear', clock), date('YearMonthDate', clock), date('DateMonthYear', clock)]).toEqual([mdy, ymd, dmy]);
    });
  }

  it('writes DayDateMonthYear as the spec does, without the weekday', () => {
    expect(date('DayDateMonthYear', at('2024-09-08T08:05:03Z', 'Europe/London'))).toBe('8 September 2024');
    expect(date('DayDateMonthYear', at('2024-11-23T12:00:00Z'))).toBe('23 November 2024');
  });

  it('formats Custom and CustomModifiers, trimmed, in the widget time zone over the system one', () => {
    const clock = at('2024-09-08T23:30:00Z', 'Europe/London');
    expect(date({ Custom: '%Y/%m/%d %a' }, clock)).toBe('2024/09/09 Mon');
    expect(date({ Custom: '%Y/%m/%d %a' }, clock, { timezone: 'America/New_York' })).toBe('2024/09/08 Sun');
    expect(date({ Custom: '%e %b ' }, at('2024-09-08T12:00:00Z'))).toBe('8 Sep');
    expect(date({ CustomModifiers: { format: 'week %U', modifiers: { '%U': 1 } } }, at('2024-01-01T12:00:00Z'))).toBe('week 01');
    expect(date({ CustomModifiers: { format: 'W%V → %-V', modifiers: { '%V': -1 } } }, at('2024-09-08T12:00:00Z'))).toBe('W35 → 35');
  });

  it('shows the prefix word and the calendar icon of the variant', () => {
    const config = widgetConfig<DateModelConfig>('Date', { format: 'YearMonthDate', label_prefix: 'IconAndText' });
    const a = dateView(config, at('2024-09-08T12:00:00Z'), 'A')[0];
    expect(segmentText(a?.segments ?? [])).toBe('DATE: 2024-09-08');
    expect(a?.segments[0]).toEqual({ role: 'icon', icon: 'CALENDAR_DOTS' });
    expect(dateView(config, at('2024-09-08T12:00:00Z'), 'B')[0]?.segments[0]).toEqual({ role: 'icon', icon: 'CALENDAR' });
  });
});

describe('Time formats', () => {
  const cases: Array<[string, string, string, string, string, string]> = [
    ['2024-09-08T08:05:03Z', 'Europe/London', '9:05:03 AM', '9:05 AM', '09:05:03', '09:05'],
    ['2024-01-01T00:00:00Z', 'UTC', '12:00:00 AM', '12:00 AM', '00:00:00', '00:00'],
    ['2024-06-15T12:00:00Z', 'UTC', '12:00:00 PM', '12:00 PM', '12:00:00', '12:00'],
    ['2024-12-31T23:59:59Z', 'UTC', '11:59:59 PM', '11:59 PM', '23:59:59', '23:59'],
    ['2024-09-08T09:05:03Z', 'Asia/Kolkata', '2:35:03 PM', '2:35 PM', '14:35:03', '14:35'],
    ['2024-11-03T06:00:00Z', 'America/New_York', '1:00:00 AM', '1:00 AM', '01:00:00', '01:00'],
    ['2024-11-03T05:59:59Z', 'America/New_York', '1:59:59 AM', '1:59 AM', '01:59:59', '01:59'],
  ];
  for (const [iso, zone, twelve, twelveShort, twentyFour, twentyFourShort] of cases) {
    it(`${iso} in ${zone}`, () => {
      const clock = at(iso, 'UTC');
      const f = (format: string) => time(format, clock, { timezone: zone });
      expect([f('TwelveHour'), f('TwelveHourWithoutSeconds'), f('TwentyFourHour'), f('TwentyFourHourWithoutSeconds')]).toEqual([twelve, twelveShort, twentyFour, twentyFourShort]);
    });
  }

  it('formats Custom with zone specifiers', () => {
    expect(time({ Custom: '%H:%M %Z' }, at('2024-07-01T12:00:00Z'), { timezone: 'Europe/London' })).toBe('13:00 BST');
    expect(time({ Custom: '%H:%M %Z (%:z)' }, at('2024-01-15T12:00:00Z'), { timezone: 'America/New_York' })).toBe('07:00 EST (-05:00)');
  });

  it('changes the icon with the time of day, CLOCK from 08:30 to 12:00', () => {
    const icon = (hms: string) => timeOfDayIcon(DateTime.fromISO(`2024-09-08T${hms}`, { zone: 'UTC' }));
    expect(
      ['00:00:00', '00:00:01', '06:00:00', '06:00:01', '06:01:00', '06:01:01', '06:30:01', '08:00:01', '08:30:00', '08:30:01', '12:00:00', '12:00:01', '12:30:01', '18:00:01', '18:30:00', '18:30:01', '23:59:59'].map(icon),
    ).toEqual(['CLOCK', 'MOON', 'MOON', 'ALARM', 'ALARM', 'BREAD', 'BARBELL', 'COFFEE', 'COFFEE', 'CLOCK', 'CLOCK', 'HAMBURGER', 'CLOCK_AFTERNOON', 'FORK_KNIFE', 'FORK_KNIFE', 'MOON_STARS', 'MOON_STARS']);
    const unit = timeView(widgetConfig<TimeModelConfig>('Time', { format: 'TwentyFourHour', changing_icon: true }), at('2024-09-08T07:00:00Z'))[0];
    expect(unit?.segments[0]).toEqual({ role: 'icon', icon: 'BARBELL' });
    const plain = timeView(widgetConfig<TimeModelConfig>('Time', { format: 'TwentyFourHour' }), at('2024-09-08T07:00:00Z'))[0];
    expect(plain?.segments[0]).toEqual({ role: 'icon', icon: 'CLOCK' });
  });

  it('redraws as often as the format changes', () => {
    expect(clockResolution('%T')).toBe('second');
    expect(clockResolution('%H:%M')).toBe('minute');
    expect(clockResolution('%l %p')).toBe('hour');
    expect(clockResolution('%F')).toBe('day');
  });
});

describe('binary clocks', () => {
  const grid = (format: string, iso: string, rows: number) => {
    const unit = timeView(widgetConfig<TimeModelConfig>('Time', { format, label_prefix: 'None' }), at(iso), rows)[0];
    const g = unit?.segments.find((s) => s.role === 'grid');
    return g && g.role === 'grid' ? g : undefined;
  };

  it('draws BinaryCircle as a 4-row grid at 09:05:03, 23:59:59 and 12:34:56', () => {
    expect(gridText(grid('BinaryCircle', '2024-09-08T09:05:03Z', 4)?.lines ?? []).split('\n')).toEqual([
      '  ●    ·    ·',
      '  ·  · ●  · ·',
      '· ·  · ·  · ●',
      '· ●  · ●  · ●',
    ]);
    expect(gridText(grid('BinaryCircle', '2024-09-08T23:59:59Z', 5)?.lines ?? []).split('\n')).toEqual([
      '  ·    ●    ●',
      '  ·  ● ·  ● ·',
      '● ●  · ·  · ·',
      '· ●  ● ●  ● ●',
    ]);
    expect(gridText(grid('BinaryCircle', '2024-09-08T12:34:56Z', 4)?.lines ?? []).split('\n')).toEqual([
      '  ·    ·    ·',
      '  ·  · ●  ● ●',
      '· ●  ● ·  · ●',
      '● ·  ● ·  ● ·',
    ]);
  });

  it('draws BinaryRectangle with filled and empty squares, lit cells marked for the accent colour', () => {
    const g = grid('BinaryRectangle', '2024-09-08T23:59:59Z', 4);
    expect(gridText(g?.lines ?? []).split('\n')).toEqual(['  □    ■    ■', '  □  ■ □  ■ □', '■ ■  □ □  □ □', '□ ■  ■ ■  ■ ■']);
    expect(g?.lines[2]?.filter((c) => c.lit).map((c) => c.text)).toEqual(['■', '■']);
    expect(g?.lines[2]?.filter((c) => !c.lit && c.text.trim() !== '').map((c) => c.text)).toEqual(['□', '□', '□', '□']);
  });

  it('draws BinaryRectangle at 09:05:03 and 12:34:56 with the same bits as the circles', () => {
    expect(gridText(grid('BinaryRectangle', '2024-09-08T09:05:03Z', 4)?.lines ?? []).split('\n')).toEqual([
      '  ■    □    □',
      '  □  □ ■  □ □',
      '□ □  □ □  □ ■',
      '□ ■  □ ■  □ ■',
    ]);
    expect(gridText(grid('BinaryRectangle', '2024-09-08T12:34:56Z', 4)?.lines ?? []).split('\n')).toEqual([
      '  □    □    □',
      '  □  □ ■  ■ ■',
      '□ ■  ■ □  □ ■',
      '■ □  ■ □  ■ □',
    ]);
  });

  it('fits a 1-row bar as three braille characters, tens on the left dot column', () => {
    expect(gridText(grid('BinaryCircle', '2024-09-08T09:05:03Z', 1)?.lines ?? [])).toBe('⢈ ⢐ ⢠');
    expect(gridText(grid('BinaryRectangle', '2024-09-08T23:59:59Z', 3)?.lines ?? [])).toBe('⢤ ⣊ ⣊');
    expect(gridText(grid('BinaryCircle', '2024-09-08T12:34:56Z', 2)?.lines ?? [])).toBe('⡠ ⡔ ⡲');
  });

  it('keeps the icon and the time as the value for the debugger', () => {
    const unit = timeView(widgetConfig<TimeModelConfig>('Time', { format: 'BinaryCircle' }), at('2024-09-08T09:05:03Z'))[0];
    expect(unit?.segments[0]).toEqual({ role: 'icon', icon: 'CLOCK' });
    expect(unit?.valueText).toBe('09:05:03');
  });
});
