import { describe, expect, it } from 'vitest';
import { at, bar, errors, load, model, warnings } from '../helpers.js';

describe('Date and Time formats in the config', () => {
  it('reports an unknown strftime specifier at its column, with did-you-mean', () => {
    const r = load('{"left_widgets": [], "right_widgets": [{"Time": {"enable": true, "format": {"Custom": "%H:%i"}}}]}');
    const p = at(r, 'right_widgets[0].Time.format.Custom');
    expect(p).toMatchObject({ severity: 'error', message: '"%i" is not a strftime conversion', line: 1, col: 91 });
    expect(p.hint).toMatch(/^did you mean "%I"\? known: %% %a %A %b %B %c %C %d %D %e/);
  });

  it('locates a specifier after escapes in the string', () => {
    const r = load('{"left_widgets": [], "right_widgets": [{"Date": {"enable": true, "format": {"Custom": "\\"%Y\\" %q"}}}]}');
    expect(at(r, 'right_widgets[0].Date.format.Custom')).toMatchObject({ message: '"%q" is not a strftime conversion', col: 95 });
  });

  it('rejects an unknown time zone with the zone that was meant', () => {
    const r = load(bar([{ Date: { enable: true, format: 'YearMonthDate', timezone: 'America/New York' } }, { Time: { enable: true, format: 'TwentyFourHour', timezone: 'london' } }]));
    expect(at(r, 'right_widgets[0].Date.timezone').hint).toBe('did you mean "America/New_York"?');
    expect(at(r, 'right_widgets[1].Time.timezone').hint).toBe('did you mean "Europe/London"?');
    expect(errors(r)).toHaveLength(2);
  });

  it('accepts IANA zones, UTC and Etc zones', () => {
    for (const timezone of ['Europe/London', 'UTC', 'Etc/GMT+5', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires']) {
      expect(errors(load(bar([{ Time: { enable: true, format: 'TwentyFourHour', timezone } }])))).toEqual([]);
    }
  });

  it('warns about CustomModifiers that change nothing, and keeps the others', () => {
    const r = load(bar([{ Date: { enable: true, format: { CustomModifiers: { format: 'week %U %Y', modifiers: { '%U': 1, '%a': 1, '%d': 2, U: 3 } } } } }]));
    expect(warnings(r).map((w) => [w.path, w.message])).toEqual([
      ['right_widgets[0].Date.format.CustomModifiers.modifiers["%a"]', '"%a" has no effect: modifiers apply to integer specifiers'],
      ['right_widgets[0].Date.format.CustomModifiers.modifiers["%d"]', '"%d" has no effect: the format has no %d'],
      ['right_widgets[0].Date.format.CustomModifiers.modifiers.U', '"U" has no effect: modifiers apply to integer specifiers'],
    ]);
    expect(model(r).right[0]).toMatchObject({ kind: 'Date', config: { format: { kind: 'custom', format: 'week %U %Y' } } });
  });
});
