/**
 * The README's picture of Waybar: the modules `tilebar feed waybar --print-config` prints for the example bar, in a
 * real Waybar on a real headless sway (run as an ordinary user), 1920 logical pixels wide at scale 2, with three
 * workspaces, a focused window, a playing player and a busy CPU.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { hasFoot, hasSway } from '../tiler/real-wm.js';
import { swayDesktop, DESKTOP_WIDTH } from './desktops.js';
import { count, loadCpu, selectedFill, startExampleBar, untilBarShowsAll, writeScreenPicture } from './example-bar.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const has = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error === undefined;
const hasWaybar = hasSway && hasFoot && has('waybar') && has('grim');
const cleanups = cleanupsAfterEach();

it.skipIf(!hasWaybar)('waybar', async () => {
  const bar = await startExampleBar(true);
  cleanups.push(() => bar.stop());
  const fill = selectedFill();
  const desktop = await swayDesktop('');
  cleanups.push(() => desktop.stop());
  // The modules as a user gets them: printed by the user Waybar runs as (nobody, when this runs as root), in
  // sway's session, so the pipes' directory is that user's.
  const asSwayUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
  const [printer = process.execPath, ...printArgs] = [...asSwayUser, process.execPath, ...tilebarArgs('feed', 'waybar', '--print-config', '--config', bar.config, '--log', bar.log)];
  const printed = JSON.parse(execFileSync(printer, printArgs, { cwd: bar.dir, env: childEnv({ HOME: bar.dir, XDG_RUNTIME_DIR: desktop.runtime }), encoding: 'utf8' })) as Record<string, Record<string, unknown>>;
  for (const [name, module] of Object.entries(printed)) {
    if (!name.startsWith('custom/') || typeof module.exec !== 'string') continue;
    // The feed runs with the player's bus, the zone and its home; each module's lines are copied on their way.
    module.exec = name === 'custom/tilebar' ? `${bar.env()} ${bar.feed('waybar')}` : bar.teed(module.exec.replace(/^exec /, ''));
  }
  writeFileSync(join(bar.dir, 'waybar.json'), JSON.stringify({ layer: 'top', position: 'top', height: 32, ...printed }));
  writeFileSync(join(bar.dir, 'style.css'), '* { font-family: "DejaVu Sans Mono"; font-size: 14px; } window#waybar { background: #11111b; } #workspaces { margin: 0; }');
  for (const f of ['waybar.json', 'style.css']) {
    chmodSync(join(bar.dir, f), 0o644);
    if (asSwayUser.length > 0) chownSync(join(bar.dir, f), 65534, 65534);
  }
  const waybarLog = join(bar.dir, 'waybar.log');
  await desktop.wm.command(`exec waybar -c ${join(bar.dir, 'waybar.json')} -s ${join(bar.dir, 'style.css')} > ${waybarLog} 2>&1`);
  const load = loadCpu();
  cleanups.push(() => load.stop());

  let rows: string[][] = [];
  const said = () => `; the bar's ${rows.length} rows have ${count(rows, fill)} pixels in ${fill}; Waybar said:\n${existsSync(waybarLog) ? readFileSync(waybarLog, 'utf8').slice(-2000) : '(nothing)'}`;
  await untilBarShowsAll(bar, async () => count((rows = await desktop.barRows()), fill) > 200, said);
  expect(rows[0]).toHaveLength(DESKTOP_WIDTH * 2);
  writeScreenPicture('waybar', rows);
});
