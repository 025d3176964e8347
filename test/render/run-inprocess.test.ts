import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCommand } from '../../src/cli/run.js';
import { FrameWriter } from '../../src/pane/terminal.js';
import { fakeTerminal, screenOf } from './fake-terminal.js';
import type { Readers } from '../../src/system/readings.js';
import { eventually } from '../wait.js';
import { DISABLE_MOUSE, ENABLE_MOUSE } from '../../src/pane/mouse.js';
import { writeBarConfig } from '../support/bar-config.js';
import { childEnv } from '../support/child-env.js';

const readers = {
  cpu: async () => ({ percent: 42 }),
  memory: async () => ({ totalBytes: 100, usedBytes: 30 }),
  network: async () => ({ interfaces: [] }),
  disks: async () => ({ disks: [] }),
  battery: async () => ({ batteries: [] }),
  update: async () => ({}),
} satisfies Readers;

describe('FrameWriter', () => {
  it('positions every row absolutely (no newline ever), rewrites only changed rows, and skips repeats', () => {
    const out: string[] = [];
    const w = new FrameWriter({ write: (t) => void out.push(t) });
    w.start();
    expect(w.draw(['ab', 'cd'])).toBe(true);
    expect(w.draw(['ab', 'cd'])).toBe(false);
    expect(w.draw(['ab', 'ce'])).toBe(true);
    w.stop();
    expect(out).toEqual([
      '\x1b[?1049h\x1b[?25l\x1b[?7l',
      '\x1b[1;1H\x1b[0m\x1b[Kab\x1b[0m\x1b[2;1H\x1b[0m\x1b[Kcd\x1b[0m',
      '\x1b[2;1H\x1b[0m\x1b[Kce\x1b[0m',
      '\x1b[?7h\x1b[?25h\x1b[?1049l',
    ]);
    expect(out.join('')).not.toContain('\n');
    expect(w.stats).toEqual({ frames: 2, bytes: Buffer.byteLength(out[1] ?? '') + Buffer.byteLength(out[2] ?? '') });
  });
});

/** What a terminal would show after the writes so far: each row's plain text. */
describe('tilebar run (in process, fake terminal)', () => {
  it('draws the bar, redraws at the new width on resize, and quits on q restoring the screen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-run-'));
    await writeBarConfig(dir, { left_widgets: [{ Cpu: { enable: true, label_prefix: 'Text' } }], right_widgets: [{ Memory: { enable: true, label_prefix: 'Text' } }] });
    const t = fakeTerminal(40, 1);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: { HOME: dir, TZ: 'UTC' }, cwd: dir, isTTY: true, platform: 'linux' };
    const done = runCommand({ config: 'bar.json', color: 'none', log: join(dir, 'log') }, io, { terminal: t.terminal, readers });
    const frames = () => [screenOf(t.written)[0]];
    await eventually(() => expect(frames().at(-1)).toBe(` CPU: 42%${' '.repeat(22)}RAM: 30%`));
    t.size.columns = 30;
    t.resize();
    await eventually(() => expect(frames().at(-1)).toBe(` CPU: 42%${' '.repeat(12)}RAM: 30%`));
    t.press('q');
    expect(await done).toBe(0);
    expect(t.written[0]).toBe('\x1b[?1049h\x1b[?25l\x1b[?7l');
    expect(t.written.at(-1)).toBe('\x1b[?7h\x1b[?25h\x1b[?1049l');
  });
});

