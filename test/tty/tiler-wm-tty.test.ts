/**
 * The bar in a real tmux pane driven by a real window manager: i3 under Xvfb and sway headless (as an
 * ordinary user). What a user would see and do: the workspaces, a switch made in the manager showing (by its
 * events: nothing polls the manager), a click on a workspace making the manager switch (checked with GET_WORKSPACES), a name outside
 * ASCII, the focused window's title and the binding mode. Skipped where tmux, i3/Xvfb or sway are missing
 * (CI installs them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { hasFoot, hasI3, hasSway, openX11Window, startI3, startSway, type RealWm } from '../tiler/real-wm.js';
import { cellBackgrounds, hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { eventually, until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
const cleanups = cleanupsAfterEach();

const CONFIG = {
  left_widgets: [
    {
      Komorebi: {
        workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' },
        workspace_layer: { enable: true, display: 'Text', show_when_tiling: false },
        locked_container: { enable: true, display: 'Text', show_when_unlocked: true },
      },
    },
  ],
  center_widgets: [{ Komorebi: { focused_container: { enable: true, display: 'Text' } } }],
  right_widgets: [],
};

async function barFor(wm: RealWm, width = 100): Promise<{ pane: Pane; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-wm-'));
  await writeBarConfig(dir, CONFIG);
  const pane = openPane(`${bin} run --config ${shellQuote(join(dir, 'bar.json'))} --log ${shellQuote(join(dir, 'log'))}`, { width, height: 1, env: { ...wm.env, TZ: 'UTC', COLORTERM: 'truecolor' } });
  cleanups.push(() => pane.close(), () => rm(dir, { recursive: true, force: true }));
  return { pane, dir };
}

/** Whether the workspace `name` is drawn as the selected one (the accent background the bar gives it). */
function selected(pane: Pane, name: string): boolean {
  const text = pane.capture().split('\n')[0] ?? '';
  // The name's first cell (after the space that separates it), not a longer name that contains it.
  const at = text.indexOf(` ${name}`);
  if (at < 0) return false;
  const x = at + 1;
  const bgs = cellBackgrounds(pane.capture(true))[0] ?? [];
  const plain = bgs[0];
  return bgs[x] !== plain;
}

describe.skipIf(!hasTmux || !hasI3)('a running bar on a real i3 (Xvfb)', () => {
  it('shows i3’s workspaces, follows a switch, switches i3 on a click, follows a window’s title and the binding mode, and comes back after i3 restarts', async () => {
    const wm = await startI3('mode "resize" {\n  bindsym Escape mode default\n}');
    cleanups.push(() => wm.stop());
    // A real X11 window on workspace 1, and a named workspace with a non-ASCII name kept by a container.
    const window = await openX11Window(wm.display, 'tilebar test window', 'tbtest');
    cleanups.push(() => window.close());
    await eventually(async () => expect(JSON.stringify(await wm.ask(4))).toContain('tilebar test window'));
    await wm.command('workspace "Ünï 日本"; open; workspace 3');
    // Found without I3SOCK: the bar asks `i3 --get-socketpath` on this DISPLAY.
    const { pane, dir } = await barFor(wm);
    // In i3's order: numbered workspaces first, as i3bar shows them.
    await pane.waitFor(' 1 3 Ünï 日本');
    expect(selected(pane, '3')).toBe(true);
    // The locked container is komorebi's: not drawn on i3.
    expect(pane.capture()).not.toContain('Unlocked');

    // A switch made through i3 shows (event-driven: the bar does not poll i3).
    await wm.command('workspace number 1');
    await until(() => selected(pane, '1') && pane.capture().includes('tilebar test window'), 'workspace 1 selected');
    expect(pane.capture()).not.toMatch(/ 3 /); // the empty workspace 3 is gone, as in i3

    // A window's new title shows (i3's window::title event).
    window.setTitle('renamed test window');
    await until(() => pane.capture().includes('renamed test window'), 'the new title');

    // A click on the non-ASCII workspace makes i3 switch to it.
    const x = (pane.capture().split('\n')[0] ?? '').indexOf('Ünï');
    // The pane's cell columns: Ünï is ASCII-width, so the string index is the column.
    pane.sendText(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);
    await eventually(async () => expect((await wm.workspaces()).find((w) => w.focused)?.name).toBe('Ünï 日本'));
    await until(() => selected(pane, 'Ünï'), 'Ünï selected');

    // The binding mode shows where the layer does, while it is active.
    await wm.command('mode resize');
    await pane.waitFor('resize');
    await wm.command('mode default');
    await pane.waitFor((s) => !s.includes('resize'));

    // i3 restarting in place (its shutdown event): the bar reconnects by itself and shows the workspaces again.
    await wm.ask(0, 'restart').catch(() => undefined);
    await pane.waitFor('Ünï 日本');
    await eventually(async () => expect(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'log'), 'utf8'))).toMatch(/i3: not connected; trying again[\s\S]*i3: connected/));
    await wm.command('workspace number 1');
    await until(() => selected(pane, '1'), 'workspace 1 selected');

    const log = await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'log'), 'utf8'));
    expect(log).toMatch(/window manager: i3 \(i3 --get-socketpath answered /);
    pane.sendKeys('q');
    await pane.waitFor(() => pane.currentCommand() === 'sleep');
  });
});

describe.skipIf(!hasTmux || !hasSway)('a running bar on a real sway (headless, an ordinary user)', () => {
  it('shows sway’s workspaces per output, follows a switch, switches sway on a click, shows a real window’s title and the binding mode', async () => {
    const wm = await startSway('mode "resize" {\n  bindsym Escape mode default\n}');
    cleanups.push(() => wm.stop());
    // Two outputs: the bar is on the first (monitor 0); focus goes to the second.
    await wm.command('create_output');
    await eventually(async () => expect((await wm.workspaces()).length).toBe(2));
    const ws = await wm.workspaces();
    const first = ws.find((w) => w.output === 'HEADLESS-1');
    const second = ws.find((w) => w.output !== 'HEADLESS-1');
    expect(first && second).toBeTruthy();
    await wm.command(`focus output ${second?.output ?? ''}`);
    const { pane, dir } = await barFor(wm);
    await pane.waitFor(` ${first?.name ?? '?'}`);
    expect(pane.capture()).not.toContain(` ${second?.name ?? '?'} `);

    // A click on the first output's workspace focuses it (and so its output).
    const x = (pane.capture().split('\n')[0] ?? '').indexOf(first?.name ?? '?');
    pane.sendText(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);
    await eventually(async () => expect((await wm.workspaces()).find((w) => w.focused)?.name).toBe(first?.name));

    // A switch made through sway, to a new workspace with a name outside ASCII, shows.
    await wm.command('workspace "Ünï 日本"');
    await pane.waitFor('Ünï 日本');

    // A real Wayland window (foot, which Debian's sway recommends): its title is the focused container's.
    if (hasFoot) {
      await wm.command("exec foot --title 'tilebar foot window' sleep 60");
      await pane.waitFor('tilebar foot window');
    }

    // The binding mode shows while it is on (sway 1.7 refuses an `output` subscription: events still come).
    await wm.command('mode resize');
    await pane.waitFor('resize');
    await wm.command('mode default');
    await pane.waitFor((s) => !s.includes('resize'));

    const log = await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'log'), 'utf8'));
    expect(log).toMatch(/window manager: sway \(SWAYSOCK is set\)/);
    pane.sendKeys('q');
    await pane.waitFor(() => pane.currentCommand() === 'sleep');
  });
});
