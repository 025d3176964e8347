/**
 * Text from outside reaches the terminal only as printable cells: ESC, NUL, newlines, C1 controls and bidi
 * overrides in readings, window titles, workspace names and config strings are replaced before layout, so
 * the frame keeps its one row and its width, and nothing in it can clear, recolour or retitle a terminal.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { frameToAnsi } from '../../src/render/ansi.js';
import { rowText } from '../../src/render/rows.js';
import { textWidth } from '../../src/render/text-width.js';
import { hasUnsafeCharacters } from '../../src/text/safe-text.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import { tilerStateFrom } from '../../src/tiler/state.js';
import { thresholdRows, formatRows } from '../../src/bar/threshold-report.js';
import { systemWidgets } from '../../src/bar/system-widgets.js';
import { load, model } from '../helpers.js';
import { stateDoc } from '../tiler/fake-wm.js';

const EVIL = ['\u001b[2J', '\u001b]2;pwned\u0007', 'line\nbreak', 'nul\u0000', 'c1\u009b31m', '\u202eevil', 'tab\there', '\u2028sep', 'del\u007f', 'lone\ud800'];
const evil = (i: number) => `x${EVIL[i % EVIL.length]}y`;

describe('text from outside in a frame', () => {
  const doc = {
    left_widgets: [
      { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, focused_container: { enable: true, display: 'Text' } } },
      { Applications: { enable: true, display: 'Text', items: [{ name: evil(0), command: 'true' }] } },
    ],
    center_widgets: [{ Date: { enable: true, format: { Custom: `%Y ${evil(1)}` }, label_prefix: 'None' } }],
    right_widgets: [
      { Storage: { enable: true, label_prefix: 'Text' } },
      { Network: { enable: true, show_activity: false, show_total_activity: false, label_prefix: 'Text' } },
      { Update: { enable: true } },
    ],
  };

  it('keeps one row of printable cells, exactly as wide as the bar, at every width and depth', () => {
    const m = model(load(doc));
    const readings = simulatedReadings([`storage./mnt/${evil(2)}=50`, `storage./${evil(3)}=10`, `network.interface=${evil(4)}`, `update=${evil(5)}`], BUILTIN_WIDGETS.simulations);
    const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
    const r = tilerStateFrom(stateDoc({ workspaces: [{ name: evil(6), containers: [[{ title: evil(7), exe: evil(8) }]] }, { name: evil(9) }], focused: 0 }), 0);
    if (!r.ok) throw new Error(r.problem);
    const look = appearanceOf(m, { icons: 'unicode' });
    for (const width of [40, 120, 400]) {
      const layout = layoutFor(m, look, { statuses, clock: { epochMs: Date.parse('2024-09-08T09:05:03Z'), systemZone: 'UTC' }, tiler: r.state }, { width, height: 1 }, '0.1.0', `config error: ${evil(0)}`);
      expect(layout.rows).toHaveLength(1);
      const text = rowText(layout.rows[0] ?? []);
      expect(textWidth(text)).toBe(width);
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).toBe(false);
      for (const depth of ['truecolor', 'none'] as const) {
        const [ansi] = frameToAnsi(layout.rows, depth);
        // The only escapes are the renderer's own SGR sequences.
        expect((ansi ?? '').replace(/\u001b\[[0-9;]*m/g, '')).toBe(text);
      }
    }
    // What showed at 400 columns: the words are there, their controls are not.
    const wide = rowText(layoutFor(m, look, { statuses, clock: { epochMs: 0, systemZone: 'UTC' }, tiler: r.state }, { width: 400, height: 1 }, '0.1.0').rows[0] ?? []);
    expect(wide).toContain('x\ufffd[2Jy');
    expect(wide).toContain('xline breaky');
    expect(wide).toContain('xtab herey');
    expect(wide).toContain('x sepy');
    expect(wide).toContain('NET: xc1\ufffd31my');
  });

  it('cleans what tilebar thresholds prints about readings the same way', () => {
    const m = model(load(doc));
    const readings = simulatedReadings([`storage./mnt/${evil(0)}=50`], BUILTIN_WIDGETS.simulations);
    const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
    const table = formatRows(thresholdRows(systemWidgets(m, BUILTIN_WIDGETS, '0.1.0'), statuses));
    expect(hasUnsafeCharacters(table.replaceAll('\n', ''))).toBe(false);
    expect(table).toContain('/mnt/x\ufffd[2Jy');
  });
});
