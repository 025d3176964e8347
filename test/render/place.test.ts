import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/render/text-width.js';
import { rankOf } from '../../src/render/place.js';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { load, model } from '../helpers.js';
import { AT, layoutOf, rows, sp } from './helpers.js';

/** Three sections: a date on the left, a time in the centre, CPU (selected at 95 %) and memory on the right. */
const doc = (extra: Record<string, unknown> = {}) => ({
  left_widgets: [{ Date: { enable: true, format: 'YearMonthDate', label_prefix: 'None' } }],
  center_widgets: [{ Time: { enable: true, format: 'TwentyFourHourWithoutSeconds', label_prefix: 'None' } }],
  right_widgets: [
    { Cpu: { enable: true, label_prefix: 'Text', auto_select_over: 90 } },
    { Memory: { enable: true, label_prefix: 'Text' } },
  ],
  theme: { palette: 'Catppuccin', name: 'Mocha' },
  transparency_alpha: 255,
  ...extra,
});
const SET = ['cpu=95', 'memory=40'];

describe('layout', () => {
  it('places left, centre and right on one row at 80, 120 and 200 columns', () => {
    for (const width of [80, 120, 200]) {
      const l = layoutOf(doc(), { width, set: SET });
      const center = Math.floor((width - 5) / 2);
      // padding 10 px = 1 column; widget_spacing 10 px = 1 column.
      expect(rows(l), `width ${width}`).toEqual([
        ` 2024-09-08${sp(center - 11)}09:05${sp(width - 1 - 17 - center - 5)}CPU: 95% RAM: 40% `,
      ]);
      expect(textWidth(rows(l)[0] ?? '')).toBe(width);
      expect(l.gaveWay).toEqual([]);
    }
  });

  it('moves the centre off the middle when a side reaches it, and hides it first when it cannot fit between them', () => {
    // 40 columns: centred, the time would start at 17 and touch the right section (which starts at 22).
    const moved = layoutOf(doc(), { width: 40, set: SET });
    expect(rows(moved)).toEqual([` 2024-09-08${sp(5)}09:05 CPU: 95% RAM: 40% `]);
    expect(moved.gaveWay).toEqual([]);
    // A long left side pushes it right instead.
    const longLeft = layoutOf(doc({ left_widgets: [{ Date: { enable: true, format: { Custom: 'the date is %Y-%m-%d' }, label_prefix: 'None' } }] }), { width: 50, set: SET });
    expect(rows(longLeft)).toEqual([` the date is 2024-09-08 09:05${sp(3)}CPU: 95% RAM: 40% `]);
    // 36 columns: the gap between the sides is 7 cells, exactly the time with a column either side.
    expect(rows(layoutOf(doc(), { width: 36, set: SET }))).toEqual([` 2024-09-08 09:05 CPU: 95% RAM: 40% `]);
    const hidden = layoutOf(doc(), { width: 35, set: SET });
    expect(rows(hidden)).toEqual([` 2024-09-08${sp(6)}CPU: 95% RAM: 40% `]);
    expect(hidden.gaveWay).toEqual(['center section hidden']);
  });

  it('then truncates the longest labels with …, then drops units from the inner ends, each side keeping one while both fit (20 columns)', () => {
    const long = doc({ left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'a rather long app label', command: 'x' }] } }] });
    const truncated = layoutOf(long, { width: 40, set: SET });
    expect(rows(truncated)).toEqual([' a rather long app l… CPU: 95% RAM: 40% ']);
    expect(truncated.gaveWay).toEqual(['center section hidden', 'labels truncated']);
    const tiny = layoutOf(long, { width: 20, set: SET });
    expect(rows(tiny)).toEqual([' a rather… RAM: 40% ']);
    expect(tiny.gaveWay).toEqual(['center section hidden', 'labels truncated', 'right[0] cpu dropped']);
    // Too narrow for a unit on each side: one goes (the left, the ranks being equal).
    expect(rows(layoutOf(long, { width: 12, set: SET }))).toEqual([`${sp(3)}RAM: 40% `]);
    for (const w of [1, 5, 20]) expect(textWidth(rows(layoutOf(long, { width: w, set: SET }))[0] ?? '')).toBe(w);
  });

  it('keeps the clock and the workspaces longest: the other units go before their labels are cut', () => {
    const long = doc({ left_widgets: [{ Date: { enable: true, format: { Custom: 'a rather long date label %Y' }, label_prefix: 'None' } }] });
    const whole = layoutOf(long, { width: 40, set: SET });
    expect(rows(whole)).toEqual([' a rather long date label 2024 RAM: 40% ']);
    expect(whole.gaveWay).toEqual(['center section hidden', 'right[0] cpu dropped']);
    // Cut once nothing else may go (each side keeps a unit); of the last two, the date stays.
    expect(rows(layoutOf(long, { width: 30, set: SET }))).toEqual([' a rather long date… RAM: 40% ']);
    expect(rows(layoutOf(long, { width: 12, set: SET }))).toEqual([` a rather…${sp(2)}`]);
    expect(rankOf({ kind: 'Tiler' }, { id: 'tiler:workspaces' })).toBeGreaterThan(rankOf({ kind: 'Tiler' }, { id: 'tiler:layout' }));
    expect(rankOf({ kind: 'Time' }, { id: 'time' })).toBe(rankOf({ kind: 'Tiler' }, { id: 'tiler:workspaces' }));
    expect(rankOf({ kind: 'Date' }, { id: 'date' })).toBe(rankOf({ kind: 'Time' }, { id: 'time' }));
    expect(rankOf({ kind: 'Cpu' }, { id: 'cpu' })).toBeLessThan(rankOf({ kind: 'Time' }, { id: 'time' }));
  });

  it('truncates labels longer than max_label_width', () => {
    const l = layoutOf(doc({ max_label_width: 60, left_widgets: [{ Date: { enable: true, format: { Custom: 'ABCDEFGHIJKLMNOP' }, label_prefix: 'None' } }] }), { width: 80, set: SET });
    // 60 px at font_size 12.5 (7.5 px columns) is 8 columns.
    expect(rows(l)[0]?.startsWith(' ABCDEFG… ')).toBe(true);
  });

  it('turns each spacing form into columns', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ padding: 30 }, `${sp(4)}2024-09-08`],
      [{ padding: { top: 0, bottom: 0, left: 45, right: 0 } }, `${sp(6)}2024-09-08`],
      [{ padding: { horizontal: [15, 0], vertical: 0 } }, `${sp(2)}2024-09-08`],
      [{ margin: 15, padding: 0 }, `${sp(2)}2024-09-08`],
      [{ widget_spacing: 30 }, ' 2024-09-08'],
    ];
    for (const [extra, start] of cases) {
      const row = rows(layoutOf(doc(extra), { width: 80, set: SET }))[0] ?? '';
      expect(row.startsWith(`${start} `), JSON.stringify(extra)).toBe(true);
    }
    const right = (extra: Record<string, unknown>) => (rows(layoutOf(doc(extra), { width: 80, set: SET }))[0] ?? '').trimStart().slice(-22);
    expect(right({ widget_spacing: 30 })).toBe(' CPU: 95%    RAM: 40% ');
    expect(right({ padding: { horizontal: [0, 30], vertical: 0 } }).endsWith('RAM: 40%    ')).toBe(true);
  });

  it('groups each unit (Widget), each section (Alignment) or the whole bar (Bar)', () => {
    const widget = layoutOf(doc({ grouping: { kind: 'Widget' } }), { width: 80, set: SET });
    expect(rows(widget)).toEqual([`  2024-09-08 ${sp(23)} 09:05 ${sp(15)} CPU: 95%   RAM: 40%  `]);
    const alignment = layoutOf(doc({ grouping: { kind: 'Alignment' } }), { width: 80, set: SET });
    expect(rows(alignment)).toEqual([`  2024-09-08 ${sp(23)} 09:05 ${sp(17)} CPU: 95% RAM: 40%  `]);
    const bar = layoutOf(doc({ grouping: { kind: 'Bar' } }), { width: 80, set: SET });
    // One column of outer margin, then the frame's cap, on each side.
    expect(rows(bar)).toEqual([`  2024-09-08${sp(25)}09:05${sp(19)}CPU: 95% RAM: 40%  `]);
    // The group fill is the Mantle over Base at grouping alpha 200; the bar stays Base.
    const runs = widget.rows[0] ?? [];
    expect(runs[0]?.bg).toBe('#1e1e2e');
    expect(runs.find((r) => r.text.includes('2024'))?.bg).toBe('#191927');
    expect(bar.rows[0]?.find((r) => r.text.includes('2024'))?.bg).toBe('#191927');
  });

  it('paints a selected unit with the auto-select colours', () => {
    const l = layoutOf(doc({ theme: { palette: 'Catppuccin', name: 'Mocha', auto_select_fill: 'Red', auto_select_text: 'Crust' } }), { width: 80, set: SET });
    const cpu = l.rows[0]?.find((r) => r.text.includes('95'));
    expect(cpu).toMatchObject({ fg: '#11111b', bg: '#f38ba8' });
    const ram = l.rows[0]?.find((r) => r.text.includes('40'));
    expect(ram).toMatchObject({ fg: '#cdd6f4', bg: '#1e1e2e' });
    expect(l.placed.find((p) => p.kind === 'Cpu')).toMatchObject({ state: 'selected', why: '95 >= auto_select_over 90', x: 62 });
  });

  it('draws boxes round groups on a bar of 3 rows, rounded when rounding is set', () => {
    const l = layoutOf(doc({ grouping: { kind: 'Alignment', rounding: 4 } }), { width: 60, height: 3, set: SET });
    expect(rows(l)).toEqual([
      ` ╭──────────╮${sp(13)}╭─────╮${sp(7)}╭─────────────────╮ `,
      ` │2024-09-08│${sp(13)}│09:05│${sp(7)}│CPU: 95% RAM: 40%│ `,
      ` ╰──────────╯${sp(13)}╰─────╯${sp(7)}╰─────────────────╯ `,
    ]);
    const square = layoutOf(doc({ grouping: { kind: 'Widget' } }), { width: 60, height: 3, set: SET });
    expect(rows(square)).toEqual([
      ` ┌──────────┐${sp(13)}┌─────┐${sp(5)}┌────────┐ ┌────────┐ `,
      ` │2024-09-08│${sp(13)}│09:05│${sp(5)}│CPU: 95%│ │RAM: 40%│ `,
      ` └──────────┘${sp(13)}└─────┘${sp(5)}└────────┘ └────────┘ `,
    ]);
  });

  it('gives each grouping style a visible shade column', () => {
    const style = (s: string) => rows(layoutOf(doc({ grouping: { kind: 'Alignment', style: s } }), { width: 60, set: SET }))[0] ?? '';
    expect(style('Default')).toBe(`  2024-09-08 ${sp(13)} 09:05 ${sp(7)} CPU: 95% RAM: 40%  `);
    expect(style('DefaultWithShadowB4O1S3')).toBe(`  2024-09-08 ░${sp(12)} 09:05 ░${sp(5)} CPU: 95% RAM: 40% ░ `);
    expect(style('DefaultWithShadowB4O0S3')).toBe(` ░ 2024-09-08 ░${sp(10)}░ 09:05 ░${sp(4)}░ CPU: 95% RAM: 40% ░ `);
    expect(style('DefaultWithShadowB0O1S3')).toBe(`  2024-09-08 ▌${sp(12)} 09:05 ▌${sp(5)} CPU: 95% RAM: 40% ▌ `);
    const glow = layoutOf(doc({ grouping: { kind: 'Alignment', style: 'DefaultWithGlowB3O1S2' } }), { width: 60, set: SET });
    // Glow is the accent (Blue #89b4fa) at half strength over the bar (#1e1e2e).
    expect(glow.rows[0]?.find((r) => r.text === '░')?.fg).toBe('#546994');
  });

  it('uses rounded Powerline caps with Nerd Font icons', () => {
    const l = layoutOf(doc({ grouping: { kind: 'Widget', rounding: 8 } }), { width: 80, set: SET, icons: 'nerd' });
    const row = rows(l)[0] ?? '';
    expect(row).toContain('\ue0b62024-09-08\ue0b4');
    expect(l.rows[0]?.find((r) => r.text === '\ue0b6')).toMatchObject({ fg: '#191927', bg: '#1e1e2e' });
  });

  it('shows a message in place of the centre', () => {
    const l = layoutOf(doc(), { width: 80, set: SET, message: 'config error: bar.json:3:5 oops' });
    expect(rows(l)[0]).toMatch(/^ 2024-09-08 +config error: bar\.json:3:5 oops +CPU: 95% RAM: 40% $/);
    expect(l.rows[0]?.find((r) => r.text.includes('config error'))).toMatchObject({ fg: '#f38ba8', bold: true });
  });

  it('keeps a message in view on a full bar by shortening the sides, never pushing the right section off', () => {
    const long = doc({ left_widgets: [{ Date: { enable: true, format: { Custom: 'a rather long date label %Y-%m-%d' }, label_prefix: 'None' } }] });
    const message = 'config error: bar.json:14:30: right_widgets[3].Cpu.auto_select_over: expected an integer 0–255 (see /home/u/.local/state/tilebar/tilebar.log)';
    const l = layoutOf(long, { width: 60, set: SET, message });
    const [row] = rows(l);
    expect(textWidth(row ?? '')).toBe(60);
    // The right section stays at the right edge (its CPU gives way before the date, which outranks it, is cut
    // further); the message keeps at least its location.
    expect(row).toMatch(/ RAM: 40% $/);
    expect(row).toContain('config error: bar.json:14:30');
    expect(l.gaveWay).toContain('labels truncated');
  });

  it("gives a config error the pane's width: whole with its value, line and column at 200 columns, cut at its end at 80 (issue 43)", () => {
    // Sides that would fill a 200-column bar: a row of launchers on the left, readings and more on the right.
    const apps = (names: readonly string[]) => ({ Applications: { enable: true, display: 'Text', items: names.map((name) => ({ name, command: 'true', show_command_on_hover: false })) } });
    const full = doc({
      left_widgets: [{ Date: { enable: true, format: 'YearMonthDate', label_prefix: 'None' } }, apps(['terminal', 'browser', 'editor', 'mail', 'music', 'files', 'settings', 'backup'])],
      right_widgets: [apps(['notes', 'calendar', 'chat', 'photos', 'maps', 'weather', 'printer', 'scanner']), { Cpu: { enable: true, label_prefix: 'Text' } }, { Memory: { enable: true, label_prefix: 'Text' } }],
    });
    expect(textWidth(rows(layoutOf(full, { width: 200, set: SET }))[0]?.trim() ?? '')).toBeGreaterThan(150);
    const said = 'config error: Cpu.auto_select_over: expected an integer 0–255, found "lots" (bar.json:14:29 in right_widgets[0]';
    const message = `${said}; log: /home/u/.local/state/tilebar/tilebar.log)`;
    const wide = rows(layoutOf(full, { width: 200, set: SET, message }))[0] ?? '';
    expect(textWidth(wide)).toBe(200);
    expect(wide, 'the value, line and column at 200 columns').toContain(said);
    expect(wide).toMatch(/ CPU: 95% RAM: 40% $/);
    const narrow = rows(layoutOf(full, { width: 80, set: SET, message }))[0] ?? '';
    expect(textWidth(narrow)).toBe(80);
    // Cut at its end, with an ellipsis: what is wrong first.
    expect(narrow).toMatch(/config error: Cpu\.auto_select_over: [^…]*… /);
    expect(narrow).toMatch(/ CPU: 95% RAM: 40% $/);
  });

  it('clips the first unit at a very narrow width instead of showing nothing', () => {
    for (const width of [3, 8, 14]) {
      const l = layoutOf(doc(), { width, set: SET });
      const [row] = rows(l);
      expect(textWidth(row ?? '')).toBe(width);
      expect(row?.trim().length, `width ${width}: ${JSON.stringify(row)}`).toBeGreaterThan(0);
    }
  });

  it('draws a tall binary clock over 4 rows and puts the rest on the middle row', () => {
    const l = layoutOf(doc({ center_widgets: [{ Time: { enable: true, format: 'BinaryCircle', label_prefix: 'None' } }] }), { width: 60, height: 4, set: SET });
    expect(rows(l).map((r) => r.slice(23, 36))).toEqual(['  ●    ·    ·', '  ·  · ●  · ·', '· ·  · ·  · ●', '· ●  · ●  · ●']);
    expect(rows(l)[1]).toMatch(/^ 2024-09-08 .* CPU: 95% RAM: 40% $/);
  });

  it('lays out each frame of a running bar (one appearance, its caches kept) as a fresh bar does, as its boxes move and its size changes', () => {
    const m = model(load(doc({ grouping: { kind: 'Widget', style: 'Default', rounding: 8, transparency_alpha: 200 }, left_widgets: [{ Date: { enable: true, format: 'YearMonthDate' } }, { Cpu: { enable: true } }] })));
    const running = appearanceOf(m, { icons: 'unicode' });
    const frames: Array<{ set: string[]; width: number; height: number; message?: string }> = [
      { set: ['cpu=5', 'memory=40'], width: 80, height: 3 },
      { set: ['cpu=5', 'memory=40'], width: 80, height: 3 },
      { set: ['cpu=100', 'memory=40'], width: 80, height: 3 },
      { set: ['cpu=100', 'memory=40'], width: 120, height: 3 },
      { set: ['cpu=100', 'memory=40'], width: 120, height: 5 },
      { set: ['cpu=100', 'memory=40'], width: 120, height: 3, message: 'config error: here' },
      { set: ['cpu=7', 'memory=40'], width: 120, height: 3 },
      { set: ['cpu=7', 'memory=40'], width: 120, height: 1 },
      { set: ['cpu=7', 'memory=40'], width: 80, height: 3 },
    ];
    frames.forEach((f, i) => {
      const readings = simulatedReadings(f.set, BUILTIN_WIDGETS.simulations);
      const state = { statuses: Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }])), clock: { epochMs: AT + i * 1000, systemZone: 'UTC' } };
      const size = { width: f.width, height: f.height };
      const kept = layoutFor(m, running, state, size, '0.1.0', f.message);
      const fresh = layoutFor(m, appearanceOf(m, { icons: 'unicode' }), state, size, '0.1.0', f.message);
      expect(kept.rows, `frame ${i}`).toEqual(fresh.rows);
    });
  });
});
