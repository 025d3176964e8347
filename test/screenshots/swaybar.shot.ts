/**
 * The README's picture of swaybar: the example bar fed by `tilebar feed swaybar` as swaybar's status command on a
 * real headless sway (run as an ordinary user), 1920 logical pixels wide at scale 2, with three workspaces, a
 * focused window, a playing player and a busy CPU.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { hasFoot, hasSway } from '../tiler/real-wm.js';
import { swayDesktop, DESKTOP_WIDTH } from './desktops.js';
import { count, loadCpu, selectedFill, startExampleBar, untilBarShowsAll, writeScreenPicture } from './example-bar.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const hasGrim = spawnSync('grim', ['-h'], { stdio: 'ignore' }).error === undefined;
const cleanups = cleanupsAfterEach();

it.skipIf(!hasSway || !hasFoot || !hasGrim)('swaybar', async () => {
  const bar = await startExampleBar(true);
  cleanups.push(() => bar.stop());
  const fill = selectedFill();
  // swaybar's own workspace buttons off: the example's Tiler widget shows the workspaces.
  const desktop = await swayDesktop(
    ['bar {', '  position top', '  font pango:DejaVu Sans Mono 11', `  status_command ${bar.teed(`${bar.env()} ${bar.feed('swaybar')}`)}`, '  workspace_buttons no', '  colors {', '    background #11111b', '  }', '}'].join('\n'),
  );
  cleanups.push(() => desktop.stop());
  const load = loadCpu();
  cleanups.push(() => load.stop());

  let rows: string[][] = [];
  await untilBarShowsAll(bar, async () => count((rows = await desktop.barRows()), fill) > 200, () => `; the bar's ${rows.length} rows have ${count(rows, fill)} pixels in ${fill}`);
  expect(rows[0]).toHaveLength(DESKTOP_WIDTH * 2);
  writeScreenPicture('swaybar', rows);
});