describe('tilebar run with a window manager (in process, fake terminal, real Unix socket)', () => {
  it('shows workspaces, sends a click’s batch, runs a mouse binding and launches an application', async () => {
    const { FakeWindowManager, stateDoc } = await import('../tiler/fake-wm.js');
    const { existsSync } = await import('node:fs');
    const dir = await mkdtemp(join(tmpdir(), 'tb-'));
    const wm = new FakeWindowManager(dir);
    await wm.start();
    const marker = join(dir, 'launched');
    await writeBarConfig(dir, {
      left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }],
      right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Touch', command: `touch "${marker}"` }] } }],
      mouse: { on_middle_click: { message: { type: 'CycleFocusWorkspace', content: 'Previous' } } },
    });
    const t = fakeTerminal(40, 1);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: true, platform: 'linux' };
    const done = runCommand({ config: 'bar.json', color: 'none', log: join(dir, 'log'), tilerSocketDir: dir }, io, { terminal: t.terminal, readers });
    const frames = () => [screenOf(t.written)[0]];
    try {
      await eventually(() => expect(wm.received.length).toBeGreaterThan(0));
      const name = ((wm.received[0]?.[0] as { content: [string] }).content[0]);
      const doc = stateDoc({ workspaces: [{ name: 'one' }, { name: 'two' }], focused: 0 });
      // Also the answer to the subscription, which may arrive after this notification.
      wm.state = doc.state;
      await wm.notify(name, doc);
      await eventually(() => expect(frames().at(-1)).toMatch(/^ one two +Touch *$/));
      // Clicks, moves with no button held (hover) and SGR reports.
      expect(ENABLE_MOUSE).toBe('\x1b[?1000h\x1b[?1003h\x1b[?1006h');
      expect(t.written).toContain(ENABLE_MOUSE);

      const x = (frames().at(-1) ?? '').indexOf('two');
      t.press(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);
      await eventually(() =>
        expect(wm.received.at(-1)).toEqual([
          { type: 'MouseFollowsFocus', content: false },
          { type: 'FocusMonitorWorkspaceNumber', content: [0, 1] },
          { type: 'MouseFollowsFocus', content: true },
        ]),
      );

      t.press('\x1b[<1;5;1M');
      await eventually(() =>
        expect(wm.received.at(-1)).toEqual([
          { type: 'FocusMonitorAtCursor' },
          { type: 'MouseFollowsFocus', content: false },
          { type: 'CycleFocusWorkspace', content: 'Previous' },
          { type: 'MouseFollowsFocus', content: true },
        ]),
      );

      t.press('1');
      await eventually(() => expect(existsSync(marker)).toBe(true));
    } finally {
      t.press('q');
      await done;
      await wm.stop();
    }
    expect(t.written.at(-2)).toBe(DISABLE_MOUSE);
  });
});

describe('tilebar run on Linux without any window manager (in process, fake terminal)', () => {
  it('the bar says "no window manager" once, in its first Tiler widget, not in each; the log says where tilebar looked; clicks are logged, not sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-nowm-'));
    await writeBarConfig(dir, {
      left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false }, layout: { enable: true }, locked_container: { enable: true } } }],
      center_widgets: [{ Komorebi: { focused_container: { enable: true } } }],
      right_widgets: [],
      mouse: { on_middle_click: { message: { type: 'TogglePause' } } },
    });
    const t = fakeTerminal(60, 1);
    const logs: string[] = [];
    const io: CliIo = { out: () => undefined, err: () => undefined, env: { HOME: dir, TZ: 'UTC', XDG_RUNTIME_DIR: dir }, cwd: dir, isTTY: true, platform: 'linux' };
    const done = runCommand({ config: 'bar.json', color: 'none' }, io, { terminal: t.terminal, readers, log: (m) => void logs.push(m) });
    const row = () => screenOf(t.written)[0] ?? '';
    try {
      await eventually(() => expect(row().trimEnd()).toBe(' no window manager'));
      // Never said, not even in a first frame before the manager was looked for.
      expect(t.written).not.toContain('not connected');
      expect(logs).toContain(`window manager: none (no window manager found; looked for SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, a komorebi socket in ${join(dir, 'komorebi')}); the Tiler widgets say "no window manager"`);
      t.press('\x1b[<1;5;1M');
      await eventually(() => expect(logs).toContain('window manager: FocusMonitorAtCursor, TogglePause not sent: no window manager'));
    } finally {
      t.press('q');
      await done;
    }
  });
});
