/**
 * A mouse report cut between two reads, in a real terminal pane (issue 31): `ESC[<35;5` in one write, `;1M` in
 * the next, to a bar whose launcher items 1, 3 and 5 its digits would start. The bar reads the first part with
 * a whole hover report before it (the screen shows that hover: the read was taken), then the rest, and sees one
 * hover (its item's command shows), starting nothing; a `2` typed after starts item 2 alone, and as the bar
 * logs each launch as it acts, the log then holds every launch the input caused. Likewise a terminal's OSC reply
 * full of digits, cut in two writes, starts nothing. Skipped where tmux is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../wait.js';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
const cleanups = cleanupsAfterEach();

/**
 * After the last write, the second hover (over Edit) or a launch has come: no item was started; then the key 2
 * starts Two, and only Two; and q ends the bar.
 */
async function nothingUntilTheKey(pane: Pane, launches: () => string[]): Promise<void> {
  await pane.waitFor((s) => s.includes('true started-Edit') || launches().length > 0);
  expect(launches()).toEqual([]);
  pane.sendKeys('2');
  await eventually(() => expect(launches()).toContain('launch: true started-Two'));
  expect(launches()).toEqual(['launch: true started-Two']);
  pane.sendKeys('q');
  await pane.waitFor(() => pane.currentCommand() === 'sleep');
}

describe.skipIf(!hasTmux)('input split across two reads in a real tmux pane', () => {
  for (const renderer of ['ink', 'direct']) {
    /** A bar of five launcher items in a pane; `launches` are those it logged, in the order it acted. */
    const startBar = async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tb-split-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      // ` Edit Two Three Four Five`: column 5 (x 4) is Edit's last letter.
      const items = ['Edit', 'Two', 'Three', 'Four', 'Five'].map((name) => ({ name, command: `true started-${name}`, show_command_on_hover: true }));
      await writeBarConfig(dir, { left_widgets: [{ Applications: { enable: true, display: 'Text', items } }], right_widgets: [] });
      const log = join(dir, 'log');
      const pane = openPane(`${bin} run --renderer ${renderer} --config ${shellQuote(join(dir, 'bar.json'))} --log ${shellQuote(log)}`, { width: 80, height: 1 });
      cleanups.push(() => pane.close());
      /** The launches the bar logged, in the order it acted. */
      const launches = () => (existsSync(log) ? readFileSync(log, 'utf8').match(/launch: .*/g) ?? [] : []);
      return { pane, launches };
    };

    it(`is one hover, and starts no launcher item (${renderer})`, async () => {
      const { pane, launches } = await startBar();
      const screen = await pane.waitFor('Edit Two Three');
      expect(screen.indexOf('Edit')).toBe(1);

      // One write: a whole hover over Two, then the first part of a hover at column 5.
      pane.sendText(`\x1b[<35;${screen.indexOf('Two') + 1};1M\x1b[<35;5`);
      await pane.waitFor('true started-Two');
      // The rest, in a write (and so a read) of its own.
      pane.sendText(';1M');
      // (Or, had its digits been read as keys, until the bar logs a launch.)
      await nothingUntilTheKey(pane, launches);
    });

    it(`reads no key in an OSC reply full of digits cut across two writes (${renderer})`, async () => {
      const { pane, launches } = await startBar();
      const screen = await pane.waitFor('Edit Two Three');
      // A colour reply (its digits would start items 1, 2 and 3) cut in two writes, each with a hover after it
      // that shows the write was read; the second hover, over Edit, comes after the string's ST.
      pane.sendText(`\x1b[<35;${screen.indexOf('Two') + 1};1M\x1b]11;rgb:1111/22`);
      await pane.waitFor('true started-Two');
      pane.sendText('22/3333\x1b\\\x1b[<35;5;1M');
      await nothingUntilTheKey(pane, launches);
    });
  }
});
