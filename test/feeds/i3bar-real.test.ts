/**
 * `tilebar feed i3bar` as i3's `status_command`, on a real i3 under Xvfb: i3bar runs the feed, draws its blocks
 * in the theme's colours (read from the screen), and a click on a workspace block — a pointer click through XTEST
 * — switches i3's workspace (checked with GET_WORKSPACES). `tilebar feed swaybar` under a headless sway run as an
 * ordinary user: swaybar starts it, it finds sway, and a click of a virtual pointer (a headless sway has no
 * pointer of its own) on a workspace block switches sway's workspace. Skipped where i3, Xvfb or sway is missing
 * (CI installs them); the sway click where foot or grim is.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { hasFoot, hasI3, hasSway, startI3, startSway } from '../tiler/real-wm.js';
import { eventually, until } from '../wait.js';
import { openWaylandPointer } from './wayland-pointer.js';
import { pngRows } from './png-rows.js';
import { barBoxes, type ScreenBox } from './bar-boxes.js';
import { openX11Screen } from './x11-screen.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { clickRightOf, focusedBlock, keepWorkspaceTwo, workspacesConfig, type Block } from './workspace-blocks.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** Once the host is gone its feed ends too (its stdin closes): waited for, so nothing writes into a removed directory. */
const feedGone = (config: string) => until(() => spawnSync('pgrep', ['-f', `--config ${config}`]).status !== 0, 'the feed to end with its bar');
const CONFIG = workspacesConfig();

describe.skipIf(!hasI3)('tilebar feed i3bar on a real i3 (Xvfb)', () => {
  it("draws i3's workspaces in the theme's colours and switches workspace on a click", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-i3-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeBarConfig(dir, CONFIG);
    const log = join(dir, 'log');
    const feed = tilebarCommand('feed', 'i3bar', '--config', join(dir, 'bar.json'), '--log', log);
    const wm = await startI3(`bar {\n  position top\n  status_command env HOME=${q(dir)} TZ=UTC ${feed}\n  workspace_buttons no\n}`);
    cleanups.push(() => feedGone(join(dir, 'bar.json')), () => wm.stop());
    const screen = await keepWorkspaceTwo(wm, cleanups);

    await until(() => {
      try {
        return readFileSync(log, 'utf8').includes('feeding i3bar');
      } catch {
        return false;
      }
    }, 'the feed started by i3bar');
    // The focused workspace's block, in the theme's selected fill, somewhere on the bar's rows, workspace 2's after it.
    let at: Block | undefined;
    await eventually(async () => {
      at = focusedBlock(await screen.pixels(0, 0, 1280, 20));
      expect(at).toBeDefined();
    });
    expect((await wm.workspaces()).find((w) => w.focused)?.name).toBe('1');

    // Workspace 2's block comes after workspace 1's: a click on each pixel column after it until i3 switches.
    const focused = async () => (await wm.workspaces()).find((w) => w.focused)?.name;
    await eventually(async () => expect(await clickRightOf(at as Block, (x, y) => screen.click(x, y), focused, '2')).toBe(true));
  });

  it('frames each unit apart, as the pane spaces them, with room between the text and the frame; a click on an item still lands on it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-i3-units-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeBarConfig(dir, UNITS_CONFIG(dir));
    // The bar block as `--print-config` gives it: i3bar's own workspace buttons off (else they would be a box more).
    const wm = await startI3(printedBar('i3bar', dir));
    cleanups.push(() => feedGone(join(dir, 'bar.json')), () => wm.stop());
    const screen = await openX11Screen(wm.display);
    cleanups.push(() => screen.close());
    // Three units, three boxes: the workspaces, the layout, the two Applications items.
    const boxes = await paddedBoxes(() => screen.pixels(0, 0, 1280, 20), 3);
    // The Browser item: the end of the last box's text (the padding is the frame's, as on the pane).
    const last = boxes[2] ?? { to: 0, padRight: 0 };
    await eventually(async () => {
      await screen.click(lastGlyph(last), 8);
      expect(existsSync(join(dir, 'browser'))).toBe(true);
    });
    expect(existsSync(join(dir, 'terminal'))).toBe(false);
  });
});

// As the user's bar: the Tiler's workspaces and layout (two units of one widget), an Applications widget of two
// items (one unit, two blocks a click tells apart), each unit framed (grouping Widget) as on the pane.
const UNITS_CONFIG = (dir: string) => ({
  theme: { palette: 'Catppuccin', name: 'Mocha' },
  grouping: { kind: 'Widget', style: 'Default', rounding: 8 },
  left_widgets: [
    { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, layout: { enable: true, display: 'IconAndText' } } },
    { Applications: { enable: true, items: [{ name: 'Terminal', command: `touch ${join(dir, 'terminal')}` }, { name: 'Browser', command: `touch ${join(dir, 'browser')}` }] } },
  ],
  right_widgets: [],
});
/** Columns of a block's own fill, at least, between its border and its text: a space of the bar's 8-point font. */
const PADDING_PX = 3;

/**
 * The `bar { … }` block `feed HOST --print-config` prints for the config in `dir`, as a user pastes it, with this
 * build's feed for `tilebar` and the bar at the top of the screen (where the test reads it). The printing run keeps
 * its log and cache apart from what the feed, started by the bar (as another user under sway), writes in `dir`.
 */
