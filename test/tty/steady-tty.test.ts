/**
 * The Ink bar in a 1-row pane, watched the way a user sees it: captured every ~50 ms for 30 s, every capture
 * shows the whole bar (each label at its place) and nothing ever scrolls into the pane's history — with `CI=1`
 * exported, where Ink on its own would draw no live frames at all.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

describe.skipIf(!hasTmux)('the Ink bar in a 1-row pane over 30 s (real tmux pane)', () => {
  it('shows a complete bar in every capture, never scrolls, and draws with CI=1 exported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-steady-'));
    const file = join(dir, 'bar.json');
    await writeFile(
      file,
      JSON.stringify({
        theme: { palette: 'Catppuccin', name: 'Mocha' },
        grouping: { kind: 'Widget', rounding: 4 },
        left_widgets: [{ Date: { enable: true, format: { Custom: 'LEFTSIDE' }, label_prefix: 'None' } }],
        center_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }],
        right_widgets: [{ Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }, { Date: { enable: true, format: { Custom: 'RIGHTSIDE' }, label_prefix: 'None' } }],
      }),
    );
    pane = openPane(`${bin} run --config ${shellQuote(file)} --log ${shellQuote(join(dir, 'log'))}`, { width: 100, height: 1, env: { CI: '1', COLORTERM: 'truecolor' } });
    await pane.waitFor((s) => s.includes('RIGHTSIDE') && s.includes('RAM:'));
    const complete = /^ {2}LEFTSIDE {2,}\d\d:\d\d:\d\d {2,}RAM: \d+% {3}RIGHTSIDE *$/;
    const seconds = new Set<string>();
    let captures = 0;
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const lines = pane.capture().replace(/\n$/, '').split('\n');
      expect(lines, `capture ${captures}`).toHaveLength(1);
      expect(lines[0], `capture ${captures}`).toMatch(complete);
      seconds.add(/\d\d:\d\d:\d\d/.exec(lines[0] ?? '')?.[0] ?? '');
      captures++;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(pane.historySize()).toBe(0);
    // It really was live: the clock moved on through the run. (How many captures fit in 30 s is the machine's
    // speed, not the bar's: with both cores busy it was 300 here.)
    expect(seconds.size).toBeGreaterThanOrEqual(28);
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });
});
