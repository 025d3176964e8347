/**
 * The README's "At login" recipe (issue 43, point 5), run as it is written: its sway lines, read from the README,
 * are a headless sway's config, and its unit's `ExecStart` command starts foot with `tilebar run` in it. Asked
 * through sway's IPC (GET_TREE): the bar's window floats on every workspace, has no border or title bar, sits at the
 * top left across the output, one row high, does not have the focus, and the tiled windows start below it.
 * Skipped where sway or foot is missing (CI installs them).
 */
import { chmodSync, chownSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasFoot, hasSway, startSway } from './real-wm.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

const readme = readFileSync('README.md', 'utf8');
/** The README's sway lines (the ```conf block with the `for_window` for tilebar) and its unit's ExecStart command. */
const SWAY_LINES = [...readme.matchAll(/```conf\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').find((b) => b.includes('for_window [app_id="^tilebar$"]')) ?? '';
const EXEC_START = /^ExecStart=(.*)$/m.exec(/```ini\n([\s\S]*?)```/.exec(readme)?.[1] ?? '')?.[1] ?? '';
const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

interface Node {
  id: number;
  type: string;
  name: string | null;
  app_id?: string | null;
  focused: boolean;
  border?: string;
  sticky?: boolean;
  rect: { x: number; y: number; width: number; height: number };
  deco_rect?: { height: number };
  nodes: Node[];
  floating_nodes: Node[];
}
const all = (n: Node): Node[] => [n, ...n.nodes.flatMap(all), ...n.floating_nodes.flatMap(all)];

describe.skipIf(!hasSway || !hasFoot)("the README's At login recipe under a real sway (headless)", () => {
  it('reads the recipe from the README', () => {
    expect(SWAY_LINES).toMatch(/no_focus \[app_id="\^tilebar\$"\]/);
    expect(EXEC_START).toMatch(/foot --app-id tilebar .* tilebar run$/);
  });

  it('docks foot with tilebar run as a one-row strip at the top: floating, sticky, borderless, not focused, the tiled area below it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-dock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o755);
    // `tilebar` on the PATH, as the README's install puts it: this build's.
    writeFileSync(join(dir, 'tilebar'), `#!/bin/sh\nexec ${tilebarCommand()} "$@"\n`, { mode: 0o755 });
    await writeBarConfig(join(dir, '.config', 'tilebar'), { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } }], right_widgets: [{ Time: { enable: true } }] });
    if (process.getuid?.() === 0) for (const p of [dir, join(dir, '.config'), join(dir, '.config', 'tilebar'), join(dir, '.config', 'tilebar', 'bar.json')]) chownSync(p, 65534, 65534);
    // A second, ordinary window's row height (no rule for it): what one row of foot is here.
    const probe = 'for_window [app_id="^probe$"] floating enable, border none';
    const wm = await startSway(`${SWAY_LINES}\n${probe}\n`);
    cleanups.push(() => wm.stop());
    const tree = async () => (await wm.ask(4)) as Node;

    // A tiled window first, on the workspace the bar opens on, as at login once a terminal is open.
    await wm.command('exec foot --app-id tiled sleep 600');
    await eventually(async () => expect(all(await tree()).some((n) => n.app_id === 'tiled')).toBe(true));
    await wm.command(`exec env HOME=${q(dir)} PATH=${q(`${dir}:/usr/local/bin:/usr/bin:/bin`)} TZ=UTC ${EXEC_START}`);
    const bar = await eventually(async () => {
      const b = all(await tree()).find((n) => n.app_id === 'tilebar');
      expect(b?.rect.width).toBeGreaterThan(1000);
      return b as Node;
    });
    const output = all(await tree()).find((n) => n.type === 'output' && n.name !== '__i3');
    const workspace = all(await tree()).find((n) => n.type === 'workspace' && all(n).some((c) => c.app_id === 'tiled'));
    expect(workspace?.floating_nodes.map((n) => n.app_id)).toContain('tilebar');
    expect(bar.sticky).toBe(true);
    expect(bar.border).toBe('none');
    expect(bar.deco_rect?.height ?? 0).toBe(0);
    expect(bar.rect).toMatchObject({ x: output?.rect.x, y: output?.rect.y, width: output?.rect.width, height: 20 });
    expect(bar.focused).toBe(false);
    expect(all(await tree()).find((n) => n.app_id === 'tiled')?.focused).toBe(true);
    // The tiled window starts below the strip.
    const tiled = all(await tree()).find((n) => n.app_id === 'tiled');
    expect(tiled?.rect.y).toBeGreaterThanOrEqual(bar.rect.y + bar.rect.height);

    // One row of foot: the strip holds one and not two.
    await wm.command('exec foot --app-id probe --window-size-chars 20x1 sleep 600');
    const row = await eventually(async () => {
      const p = all(await tree()).find((n) => n.app_id === 'probe');
      expect(p?.rect.height).toBeGreaterThan(0);
      return p?.rect.height ?? 0;
    });
    expect(row).toBeLessThanOrEqual(20);
    expect(2 * row).toBeGreaterThan(20);
  });

  it('as the README says: on an empty workspace sway focuses the bar anyway, and the next window opened takes the focus', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-dock-empty-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'tilebar'), `#!/bin/sh\nexec ${tilebarCommand()} "$@"\n`, { mode: 0o755 });
    await writeBarConfig(join(dir, '.config', 'tilebar'), { left_widgets: [{ Time: { enable: true } }], right_widgets: [] });
    if (process.getuid?.() === 0) for (const p of [dir, join(dir, '.config'), join(dir, '.config', 'tilebar'), join(dir, '.config', 'tilebar', 'bar.json')]) chownSync(p, 65534, 65534);
    const wm = await startSway(SWAY_LINES);
    cleanups.push(() => wm.stop());
    const tree = async () => all((await wm.ask(4)) as Node);
    await wm.command(`exec env HOME=${q(dir)} PATH=${q(`${dir}:/usr/local/bin:/usr/bin:/bin`)} TZ=UTC ${EXEC_START}`);
    await eventually(async () => expect((await tree()).find((n) => n.app_id === 'tilebar')?.focused).toBe(true));
    await wm.command('exec foot --app-id tiled sleep 600');
    await eventually(async () => expect((await tree()).find((n) => n.app_id === 'tiled')?.focused).toBe(true));
    expect((await tree()).find((n) => n.app_id === 'tilebar')?.focused).toBe(false);
  });
});
