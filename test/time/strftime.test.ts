import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { MODIFIABLE, parseStrftime, strftime } from '../../src/time/strftime.js';

/** GNU `date` output recorded by scripts/record-gnu-date.mjs: an independent implementation. */
const gnu = JSON.parse(readFileSync(join(process.cwd(), 'test/time/gnu-date.json'), 'utf8')) as {
  formats: string[];
  cases: Array<{ zone: string; at: string; outputs: string[] }>;
};

describe('strftime against GNU date', () => {
  it('covers every specifier and flag in four zones at 16 instants', () => {
    expect(gnu.cases).toHaveLength(64);
    expect(gnu.formats.length).toBeGreaterThan(85);
  });

  for (const c of gnu.cases) {
    it(`${c.zone} at ${c.at}`, () => {
      const dt = DateTime.fromISO(c.at, { zone: c.zone });
      const mismatches = gnu.formats
        .map((format, i) => ({ format, expected: c.outputs[i], got: strftime(dt, format) }))
        .filter((m) => m.got !== m.expected);
      expect(mismatches).toEqual([]);
    });
  }
});

describe('strftime beyond GNU date', () => {
  const dt = DateTime.fromISO('2024-09-08T09:05:03.026', { zone: 'Europe/London' });

  it("formats chrono's %v and fractional seconds", () => {
    expect(strftime(dt, '%v')).toBe(' 8-Sep-2024');
    expect(strftime(dt, '%f')).toBe('026000000');
    expect(strftime(dt, '%3f')).toBe('026');
    expect(strftime(dt, '%.3f')).toBe('.026');
    expect(strftime(dt, '%S%.f')).toBe('03.026');
    expect(strftime(dt.set({ millisecond: 0 }), '%S%.f')).toBe('03');
  });

  it('adds a modifier to every integer field, keeping its padding (against the GNU values + 1)', () => {
    const c = gnu.cases.find((x) => x.zone === 'Europe/London' && x.at === '2024-09-08T08:05:03Z');
    for (const conv of MODIFIABLE) {
      const i = gnu.formats.indexOf(`%${conv}`);
      const plain = c?.outputs[i] ?? '';
      const expected = String(Number(plain) + 1).padStart(plain.length, plain.startsWith(' ') ? ' ' : '0');
      expect(strftime(DateTime.fromISO('2024-09-08T08:05:03Z', { zone: 'Europe/London' }), `%${conv}`, { modifiers: { [conv]: 1 } }), `%${conv}`).toBe(expected);
    }
    expect(MODIFIABLE).toHaveLength(20);
  });

  it('adds CustomModifiers to their integer fields, keeping the padding', () => {
    expect(strftime(dt, 'week %U', { modifiers: { U: 1 } })).toBe('week 37');
    expect(strftime(dt, '%d/%m', { modifiers: { d: 1, m: -1 } })).toBe('09/08');
    expect(strftime(dt, '%-d', { modifiers: { d: -10 } })).toBe('-2');
    expect(strftime(dt, '%D', { modifiers: { y: 1 } })).toBe('09/08/25');
    expect(strftime(dt, '%j', { modifiers: { j: 1 } })).toBe('253');
    expect(strftime(dt, '%H:%M', { modifiers: { H: 1 } })).toBe('10:05');
  });

  it('reports unknown and incomplete specifiers with where they are', () => {
    expect(parseStrftime('%Y-%Q-%d').problems).toEqual([
      expect.objectContaining({ index: 3, specifier: '%Q', message: '"%Q" is not a strftime conversion' }),
    ]);
    expect(parseStrftime('%i:%M').problems[0]?.hint).toMatch(/^did you mean "%I"\?/);
    expect(parseStrftime('100%').problems[0]).toMatchObject({ index: 3, message: '"%" at the end of the format is incomplete' });
    expect(parseStrftime('%:H').problems[0]?.specifier).toBe('%:H');
    expect(parseStrftime('%H:%M %p %%').problems).toEqual([]);
  });
});
