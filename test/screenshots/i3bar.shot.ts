/**
 * The README's picture of i3bar: the example bar fed by `tilebar feed i3bar` as i3bar's status command on a real
 * i3 under Xvfb (1920 pixels wide), with three workspaces, a focused window, a playing player and a busy CPU.
 */
import { expect, it } from 'vitest';
import { hasI3 } from '../tiler/real-wm.js';
import { i3Desktop, DESKTOP_WIDTH } from './desktops.js';
import { count, loadCpu, selectedFill, startExampleBar, untilBarShowsAll, writeScreenPicture } from './example-bar.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

it.skipIf(!hasI3)('i3bar', async () => {
  const bar = await startExampleBar();
  cleanups.push(() => bar.stop());
  const fill = selectedFill();
  // i3bar's own workspace buttons off: the example's Tiler widget shows the workspaces.
  const desktop = await i3Desktop(
    ['bar {', '  position top', '  font pango:DejaVu Sans Mono 11', `  status_command ${bar.teed(`${bar.env()} ${bar.feed('i3bar')}`)}`, '  workspace_buttons no', '  colors {', '    background #11111b', '  }', '}'].join('\n'),
  );
  cleanups.push(() => desktop.stop());
  const load = loadCpu();
  cleanups.push(() => load.stop());

  let rows: string[][] = [];
  await untilBarShowsAll(bar, async () => count((rows = await desktop.barRows()), fill) > 50, () => `; the bar's ${rows.length} rows have ${count(rows, fill)} pixels in ${fill}`);
  expect(rows[0]).toHaveLength(DESKTOP_WIDTH);
  writeScreenPicture('i3bar', rows);
});
