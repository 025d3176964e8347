/** Hyprland against a fake pair of sockets: its state, its events, clicks as dispatches, and a peer that misbehaves. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCommand } from '../../src/cli/run.js';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { hyprlandStateFrom } from '../../src/tiler/hyprland-state.js';
import { startHyprlandSource } from '../../src/tiler/hyprland-source.js';
import type { TilerSource } from '../../src/tiler/manager.js';
import { recordingEvents } from './recording-events.js';
import type { Readers } from '../../src/system/readings.js';
import { fakeTerminal, screenOf } from '../render/fake-terminal.js';
import { FakeHyprland } from './fake-hyprland.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

async function started(version?: string) {
  const root = await mkdtemp(join(tmpdir(), 'tb-hypr-'));
  const dir = join(root, 'hypr', 'sig');
  const fake = new FakeHyprland(dir);
  if (version) fake.version = { version, tag: `v${version}` };
  await fake.start();
  cleanups.push(() => fake.stop());
  const rec = recordingEvents({ clearOnDisconnect: true });
  const source: TilerSource = startHyprlandSource({
    dir: () => dir,
    timers: realTimers,
    events: rec.events,
  });
  cleanups.push(() => source.close());
  return { fake, source, ...rec, root, dir };
}

const click = (i: number): SocketMessage[] => [{ type: 'FocusMonitorWorkspaceNumber', content: [0, i] } as SocketMessage];

describe('Hyprland state (pure)', () => {
  it('a monitor’s workspaces by id, special ones left out; its active one; the last-focused window and its group', () => {
    const r = hyprlandStateFrom(
      {
        monitors: [{ id: 1, name: 'B', activeWorkspace: { id: 5 } }, { id: 0, name: 'A', activeWorkspace: { id: 2 } }],
        workspaces: [{ id: 2, name: '2', monitorID: 0, windows: 2 }, { id: 1, name: '1', monitorID: 0, windows: 0 }, { id: -99, name: 'special:x', monitorID: 0 }, { id: 5, name: '5', monitorID: 1 }],
        clients: [
          { address: '0x1', class: 'kitty', title: 'a', workspace: { id: 2 }, focusHistoryID: 3, grouped: ['0x1', '0x2'] },
          { address: '0x2', class: 'foot', title: 'b', workspace: { id: 2 }, focusHistoryID: 0, grouped: ['0x1', '0x2'], floating: true },
        ],
        layoutOption: { str: 'master' },
        submap: 'resize',
      },
      0,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.workspaces.map((w) => [w.name, w.focused, w.empty])).toEqual([['1', false, true], ['2', true, false]]);
    expect(r.state.container).toEqual({ windows: [{ title: 'a', app: 'kitty', id: '0x1' }, { title: 'b', app: 'foot', id: '0x2' }], focusedIndex: 1, locked: false });
    expect(r.state).toMatchObject({ layout: 'VerticalStack', layer: 'Floating', mode: 'resize', manager: 'hyprland' });
    expect(hyprlandStateFrom({ monitors: [], workspaces: [], clients: [] }, 0)).toEqual({ ok: false, problem: 'monitor 0 is not connected (0 monitors: )' });
  });

  it('never throws on documents no Hyprland sends', () => {
    for (const junk of [null, 7, 'x', [], [null, 1, 'a'], { id: {} }, [{ id: 0, activeWorkspace: 'no' }]]) {
      expect(() => hyprlandStateFrom({ monitors: junk, workspaces: junk, clients: junk, layoutOption: junk }, 0)).not.toThrow();
    }
  });
});

describe('Hyprland source (fake sockets)', () => {
  it('reads the state, follows workspace events, and a click dispatches `workspace N`', async () => {
    const h = await started();
    await eventually(() => expect(h.last()?.workspaces.map((w) => w.name)).toEqual(['1', 'web', 'Ünï']));
    expect(h.connections).toEqual([true]);
    expect(h.last()).toMatchObject({ focusedWorkspace: 0, layout: 'BSP', layer: 'Tiling', container: { windows: [{ title: 'vim', app: 'kitty' }] } });

    h.fake.focusWorkspace(3);
    await eventually(() => expect(h.last()?.focusedWorkspace).toBe(2));

    await h.source.send(click(1), h.last());
    expect(h.fake.requests).toContain('/dispatch workspace 2');
    await eventually(() => expect(h.last()?.focusedWorkspace).toBe(1));
  });

  it('speaks Lua dispatches to Hyprland 0.54 and later', async () => {
    const h = await started('0.54.1');
    await eventually(() => expect(h.last()?.workspaces).toHaveLength(3));
    await h.source.send(click(2), h.last());
    expect(h.fake.requests).toContain('/dispatch hl.dsp.focus({ workspace = "3" })');
    await eventually(() => expect(h.last()?.focusedWorkspace).toBe(2));
  });

  it('a submap shows as the mode; junk and an endless line on the event stream change nothing else', async () => {
    const h = await started();
    await eventually(() => expect(h.last()).toBeDefined());
    h.fake.emit('submap>>resize\n');
    await eventually(() => expect(h.last()?.mode).toBe('resize'));
    h.fake.emit('no separator here\n>>\n\u0000\u0001>>x\n');
    h.fake.emit('x'.repeat(200 * 1024));
    h.fake.emit('\nsubmap>>\n');
    await eventually(() => expect(h.last()?.mode).toBeUndefined());
    expect(h.connections).toEqual([true]);
  });

  it('clears when Hyprland goes, says so once, and comes back when it does', async () => {
    const h = await started();
    await eventually(() => expect(h.connections).toEqual([true]));
    await h.fake.stop();
    await eventually(() => expect(h.connections).toEqual([true, false]));
    expect(h.last()).toBeUndefined();
    await h.fake.start();
    await eventually(() => expect(h.connections).toEqual([true, false, true]));
    expect(h.last()?.workspaces).toHaveLength(3);
    expect(h.logs.filter((l) => /trying again/.test(l)).length).toBeLessThanOrEqual(2);
  });
});

describe('tilebar run on Hyprland (in process, fake terminal, fake sockets)', () => {
  it('detects Hyprland, shows its workspaces, and a click on one switches it', async () => {
    const h = await started();
    await h.source.close();
    await writeBarConfig(h.root, { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, locked_container: { enable: true, show_when_unlocked: true, display: 'Text' } } }], right_widgets: [] });
    const t = fakeTerminal(40, 1);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: { HOME: h.root, TZ: 'UTC', XDG_RUNTIME_DIR: h.root, HYPRLAND_INSTANCE_SIGNATURE: 'sig' }, cwd: h.root, isTTY: true, platform: 'linux' };
    const readers = { cpu: async () => ({ percent: 1 }), memory: async () => ({ totalBytes: 1, usedBytes: 0 }), network: async () => ({ interfaces: [] }), disks: async () => ({ disks: [] }), battery: async () => ({ batteries: [] }), update: async () => ({}) } satisfies Readers;
    const logs: string[] = [];
    const done = runCommand({ config: 'bar.json', color: 'none' }, io, { terminal: t.terminal, readers, log: (m) => void logs.push(m) });
    const row = () => screenOf(t.written)[0] ?? '';
    try {
      // The locked container is komorebi's: on Hyprland it is not drawn.
      await eventually(() => expect(row()).toBe(' 1 web Ünï'));
      expect(logs).toContain('window manager: hyprland (HYPRLAND_INSTANCE_SIGNATURE is set)');
      const x = row().indexOf('Ünï');
      t.press(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);
      await eventually(() => expect(h.fake.requests).toContain('/dispatch workspace 3'));
    } finally {
      t.press('q');
      await done;
    }
  });
});
