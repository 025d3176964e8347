/**
 * The desktops the README's pictures are taken on: a real i3 under Xvfb and a real headless sway, each with three
 * workspaces, a window on each (so the Tiler widget has workspaces to show and a focused window to name), and a
 * way to read the top of the screen as the user sees it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { openX11Screen } from '../feeds/x11-screen.js';
import { pngRows } from '../feeds/png-rows.js';
import { openX11Window, startI3, startSway, type RealWm } from '../tiler/real-wm.js';
import { barHeight, patiently } from './example-bar.js';
import { childEnv } from '../support/child-env.js';

/** A desktop's width in its own (logical) pixels: a common monitor's. */
export const DESKTOP_WIDTH = 1920;
/** Workspace 1 focused last, its window the focused one. */
const WINDOWS = [
  ['3', 'htop'],
  ['2', 'Mozilla Firefox'],
  ['1', 'README.md - nvim'],
] as const;

export interface Desktop {
  wm: RealWm;
  /** The bar's rows at the top of the screen, `#rrggbb` a pixel (empty until the bar has its height). */
  barRows(): Promise<string[][]>;
  stop(): Promise<void>;
}

/** i3 on a 1920-pixel-wide Xvfb, `config` added to its own (a `bar` block, or nothing for Polybar). */
export async function i3Desktop(config: string): Promise<Desktop & { display: string }> {
  const wm = await startI3(config, `${DESKTOP_WIDTH}x1080x24`);
  const windows: Array<{ close(): void }> = [];
  for (const [workspace, title] of WINDOWS) {
    await wm.command(`workspace ${workspace}`);
    windows.push(await openX11Window(wm.display, title, 'shot'));
    await patiently(async () => JSON.stringify(await wm.ask(4)).includes(title), () => `i3 to manage the window ${title}`);
  }
  const screen = await openX11Screen(wm.display);
  return {
    wm,
    display: wm.display,
    async barRows() {
      const height = await barHeight(wm.ask);
      return height > 0 ? screen.pixels(0, 0, DESKTOP_WIDTH, height) : [];
    },
    async stop() {
      screen.close();
      for (const w of windows) w.close();
      await wm.stop();
    },
  };
}

/**
 * sway, headless, one output 1920 logical pixels wide at scale 2 (a HiDPI screen: the picture is 3840 wide), with a
 * window (foot) on each workspace; read with grim.
 */
export async function swayDesktop(config: string): Promise<Desktop & { runtime: string; display: string }> {
  const wm = await startSway(`output * mode ${DESKTOP_WIDTH * 2}x${1080 * 2} scale 2\n${config}`);
  const runtime = dirname(wm.socket);
  await patiently(() => readdirSync(runtime).some((f) => /^wayland-\d+$/.test(f)), () => 'sway’s Wayland socket');
  const display = readdirSync(runtime).find((f) => /^wayland-\d+$/.test(f)) ?? 'wayland-1';
  for (const [workspace, title] of WINDOWS) {
    await wm.command(`workspace ${workspace}; exec foot --title '${title}' sleep 600`);
    await patiently(async () => JSON.stringify(await wm.ask(4)).includes(title), () => `sway to manage the window ${title}`);
  }
  const shot = join(runtime, 'shot.png');
  return {
    wm,
    runtime,
    display,
    async barRows() {
      const height = await barHeight(wm.ask);
      if (height <= 0) return [];
      rmSync(shot, { force: true });
      spawnSync('grim', ['-g', `0,0 ${DESKTOP_WIDTH}x${height}`, shot], { env: childEnv({ XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: display }) });
      return existsSync(shot) ? pngRows(PNG.sync.read(readFileSync(shot))) : [];
    },
    stop: () => wm.stop(),
  };
}
