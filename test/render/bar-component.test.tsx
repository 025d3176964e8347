import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Bar } from '../../src/pane/ink/Bar.js';
import { renderFrame } from '../../src/pane/ink/frame.js';
import { layoutOf, rows, sp } from './helpers.js';

const doc = {
  left_widgets: [{ Date: { enable: true, format: 'YearMonthDate', label_prefix: 'None' } }],
  center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour', label_prefix: 'Icon' } }],
  right_widgets: [{ Cpu: { enable: true, label_prefix: 'IconAndText', auto_select_over: 90 } }],
  theme: { palette: 'Catppuccin', name: 'Mocha', auto_select_fill: 'Red', auto_select_text: 'Crust' },
  transparency_alpha: 255,
};
const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

describe('<Bar>', () => {
  it('draws the exact plain frame of a one-row bar', () => {
    const layout = layoutOf(doc, { width: 60, set: ['cpu=95'], icons: 'ascii' });
    const { lastFrame } = render(<Bar layout={layout} depth="none" plain />);
    // Ink drops a line's trailing blanks when they carry no colour.
    expect(lastFrame()).toBe(` 2024-09-08${sp(14)}T 09:05:03${sp(14)}C CPU: 95%`);
  });

  it('draws the exact frame of a three-row grouped bar', () => {
    const layout = layoutOf({ ...doc, grouping: { kind: 'Widget', rounding: 6 } }, { width: 60, height: 3, set: ['cpu=95'], icons: 'ascii' });
    const { lastFrame } = render(<Bar layout={layout} depth="none" plain />);
    expect(lastFrame()).toBe(
      [
        ` .----------.${sp(11)}.----------.${sp(11)}.----------.`,
        ` |2024-09-08|${sp(11)}|T 09:05:03|${sp(11)}|C CPU: 95%|`,
        ` '----------'${sp(11)}'----------'${sp(11)}'----------'`,
      ].join('\n'),
    );
    expect(lastFrame()?.split('\n')).toEqual(rows(layout).map((r) => r.trimEnd()));
  });

  it('paints the palette in 24-bit colour: Base background, Text labels, Blue icons, the auto-select fill', () => {
    chalk.level = 3;
    const layout = layoutOf(doc, { width: 60, set: ['cpu=95'], icons: 'ascii' });
    const frame = render(<Bar layout={layout} depth="truecolor" />).lastFrame() ?? '';
    expect(frame).toContain('\x1b[48;2;30;30;46m'); // Base #1e1e2e
    expect(frame).toContain('\x1b[38;2;205;214;244m2024-09-08'); // Text #cdd6f4
    expect(frame).toContain('\x1b[38;2;137;180;250mT'); // Blue #89b4fa icon
    expect(frame).toContain('\x1b[48;2;243;139;168m'); // auto_select_fill Red #f38ba8
    expect(frame).toContain('\x1b[38;2;17;17;27mC CPU: 95%'); // auto_select_text Crust #11111b, icon and label
    expect(frame.replace(/\x1b\[[0-9;]*m/g, '')).toBe(rows(layout)[0]);
  });

  it('reduces colours to 256 and 16 before Ink sees them, and renderFrame matches the component', () => {
    const layout = layoutOf(doc, { width: 60, set: ['cpu=95'], icons: 'ascii' });
    const c256 = renderFrame(layout, '256');
    expect(c256).toMatch(/\x1b\[48;5;\d+m/);
    expect(c256).not.toContain('48;2;');
    const c16 = renderFrame(layout, '16');
    expect(c16).toContain('\x1b[40m');
    expect(c16).not.toMatch(/\x1b\[(38|48);[25];/);
    expect(renderFrame(layout, 'none', true)).toBe(rows(layout)[0]?.trimEnd());
    // Without colour a selected unit is set apart in reverse video.
    expect(renderFrame(layout, 'none')).toMatch(/\x1b\[7m[^\x1b]*C CPU: 95%/);
  });
});

/** Each cell's character, foreground and background, from ANSI text: to compare two renderers' output. */
function cells(text: string): Array<[string, string, string]> {
  let fg = '';
  let bg = '';
  const out: Array<[string, string, string]> = [];
  for (const m of text.matchAll(/\x1b\[([0-9;]*)m|([^\x1b])/gu)) {
    if (m[2] !== undefined) {
      out.push([m[2], fg, bg]);
      continue;
    }
    const p = (m[1] ?? '').split(';').map(Number);
    for (let i = 0; i < p.length; i++) {
      const n = p[i] ?? 0;
      if (n === 0) [fg, bg] = ['', ''];
      else if (n === 39) fg = '';
      else if (n === 49) bg = '';
      else if (n === 38 || n === 48) {
        const rgb = p.slice(i + 2, i + 5).join(',');
        if (n === 38) fg = rgb;
        else bg = rgb;
        i += 4;
      }
    }
  }
  return out;
}

describe('the fast serializer and the Ink components', () => {
  it('draw the same cells in the same colours', async () => {
    const { frameToAnsi } = await import('../../src/render/ansi.js');
    for (const [extra, height] of [[{}, 1], [{ grouping: { kind: 'Widget', rounding: 6 } }, 3], [{ grouping: { kind: 'Alignment', style: 'DefaultWithGlowB3O0S2' } }, 1]] as const) {
      const layout = layoutOf({ ...doc, ...extra }, { width: 60, height, set: ['cpu=95'], icons: 'ascii' });
      const ink = renderFrame(layout, 'truecolor').split('\n');
      const fast = frameToAnsi(layout.rows, 'truecolor');
      // Ink leaves trailing uncoloured blanks out; compare what both draw.
      ink.forEach((row, i) => expect(cells(fast[i] ?? '').slice(0, cells(row).length)).toEqual(cells(row)));
      expect(fast.map((r) => cells(r).length)).toEqual(layout.rows.map(() => 60));
    }
  });
});
