/**
 * Waybar's modules are spaced as the pane spaces units: Waybar pads only its own modules (its stock style.css names
 * `#clock, #cpu, …`, never `#custom-tilebar-*`), so without spaces of our own one unit's text touches the next's
 * (`3▥ Columns`, `ColumnsTerminal`, `21%▣`). A unit's first module starts, and its last module ends, with the
 * pane's half-gap in the unit's own fill; the blocks of one unit (workspaces, media buttons) stay together.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FeedBlock } from '../../src/feeds/blocks.js';
import { slotBlocks, spacedBlocks, waybarLine } from '../../src/feeds/waybar.js';

const BAR = '#11111b' as const;
const HOT = '#f38ba8' as const;

function block(widget: string, unit: string, n: number, text: string, extra: Partial<FeedBlock> = {}): FeedBlock {
  const instance = n === 0 ? unit : `${unit}#${n}`;
  return { section: 'left', name: 'Plain', widget, instance, unit, runs: [{ text, fg: '#cdd6f4', bg: BAR }], state: 'normal', ...extra };
}

/** The example's left: three workspaces and the layout (one Tiler widget, two units), then the focused window. */
const LEFT: FeedBlock[] = [
  block('left[0]', 'left[0] workspaces', 0, '1'),
  block('left[0]', 'left[0] workspaces', 1, '2'),
  block('left[0]', 'left[0] workspaces', 2, '3', { runs: [{ text: '3', fg: BAR, bg: '#89b4fa' }] }),
  block('left[0]', 'left[0] layout', 0, '▥ Columns'),
  block('left[1]', 'left[1] window', 0, 'Terminal'),
  block('right[0]', 'right[0] cpu', 0, 'CPU: 100%', { section: 'right', state: 'selected', runs: [{ text: 'CPU: 100%', fg: BAR, bg: HOT }] }),
];

/** A module's text as the user reads it (spans taken off, entities as characters). */
const shown = (line: string) =>
  (JSON.parse(line) as { text: string }).text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const lines = (blocks: readonly FeedBlock[], gapCells: number, fill: `#${string}` | undefined = BAR) =>
  spacedBlocks(blocks, { gapCells, ...(fill ? { fill } : {}) }).map((b) => shown(waybarLine(b)));

describe("Waybar's modules spaced as the pane's units", () => {
  it("separates units by the pane's spacing and keeps a unit's own blocks together", () => {
    expect(lines(LEFT, 2)).toEqual([' 1', '2', '3 ', ' ▥ Columns ', ' Terminal ', ' CPU: 100% ']);
  });

  it('never lets text touch a neighbour, even where the spacing is one cell or none', () => {
    for (const gap of [0, 1]) {
      const texts = lines(LEFT, gap);
      expect(texts.slice(2, 4).join('|')).toMatch(/3 \| ▥ Columns/);
      expect(texts[4]).toBe(' Terminal ');
    }
  });

  it("paints a pad in the unit's own fill: the bar's, or its highlight when it is selected whole", () => {
    const spaced = spacedBlocks(LEFT, { gapCells: 2, fill: BAR });
    expect(waybarLine(spaced[0])).toContain(`<span background=\\"${BAR}\\"> </span>`);
    const cpu = JSON.parse(waybarLine(spaced[5])) as { text: string };
    expect(cpu.text.startsWith(`<span background="${HOT}"> </span>`)).toBe(true);
    expect(cpu.text.endsWith(`<span background="${HOT}"> </span>`)).toBe(true);
  });

  it('keeps each module on its block: the slots and their clicks are the same', () => {
    const spaced = spacedBlocks(LEFT, { gapCells: 1, fill: BAR });
    const before = slotBlocks(LEFT);
    const after = slotBlocks(spaced);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [slot, b] of after) expect(b.instance).toBe(before.get(slot)?.instance);
  });

  it('between any two units, the last module ends and the next begins with a space; inside a unit nothing is added', () => {
    const text = fc.string({ minLength: 1, maxLength: 8 }).filter((t) => t.trim() === t && t !== '');
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 6 }), (units, gap) => {
        const blocks = units.flatMap((texts, u) => texts.map((t, n) => block(`left[${u}]`, `left[${u}] u`, n, t)));
        const texts = lines(blocks, gap);
        let i = 0;
        for (const unit of units) {
          const mine = texts.slice(i, i + unit.length);
          i += unit.length;
          expect(mine[0]?.startsWith(' ')).toBe(true);
          expect(mine.at(-1)?.endsWith(' ')).toBe(true);
          expect(mine.join('').trim()).toBe(unit.join(''));
        }
      }),
    );
  });
});
