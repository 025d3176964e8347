/**
 * A window manager defined in this test alone — `river`, found by `RIVER_SOCKET`, its state given by the test and
 * its commands recorded — passed to the command line and the live core as a list value, as
 * test/widgets/extra-kind.test.tsx passes a widget kind: seen among `--tiler`'s choices and in the help, found by
 * detection, checked by `check` (its clicks with no equivalent warned of), and driving the Tiler widget of a feed
 * end to end in process, a click on a workspace reaching it as its own command (issue 34).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { lazyCommands } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/program.js';
import { detectManager } from '../../src/tiler/detect.js';
import { contentOf, translateEach, type Translator } from '../../src/tiler/manager.js';
import { BUILTIN_MANAGERS, type WindowManager } from '../../src/tiler/managers.js';
import type { TilerState, TilerWindow } from '../../src/tiler/state.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { eventually } from '../wait.js';

/** river's commands for the bar's messages: focusing a workspace (a tag) only; nothing else has an equivalent. */
const riverCommands: Translator<string> = (messages) =>
  translateEach(messages, (m) => {
    const content = contentOf(m);
    return m.type === 'FocusMonitorWorkspaceNumber' && Array.isArray(content) ? `set-focused-tags ${2 ** Number(content[1])}` : { unsupported: `${m.type} (river has no such command)` };
  });

const window: TilerWindow = { title: 'editor', app: 'foot', id: 1 };
const STATE: TilerState = {
  monitorIndex: 0,
  workspaces: ['one', 'two', 'three'].map((name, index) => ({ index, name, id: index + 1, focused: index === 0, empty: false, focusedWindows: [window], allWindows: [window] })),
  focusedWorkspace: 0,
  layout: 'Columns',
  layer: 'Tiling',
  container: { windows: [window], focusedIndex: 0, locked: false },
  manager: 'river',
};

/** What the river source was asked to carry out. */
let sent: string[] = [];

const river: WindowManager = {
  name: 'river',
  detection: [{ order: 25, clue: 'RIVER_SOCKET', looked: () => 'RIVER_SOCKET', found: (input) => (input.env.RIVER_SOCKET ? 'RIVER_SOCKET is set' : undefined) }],
  features: { containerLocks: false, configurationSwitch: false },
  translator: async () => ({ name: 'river', translate: riverCommands }),
  async start(_ctx, events) {
    events.connection(true);
    events.snapshot((monitor) => ({ ok: true, state: { ...STATE, monitorIndex: monitor } }));
    return {
      manager: 'river',
      where: 'the test',
      async send(messages, state) {
        sent.push(...riverCommands(messages, state).commands);
      },
      async close() {},
    };
  },
};
const managers = [...BUILTIN_MANAGERS, river];

const TILER = { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, layout: { enable: true, display: 'Text' } } };

async function withConfig<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-river-'));
  try {
    await writeFile(join(dir, 'bar.json'), JSON.stringify({ left_widgets: [TILER], right_widgets: [{ Cpu: { enable: false } }] }));
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), env: { HOME: '/nonexistent-home', ...env }, cwd, isTTY: false, platform: 'linux' };
  const code = await runCli(argv, io, lazyCommands, { managers });
  return { code, out, err };
}

describe('a window manager defined in a test alone', () => {
  it('is among --tiler’s choices and in the help of run, feed and check', async () => {
    for (const command of ['run', 'feed', 'check']) {
      const help = (await cli([command, '--help'], {}, process.cwd())).out.replace(/\s+/g, ' ');
      expect(help).toMatch(/komorebi, i3, sway, hyprland, river or none/);
      expect(help).toMatch(/choices: "komorebi", "i3", "sway", "hyprland", "river", "none"/);
      expect(help).toMatch(/detected from SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, RIVER_SOCKET, a komorebi socket/);
    }
  });

  it('is found by detection where its session says so, and named among what was looked for where not', async () => {
    const input = { platform: 'linux' as const, exists: () => false, komorebiDir: '/nonexistent/komorebi', managers };
    expect(await detectManager({ ...input, env: { RIVER_SOCKET: '/run/river' } })).toEqual({ manager: 'river', why: 'RIVER_SOCKET is set' });
    // Its order puts it after Hyprland's variable and before komorebi's socket.
    expect(await detectManager({ ...input, env: { RIVER_SOCKET: '/run/river', HYPRLAND_INSTANCE_SIGNATURE: 'x' } })).toMatchObject({ manager: 'hyprland' });
    expect((await detectManager({ ...input, env: {} })).why).toBe('no window manager found; looked for SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, RIVER_SOCKET, a komorebi socket in /nonexistent/komorebi');
  });

  it('is what `check` finds here, and its clicks with no equivalent are warned of at their place', async () => {
    await withConfig(async (dir) => {
      const r = await cli(['check', 'bar.json'], { RIVER_SOCKET: '/run/river' }, dir);
      expect(r.out).toMatch(/window manager here: river \(RIVER_SOCKET is set\)/);
      expect(r.out).toMatch(/^bar\.json:1:19: warning: left_widgets\[0\]\.Komorebi: on river: Tiler layout: a click sends WorkspaceLayout \(river has no such command\); it does nothing there$/m);
      expect(r.out).not.toMatch(/FocusMonitorWorkspaceNumber/);
    });
  });

  it('drives the Tiler widget of a feed end to end, and a click on a workspace reaches it as its own command', async () => {
    await withConfig(async (dir) => {
      sent = [];
      const { out, written } = collectingWritable();
      const input = new PassThrough();
      const stop = new AbortController();
      const io: CliIo = { out: () => undefined, err: () => undefined, env: { HOME: dir, TZ: 'UTC', RIVER_SOCKET: '/run/river' }, cwd: dir, isTTY: false, platform: 'linux' };
      const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: input, stop: stop.signal, log: () => undefined, managers });
      try {
        await eventually(() => expect(written()).toMatch(/"full_text":"two ?"/));
        const line = JSON.parse(written().trim().split('\n').pop()!.replace(/^,/, '')) as Array<{ name: string; instance: string; full_text: string }>;
        const two = line.find((b) => b.full_text.trim() === 'two')!;
        input.write('[\n');
        input.write(`${JSON.stringify({ name: two.name, instance: two.instance, button: 1 })}\n`);
        await eventually(() => expect(sent).toEqual(['set-focused-tags 2']));
      } finally {
        stop.abort();
        expect(await done).toBe(0);
      }
    });
  });
});
