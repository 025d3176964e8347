/**
 * Hover in a real terminal pane: the pointer over an Applications item with `show_command_on_hover` (a motion
 * report, which the bar asks the terminal for) shows the item's command in the bar's centre, and moving off it
 * hides it again; an item without it shows nothing. Skipped where tmux is missing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
const cleanups = cleanupsAfterEach();

/** A move of the pointer to a cell with no button held (SGR 1006: 32 for motion + 3 for no button; 1-based). */
const moveTo = (pane: Pane, x: number) => pane.sendText(`\x1b[<35;${x + 1};1M`);

describe.skipIf(!hasTmux)('hovering an item in a real tmux pane', () => {
  for (const renderer of ['ink', 'direct']) {
    it(`shows its command while the pointer is over it, and hides it after (${renderer})`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tb-hover-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const items = [
        { name: 'Edit', command: 'editor ~/notes.md', show_command_on_hover: true },
        { name: 'Term', command: 'xterm-secret' },
      ];
      await writeBarConfig(dir, { left_widgets: [{ Applications: { enable: true, display: 'Text', items } }], right_widgets: [] });
      const pane = openPane(`${bin} run --renderer ${renderer} --config ${shellQuote(join(dir, 'bar.json'))} --log ${shellQuote(join(dir, 'log'))}`, { width: 80, height: 1 });
      cleanups.push(() => pane.close());
      const screen = await pane.waitFor('Edit Term');
      moveTo(pane, screen.indexOf('Edit') + 1);
      await pane.waitFor('editor ~/notes.md');
      moveTo(pane, screen.indexOf('Term') + 1);
      await pane.waitFor((s) => !s.includes('editor ~/notes.md'));
      // An item that does not ask for it shows nothing of its command.
      moveTo(pane, screen.indexOf('Term') + 2);
      moveTo(pane, screen.indexOf('Edit'));
      await pane.waitFor('editor ~/notes.md');
      const shown = pane.capture();
      if (shown.includes('xterm-secret')) throw new Error(`the other item's command showed: ${shown}`);
      pane.sendKeys('q');
      await pane.waitFor(() => pane.currentCommand() === 'sleep');
    });
  }
});
