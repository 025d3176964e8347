/**
 * Issue 43, point 1: the README's own bar (its picture command: config.example.json, the saved komorebi state and
 * the readings of scripts/picture.mjs) in a narrower pane, 80 to 200 columns, on the example's 3 rows and on a
 * 1-row tmux split (the README's first recipe). What a user notices: the workspaces are there, the line does not
 * start with blank columns, the date and time show whole, nothing runs past the width, and no blank run is left
 * where a unit that was dropped would fit.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script (scripts/ is not TypeScript).
import { PICTURE_ARGS } from '../../scripts/picture.mjs';
import { textWidth } from '../../src/render/text-width.js';
import { cli } from './capture.js';

/** The picture's command without its size and format: the README's state and readings. */
const README_BAR = (() => {
  const args = [...(PICTURE_ARGS as string[])];
  for (const option of ['--width', '--scale', '--format']) args.splice(args.indexOf(option), 2);
  return args;
})();

interface Placed {
  id: string;
  text: string;
  x: number;
  width: number;
}
interface Frame {
  rows: string[];
  gaveWay: string[];
  sections: Record<'left' | 'center' | 'right', Array<{ position: string; units: Placed[] }>>;
}

async function frame(width: number, height?: number): Promise<Frame> {
  const r = await cli([...README_BAR, '--format', 'json', '--width', String(width), ...(height ? ['--height', String(height)] : [])], { TZ: 'UTC' });
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as Frame;
}
const unitsOf = (f: Frame, side: 'left' | 'center' | 'right') => f.sections[side].flatMap((w) => w.units.map((u) => ({ ...u, key: `${w.position} ${u.id}` })));

const WIDTHS = [80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200];

describe("the README's bar in a narrow pane (issue 43)", () => {
  for (const height of [3, 1]) {
    it(`keeps the workspaces, the date and the time whole at 80–200 columns, ${height} row${height > 1 ? 's' : ''}`, async () => {
      const whole = await frame(250, height);
      expect(whole.gaveWay).toEqual([]);
      // The columns before the first unit when nothing gives way: the example's padding (and a cap on one row).
      const lead = Math.min(...whole.rows.map((row) => /^ */.exec(row)?.[0].length ?? 0));
      const fullWidth = new Map([...unitsOf(whole, 'left'), ...unitsOf(whole, 'right')].map((u) => [u.key, u.width]));
      // What sits between two neighbouring units: frame sides and widget_spacing (3 columns on the boxed bar).
      const sides = [...unitsOf(whole, 'left'), ...unitsOf(whole, 'right')];
      const between = Math.min(...sides.slice(1).map((u, i) => u.x - ((sides[i]?.x ?? 0) + (sides[i]?.width ?? 0))));
      const failures: string[] = [];
      for (const width of WIDTHS) {
        const f = await frame(width, height);
        const say = (what: string) => failures.push(`${width}×${height}: ${what}`);
        for (const row of f.rows) if (textWidth(row) !== width) say(`a row is ${textWidth(row)} columns wide`);
        const line = f.rows.join('\n');
        if (!line.includes('code web chat music')) say('no workspaces');
        if (!line.includes('Sun 08 Sep · week 37')) say(`the date is not whole (${/Sun[^│…]*…?/.exec(line)?.[0] ?? 'absent'})`);
        if (!line.includes('10:05:03')) say('no time');
        for (const row of f.rows) {
          const blank = /^ */.exec(row)?.[0].length ?? 0;
          if (blank > lead) say(`a row starts with ${blank} blank columns: ${JSON.stringify(row.slice(0, 30))}`);
        }
        // No blank run as wide as a unit that was dropped (its full width, framed and spaced like its neighbours).
        const shown = [...unitsOf(f, 'left'), ...unitsOf(f, 'center'), ...unitsOf(f, 'right')];
        const widestGap = Math.max(0, ...shown.slice(1).map((u, i) => u.x - ((shown[i]?.x ?? 0) + (shown[i]?.width ?? 0))));
        const dropped = [...fullWidth].filter(([key]) => !shown.some((u) => u.key === key));
        for (const [key, w] of dropped) if (widestGap >= w + 2 * between) say(`${key} (${w} columns) was dropped, yet a ${widestGap}-column gap is left`);
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  it('keeps at least one unit on each side, even at 60 columns', async () => {
    for (const width of [60, 70]) {
      const f = await frame(width, 1);
      expect(unitsOf(f, 'left').map((u) => u.id), `${width}`).toContain('tiler:workspaces');
      expect(unitsOf(f, 'right').length, `${width}`).toBeGreaterThan(0);
    }
  });
});
