/** What the bar's keys and mouse do (BarInput), fed as a terminal's reads arrive: split anywhere. */
import { describe, expect, it } from 'vitest';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { BarInput } from '../../src/pane/bar-input.js';
import type { ClickAction } from '../../widgets/view.js';
import { load, model } from '../helpers.js';

const NAMES = ['app1', 'app2', 'app3', 'app4', 'app5', 'app6', 'app7', 'app8', 'app9'];

function launcher() {
  const m = model(load({ left_widgets: [{ Applications: { enable: true, display: 'Text', items: NAMES.map((name) => ({ name, command: `true ${name}` })) } }], right_widgets: [] }));
  const layout = layoutFor(m, appearanceOf(m, { icons: 'ascii' }), { statuses: {}, clock: { epochMs: 0, systemZone: 'UTC' } }, { width: 80, height: 1 }, '0.1.0', undefined);
  const performed: ClickAction[] = [];
  const quits: number[] = [];
  const input = new BarInput(m, { perform: (a) => void performed.push(a), binding: () => undefined, quit: (s) => void quits.push(s), now: () => 0 });
  const launched = () => performed.flatMap((a) => (a.kind === 'launch' ? [a.id] : []));
  return { type: (...chunks: string[]) => chunks.forEach((c) => input.input(c, layout)), launched, quits, layout };
}

describe('BarInput', () => {
  it('starts nothing for a hover report split across two reads (`ESC[<35;5`, then `;1M`: issue 31)', () => {
    const bar = launcher();
    bar.type('\x1b[<35;5', ';1M');
    expect(bar.launched()).toEqual([]);
  });

  it('reads a digit, q and Ctrl-C outside sequences as keys', () => {
    const bar = launcher();
    bar.type('2', '\x1b[<35;5;1M9');
    expect(bar.launched()).toEqual(['1:app2', '8:app9']);
    bar.type('q', '\x03');
    expect(bar.quits).toEqual([0, 130]);
  });

  it('clicks an item with a report split at every byte, SGR or X10', () => {
    const bar = launcher();
    const x = bar.layout.targets.find((t) => t.action.kind === 'launch' && t.action.id === '4:app5')?.x ?? -1;
    const sgr = `\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`;
    const x10 = `\x1b[M${String.fromCharCode(32, 33 + x, 33)}\x1b[M${String.fromCharCode(35, 33 + x, 33)}`;
    bar.type(...sgr, ...x10);
    expect(bar.launched()).toEqual(['4:app5', '4:app5']);
  });
});
