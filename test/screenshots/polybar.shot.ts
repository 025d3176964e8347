/**
 * The README's picture of Polybar: the example bar in a Polybar `custom/script` module running `tilebar feed
 * polybar` (the README's lines), docked at the top of a real i3 under Xvfb (1920 pixels wide), with three
 * workspaces, a focused window, a playing player and a busy CPU.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { hasI3 } from '../tiler/real-wm.js';
import { stopChild } from '../xvfb.js';
import { i3Desktop, DESKTOP_WIDTH } from './desktops.js';
import { count, loadCpu, selectedFill, startExampleBar, untilBarShowsAll, writeScreenPicture } from './example-bar.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const hasPolybar = hasI3 && spawnSync('polybar', ['--version'], { stdio: 'ignore' }).error === undefined;
const cleanups = cleanupsAfterEach();

it.skipIf(!hasPolybar)('polybar', async () => {
  const bar = await startExampleBar();
  cleanups.push(() => bar.stop());
  const fill = selectedFill();
  const desktop = await i3Desktop('');
  cleanups.push(() => desktop.stop());
  const ini = join(bar.dir, 'polybar.ini');
  writeFileSync(
    ini,
    [
      '[bar/main]',
      'width = 100%',
      'height = 32',
      'background = #11111b',
      'foreground = #cdd6f4',
      'font-0 = DejaVu Sans Mono:size=11;3',
      'modules-left = tilebar',
      '[module/tilebar]',
      'type = custom/script',
      `exec = ${bar.teed(`${bar.env({ I3SOCK: desktop.wm.socket })} ${bar.feed('polybar')}`)}`,
      'tail = true',
    ].join('\n'),
  );
  // XDG_RUNTIME_DIR: the feed's click inbox goes in the run's directory.
  const polybar = spawn('polybar', ['-c', ini, 'main'], { cwd: bar.dir, env: childEnv({ DISPLAY: desktop.display, XDG_RUNTIME_DIR: bar.dir }), stdio: 'ignore' });
  cleanups.push(() => stopChild(polybar));
  const load = loadCpu();
  cleanups.push(() => load.stop());

  let rows: string[][] = [];
  await untilBarShowsAll(bar, async () => count((rows = await desktop.barRows()), fill) > 50, () => `; the bar's ${rows.length} rows have ${count(rows, fill)} pixels in ${fill}`);
  expect(rows[0]).toHaveLength(DESKTOP_WIDTH);
  writeScreenPicture('polybar', rows);
});
