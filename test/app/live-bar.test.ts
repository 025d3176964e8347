/**
 * The live core on its own (src/app/live-bar.ts), with no front end but the view one would open: a temp config
 * file, fake timers, fake readers and a fake window-manager peer (live-bar-harness.ts). What is asserted is what
 * any front end would show: its view's snapshot (the config's model and its one-line message, each source's
 * reading or error, the clock's instant, the window manager's state) and what the actions reach (the manager's
 * messages, a launched command). Several views over one core: views.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BarAction } from '../../src/app/live-bar.js';
import type { BarSnapshot } from '../../src/app/store.js';
import { feedView } from '../../src/feeds/blocks.js';
import type { TilerState } from '../../src/tiler/state.js';
import { saveConfig, writeBarConfig } from '../support/bar-config.js';
import { cpuReading, startBar } from './live-bar-harness.js';

const cpu = { Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 2 } };
const time = { Time: { enable: true, format: 'TwentyFourHour' } };
const workspaces = { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } };
const BAR = { left_widgets: [workspaces], right_widgets: [cpu, time] };

/** A window manager's state: one monitor with the workspaces named. */
const tilerState = (names: readonly string[], focused = 0): TilerState => ({
  monitorIndex: 0,
  workspaces: names.map((name, index) => ({ index, name, focused: index === focused, empty: false, focusedWindows: [], allWindows: [], id: index + 1 })),
  focusedWorkspace: focused,
  layout: 'BSP',
  layer: 'Tiling',
  manager: 'hyprland',
});

const kinds = (s: BarSnapshot) => [...s.model.left, ...s.model.center, ...s.model.right].map((w) => w.kind);

describe('LiveBar: the config file', () => {
  it('a save is followed: the new widgets reach the snapshot', async () => {
    const b = await startBar({ config: BAR });
    expect(kinds(b.snap())).toEqual(['Tiler', 'Cpu', 'Time']);
    await saveConfig(b.file, { left_widgets: [], right_widgets: [time] });
    await b.until((s) => kinds(s).join() === 'Time', 'the saved config (Time alone) in the snapshot');
    expect(b.snap().message).toBeUndefined();
  });

  it('a bad save keeps the last good config and says what is wrong, located; the next good save clears it', async () => {
    const b = await startBar({ config: BAR });
    await saveConfig(b.file, { left_widgets: [], right_widgets: [{ Cpu: { enable: true, data_refresh_interval: 'often' } }] });
    await b.until((s) => s.message !== undefined, 'a message about the bad save');
    expect(kinds(b.snap())).toEqual(['Tiler', 'Cpu', 'Time']);
    expect(b.snap().message).toMatch(/bar\.json/);
    expect(b.log.join('\n')).toMatch(/bar\.json:\d+:\d+: error: .*data_refresh_interval/);
    await saveConfig(b.file, { left_widgets: [], right_widgets: [time] });
    await b.until((s) => s.message === undefined && kinds(s).join() === 'Time', 'the good save taken and the message gone');
  });

  it('a config file that does not exist yet: an empty bar that says so, then the file once it appears', async () => {
    const b = await startBar();
    expect(kinds(b.snap())).toEqual([]);
    expect(b.snap().message).toBeDefined();
    await writeBarConfig(b.dir, { left_widgets: [], right_widgets: [time] });
    await b.until((s) => kinds(s).join() === 'Time' && s.message === undefined, 'the file that appeared, read');
  });
});