function printedBar(host: 'i3bar' | 'swaybar', dir: string): string {
  const print = spawnSync(process.execPath, tilebarArgs('feed', host, '--print-config', '--config', join(dir, 'bar.json'), '--tiler', 'none', '--log', join(dir, 'print.log')), {
    cwd: dir,
    env: childEnv({ HOME: dir, XDG_CACHE_HOME: join(dir, 'print-cache') }),
    encoding: 'utf8',
  });
  expect(print.stderr).toBe('');
  expect(print.stdout).toContain('    workspace_buttons no\n');
  // The printed loop (a thin feed: hosts.ts's thinLoopWithClicks) names tilebar twice: each is this build.
  return print.stdout.replace('bar {\n', 'bar {\n    position top\n').replaceAll('tilebar feed ', `env HOME=${q(dir)} TZ=UTC ${tilebarCommand()} feed `);
}

/** A column of a box's last glyph: just before its right padding. */
const lastGlyph = (box: Pick<ScreenBox, 'to' | 'padRight'>) => box.to - box.padRight - 2;

/** The boxes on the bar once it shows `count` of them, each padded; what was seen when it never does. */
async function paddedBoxes(read: () => Promise<string[][]>, count: number): Promise<ScreenBox[]> {
  let boxes: ScreenBox[] = [];
  await eventually(async () => {
    const rows = await read();
    boxes = barBoxes(rows);
    const seen = `boxes seen (columns, padding): ${JSON.stringify(boxes.map((b) => [b.from, b.to, b.padLeft, b.padRight]))}`;
    expect(boxes.length, seen).toBe(count);
    expect(Math.min(...boxes.flatMap((b) => [b.padLeft, b.padRight])), seen).toBeGreaterThanOrEqual(PADDING_PX);
  });
  return boxes;
}

const hasGrim = spawnSync('grim', ['-h'], { stdio: 'ignore' }).error === undefined;

describe.skipIf(!hasSway)('tilebar feed swaybar on a real sway (headless, an ordinary user)', () => {
  it('runs as swaybar’s status command, as sway’s ordinary user, and a click on a workspace block switches to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-sway-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // sway runs as nobody when the tests run as root: the feed it starts writes its log and cache here.
    chmodSync(dir, 0o755);
    if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
    await writeBarConfig(dir, CONFIG);
    const log = join(dir, 'log');
    const feed = tilebarCommand('feed', 'swaybar', '--config', join(dir, 'bar.json'), '--log', log);
    const wm = await startSway(`bar {\n  position top\n  status_command env HOME=${q(dir)} TZ=UTC ${feed}\n  workspace_buttons no\n}`);
    cleanups.push(() => feedGone(join(dir, 'bar.json')), () => wm.stop());
    await until(() => {
      try {
        return readFileSync(log, 'utf8').includes('feeding swaybar');
      } catch {
        return false;
      }
    }, 'the feed started by swaybar');
    expect(readFileSync(log, 'utf8')).toMatch(/window manager: sway/);
    if (!hasFoot || !hasGrim) return;

    // A window (foot) keeps workspace 2 while workspace 1 is focused.
    await wm.command("workspace 2; exec foot --title kept sleep 600");
    await eventually(async () => expect(JSON.stringify(await wm.ask(4))).toContain('kept'));
    await wm.command('workspace 1');
    const runtime = dirname(wm.socket);
    const display = readdirSync(runtime).find((f) => /^wayland-\d+$/.test(f)) ?? 'wayland-1';
    const shot = join(dir, 'shot.png');
    // The focused workspace's block, in the theme's selected fill, on the bar's rows (grim: what sway shows).
    let at: Block | undefined;
    await until(() => {
      spawnSync('grim', ['-g', '0,0 1280x24', shot], { env: childEnv({ XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: display }) });
      if (!existsSync(shot)) return false;
      at = focusedBlock(pngRows(PNG.sync.read(readFileSync(shot))));
      return at !== undefined;
    }, "workspace 1's block selected, workspace 2's after it");

    // A virtual pointer's clicks after it, until sway has switched (swaybar learns of the new pointer as it comes).
    const pointer = await openWaylandPointer(join(runtime, display));
    cleanups.push(() => pointer.close());
    const focused = async () => (await wm.workspaces()).find((w) => w.focused)?.name;
    await eventually(async () => expect(await clickRightOf(at as Block, (x, y) => pointer.click(x, y, 1280, 720), focused, '2')).toBe(true));
  });
  it('frames each unit apart with room between the text and the frame, and a click on an item lands on it', async () => {
    if (!hasGrim) return;
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-sway-units-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o777);
    await writeBarConfig(dir, UNITS_CONFIG(dir));
    const wm = await startSway(printedBar('swaybar', dir));
    cleanups.push(() => feedGone(join(dir, 'bar.json')), () => wm.stop());
    const runtime = dirname(wm.socket);
    const display = readdirSync(runtime).find((f) => /^wayland-\d+$/.test(f)) ?? 'wayland-1';
    const shot = join(dir, 'shot.png');
    const read = async () => {
      spawnSync('grim', ['-g', '0,0 1280x24', shot], { env: childEnv({ XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: display }) });
      return existsSync(shot) ? pngRows(PNG.sync.read(readFileSync(shot))) : [];
    };
    const boxes = await paddedBoxes(read, 3);
    const pointer = await openWaylandPointer(join(runtime, display));
    cleanups.push(() => pointer.close());
    const last = boxes[2] ?? { to: 0, padRight: 0 };
    // Clicks a pixel apart: swaybar learns where a new pointer is from its motion, and a click where it already is moves nothing.
    await eventually(async () => {
      for (const dx of [0, 1, 2]) await pointer.click(lastGlyph(last) - dx, 10, 1280, 720);
      expect(existsSync(join(dir, 'browser'))).toBe(true);
    });
    expect(existsSync(join(dir, 'terminal'))).toBe(false);
  });
});
