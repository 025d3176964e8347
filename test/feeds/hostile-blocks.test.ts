/**
 * Hostile window titles and workspace names, through the whole feed path — the live core's snapshot, the Tiler
 * widget's view, the blocks, each host's line — and read as each host reads its markup: the only tags, styles or
 * formats in a line are the ones tilebar writes (issue 25).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appearanceOf } from '../../src/view/appearance.js';
import { BarStore } from '../../src/bar/bar-store.js';
import { feedBlocks } from '../../src/feeds/blocks.js';
import { i3barBlocks } from '../../src/feeds/i3bar.js';
import { tmuxStatus } from '../../src/feeds/tmux.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { tilerStateFrom } from '../../src/tiler/state.js';
import { load, model } from '../helpers.js';
import { stateDoc } from '../tiler/fake-wm.js';

const CONFIG = {
  left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, focused_container: { enable: true, display: 'Text' } } }],
  right_widgets: [],
};
const m = model(load(CONFIG));
const look = appearanceOf(m, { icons: 'unicode' });

const hostile = fc.oneof(
  fc.string({ unit: fc.constantFrom('<', '>', '&', '/', 'b', '"', "'", '#', '[', ']', '(', ')', '{', '}', '%', 'x', ' ', ';', '='), minLength: 1, maxLength: 30 }),
  fc.constantFrom('</span><b>', '#(reboot)', '#[fg=red]x', '%{A1:rm -rf ~:}x%{A}', '<span foreground="red">'),
);

function blocksFor(title: string, workspace: string) {
  const doc = stateDoc({ workspaces: [{ name: workspace, containers: [[{ title, exe: 'x.exe' }]] }, { name: 'two' }], focused: 0 });
  const state = tilerStateFrom(doc, 0);
  if (!state.ok) throw new Error(state.problem);
  const store = new BarStore(realTimers, { model: m, look, message: undefined, statuses: {}, systemZone: 'UTC', tiler: state.state, size: { width: 200, height: 1 } }, 0);
  return feedBlocks(store.getSnapshot(), '0.1.0', { exists: () => false, resolvePath: (p) => p });
}

describe('hostile titles and names through the feeds', () => {
  it('reach i3bar as text: the only pango tags are the spans tilebar writes, and a block without them is not markup', () => {
    fc.assert(
      fc.property(hostile, hostile, (title, workspace) => {
        for (const b of i3barBlocks(blocksFor(title, workspace), { spacingPx: 10, box: 'section', gapCells: 1, fill: '#000000' })) {
          // Without pango markup i3bar parses nothing: the text is shown as it is.
          if (b.markup === 'none') continue;
          // Take away tilebar's own spans; what is left must hold no tag at all.
          for (const text of [b.full_text, b.short_text ?? '']) {
            const inner = text.replace(/<span( (foreground|background)="#[0-9a-f]{6}"| weight="bold")*>|<\/span>/g, '');
            expect(inner).not.toMatch(/[<>]/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reach tmux as text: the only #[…] are tilebar's styles, and no #( or #{ at all", () => {
    fc.assert(
      fc.property(hostile, hostile, fc.constantFrom('line', 'right', 'left'), fc.constantFrom('#202020', undefined), (title, workspace, place, barBg) => {
        const line = tmuxStatus(blocksFor(title, workspace), 1, place, barBg);
        // As tmux's format_draw reads it: `##` is a `#`; any other `#` must open one of tilebar's styles.
        for (let i = 0; i < line.length; i++) {
          if (line[i] !== '#') continue;
          if (line[i + 1] === '#') {
            i++;
            continue;
          }
          expect(line[i + 1]).toBe('[');
          const close = line.indexOf(']', i);
          expect(line.slice(i, close + 1)).toMatch(/^#\[(fg=(#[0-9a-f]{6}|terminal),bg=(#[0-9a-f]{6}|terminal),(no)?bold|(bg|fill)=(#[0-9a-f]{6}|terminal)|align=(left|centre|right)|default)\]$/);
          i = close;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows the hostile text itself (the title is in the focused container block)', () => {
    const line = tmuxStatus(blocksFor('#(reboot)', 'one'), 1, 'right', '#202020');
    expect(line.replace(/#\[[^\]]*\]/g, '').replaceAll('##', '#')).toContain('#(reboot)');
  });
});