describe('LiveBar: lasting conditions of its sources (issue 43)', () => {
  const media = { Media: { enable: true, display: 'IconAndControls' } };
  const keyboard = (refresh: number) => ({ Keyboard: { enable: true, data_refresh_interval: refresh, label_prefix: 'Text' } });
  const lines = (log: readonly string[], start: string) => log.filter((l) => l.startsWith(start));

  it('a bar reloaded 5 times says no keyboard layout source and no session bus once each', async () => {
    // No session bus in the harness's environment, and no keyboard layout source: no session, no system files.
    const b = await startBar({ config: { left_widgets: [media], right_widgets: [keyboard(1), time] }, exists: () => false });
    await b.until(() => lines(b.log, 'media: ').length > 0, 'the media source started');
    // Edits as a user makes them: the keyboard's interval changed, the media widget taken out and put back.
    for (let i = 2; i <= 6; i++) {
      const left = i % 2 === 0 ? [] : [media];
      await saveConfig(b.file, { left_widgets: left, right_widgets: [keyboard(i), time] });
      await b.until((s) => s.model.left.length === left.length && s.model.right.some((w) => w.kind === 'Keyboard' && w.config.data_refresh_interval === i), `reload ${i - 1}`);
    }
    expect(lines(b.log, 'config ')).toHaveLength(6);
    const said = (start: string) => lines(b.log, start).map((l) => l.slice(0, 40));
    expect({ keyboard: said('keyboard: '), media: said('media: ') }).toEqual({
      keyboard: ['keyboard: no keyboard layout source in this session'.slice(0, 40)],
      media: ['media: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS'.slice(0, 40)],
    });
  });

  it('a change of condition is said: a keyboard layout source that appears, and one that goes again', async () => {
    let files = new Set<string>();
    const b = await startBar({ config: { left_widgets: [], right_widgets: [keyboard(1), time] }, exists: (path) => files.has(path) });
    await b.until(() => lines(b.log, 'keyboard: ').length === 1, 'the keyboard condition said');
    files = new Set(['/etc/vconsole.conf']);
    await saveConfig(b.file, { left_widgets: [], right_widgets: [keyboard(2), time] });
    await b.until(() => lines(b.log, 'keyboard: ').length === 2, 'the new keyboard condition said');
    files = new Set();
    await saveConfig(b.file, { left_widgets: [], right_widgets: [keyboard(3), time] });
    await b.until(() => lines(b.log, 'keyboard: ').length === 3, 'the keyboard condition said again');
    expect(lines(b.log, 'keyboard: ')).toEqual([
      expect.stringMatching(/^keyboard: no keyboard layout source/),
      'keyboard: the system keyboard layout (/etc/vconsole.conf), polled',
      expect.stringMatching(/^keyboard: no keyboard layout source/),
    ]);
  });
});

describe('LiveBar: refresh asked for (SIGUSR1)', () => {
  it('refresh reads every source again at once', async () => {
    let reads = 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => ({ percent: ++reads }) } });
    await b.until((s) => cpuReading(s) === 1, 'the first reading');
    b.bar.refresh();
    await b.timers.advance(0);
    expect(reads).toBe(2);
  });
});

describe('LiveBar: sources and the clock', () => {
  it("each reading reaches the snapshot at its source's interval", async () => {
    const reads: number[] = [];
    let percent = 10;
    let now = () => 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => (reads.push(now()), { percent }) } });
    now = b.timers.now;
    await b.until((s) => cpuReading(s) === 10, 'the first CPU reading');
    percent = 55;
    await b.until((s) => cpuReading(s) === 55, 'the next CPU reading');
    // data_refresh_interval: 2 (seconds): one read at start, then one every 2 s, no more.
    const gaps = reads.slice(1).map((t, i) => t - (reads[i] ?? 0));
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBe(2000);
  });

  it('a failing reader keeps the last good reading and says why', async () => {
    let fail = false;
    const b = await startBar({ config: BAR, readers: { cpu: async () => {
      if (fail) throw new Error('the sensor went away');
      return { percent: 42 };
    } } });
    await b.until((s) => cpuReading(s) === 42, 'the CPU reading');
    fail = true;
    await b.until((s) => s.statuses.cpu?.error !== undefined, 'the reader’s failure in the snapshot');
    expect(cpuReading(b.snap())).toBe(42);
    expect(b.snap().statuses.cpu?.error).toMatch(/the sensor went away; retrying in \d+ s/);
  });

  it('the clock ticks: the instant shown moves on each second', async () => {
    const b = await startBar({ config: { left_widgets: [], right_widgets: [time] } });
    await b.until(() => true, 'the first frame');
    const seen = new Set<number>();
    for (let i = 0; i < 3; i++) {
      await b.timers.advance(1000);
      seen.add(Math.floor(b.snap().epochMs / 1000));
    }
    expect(seen.size).toBe(3);
  });

  it('paused, no source is read; resumed, every source is read at once and polling goes on', async () => {
    let reads = 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => ({ percent: ++reads }) } });
    await b.until((s) => cpuReading(s) === 1, 'the first reading');
    b.bar.pause();
    const before = reads;
    await b.timers.advance(60_000);
    expect(reads).toBe(before);
    b.bar.resume();
    await b.timers.advance(0);
    expect(reads).toBe(before + 1);
    await b.until((s) => cpuReading(s) === before + 2, 'polling going on after resume');
  });
});

