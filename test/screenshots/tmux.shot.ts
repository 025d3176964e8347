/**
 * The README's picture of tmux: the example bar as a status line of its own (`tilebar feed tmux --place line` and
 * the lines `--print-config` gives), under tmux's own, in a real tmux attached in a terminal 200 columns wide,
 * beside a real i3 (the workspaces), with a playing player and a busy CPU; drawn cell by cell in the colours tmux
 * gave each, at twice the size.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tmuxConfLines } from '../../src/feeds/tmux.js';
import { hasI3 } from '../tiler/real-wm.js';
import { hasTmux, openPane, screenCells, shellQuote, type ScreenCell } from '../tty/tmux.js';
import { i3Desktop } from './desktops.js';
import { loadCpu, selectedFill, startExampleBar, untilBarShowsAll, writeTerminalPicture } from './example-bar.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const COLUMNS = 200;
const ROWS = 8;
const cleanups = cleanupsAfterEach();

it.skipIf(!hasTmux || !hasI3)('tmux', async () => {
  const bar = await startExampleBar();
  cleanups.push(() => bar.stop());
  const fill = selectedFill();
  const desktop = await i3Desktop('');
  cleanups.push(() => desktop.stop());
  const inbox = join(bar.dir, 'tilebar');
  const feed = bar.teed(`${bar.env({ I3SOCK: desktop.wm.socket, DISPLAY: desktop.display, XDG_RUNTIME_DIR: bar.dir })} ${bar.feed('tmux', '--place line')}`);
  const inner = join(bar.dir, 'inner');
  writeFileSync(join(bar.dir, 'inner.conf'), [...tmuxConfLines('line', feed, inbox), "set -ga terminal-overrides ',xterm-256color:Tc'"].join('\n'));
  const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(bar.dir, 'inner.conf'))} new-session -c ${shellQuote(bar.dir)} -n shell 'sleep 600'`, { width: COLUMNS, height: ROWS, env: { LANG: 'C.UTF-8' } });
  cleanups.push(() => pane.close(), () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' }));
  const load = loadCpu();
  cleanups.push(() => load.stop());

  // tmux's own status line and the feed's, the last two rows of the terminal (a UTF-8 one, as a user's is: else
  // tmux draws each character it cannot send as `_`).
  let lines: ScreenCell[][] = [];
  const highlighted = () => lines.flat().filter((c) => c.bg === fill).length;
  await untilBarShowsAll(bar, () => (lines = screenCells(pane.capture(true)).slice(0, ROWS).slice(-2)).length === 2 && highlighted() > 3, () => `; the status lines have ${highlighted()} cells in ${fill}:\n${pane.capture()}`);
  expect(lines.map((l) => l.length)).toEqual([COLUMNS, COLUMNS]);
  await writeTerminalPicture('tmux', lines);
});