describe('LiveBar: the window manager', () => {
  it("the manager's states reach the snapshot; its going shows as not connected", async () => {
    const b = await startBar({ config: BAR });
    await b.until(() => b.peer.events !== undefined, 'the window manager subscribed');
    b.peer.show(tilerState(['one', 'two']));
    await b.until((s) => s.tiler?.workspaces.length === 2, 'the workspaces in the snapshot');
    expect(b.snap().tiler?.workspaces.map((w) => w.name)).toEqual(['one', 'two']);
    b.peer.events?.connection(false);
    await b.until((s) => s.tiler === undefined && s.tilerDown === true, 'not connected');
    expect(b.log.join('\n')).toMatch(/hyprland: not connected; trying again/);
  });

  it('no window manager: the snapshot says so, and nothing is subscribed', async () => {
    const b = await startBar({ config: BAR, tiler: 'none' });
    await b.until((s) => s.noTiler === true, 'no window manager');
    expect(b.peer.events).toBeUndefined();
  });
});

describe('LiveBar: actions', () => {
  it("a workspace's click, as a front end gets it from the view, sends its message to the manager", async () => {
    const b = await startBar({ config: BAR });
    await b.until(() => b.peer.events !== undefined, 'the window manager subscribed');
    b.peer.show(tilerState(['one', 'two']));
    await b.until((s) => s.tiler !== undefined, 'the workspaces in the snapshot');
    const view = feedView(b.snap(), 'test', { exists: () => false, resolvePath: (p) => p });
    const two = view.blocks.find((block) => block.runs.some((r) => r.text.includes('two')) && block.action?.kind === 'messages');
    expect(two?.action).toBeDefined();
    b.bar.act(two?.action as BarAction);
    await b.until(() => b.peer.sent.length > 0, 'a message sent to the manager');
    expect(b.peer.sent[0]?.map((m) => m.type)).toEqual(expect.arrayContaining([expect.stringMatching(/Workspace/)]));
  });

  it("a mouse binding's message goes to the manager", async () => {
    const b = await startBar({ config: { ...BAR, mouse: { on_middle_click: { message: { type: 'CycleFocusWorkspace', content: 'Previous' } } } } });
    await b.until(() => b.peer.events !== undefined, 'the window manager subscribed');
    b.peer.show(tilerState(['one', 'two']));
    b.bar.bind('on_middle_click', undefined);
    await b.until(() => b.peer.sent.length > 0, 'the binding sent to the manager');
    expect(b.peer.sent.flat().map((m) => m.type)).toContain('CycleFocusWorkspace');
  });

  it("a widget's command is started, in the bar's directory", async () => {
    const b = await startBar({ config: BAR });
    b.bar.act({ kind: 'launch', id: 'test', command: 'touch launched' });
    await b.until(() => existsSync(join(b.dir, 'launched')), 'the command run (the file it touches)');
  });
});
