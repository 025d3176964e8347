/**
 * One live core, several front ends in one process (issue 34): each front end opens its own view of the core
 * (`LiveBar.openView`) with its own monitor, look and size, and all of them read the same samples — one reader
 * call per interval, however many views. What is asserted is what each front end would show: the workspaces of
 * its monitor, the CPU reading, its frame's size and icons, and what its clicks reach.
 */
import { describe, expect, it } from 'vitest';
import type { BarAction } from '../../src/app/live-bar.js';
import type { BarSnapshot } from '../../src/app/store.js';
import { feedView } from '../../src/feeds/blocks.js';
import { startLineFeed } from '../../src/feeds/line-feed.js';
import { startBarView } from '../../src/pane/start-view.js';
import { FrameWriter } from '../../src/pane/terminal.js';
import { rowText } from '../../src/render/rows.js';
import { tilerStateFrom, type TilerState } from '../../src/tiler/state.js';
import { hyprlandCommands } from '../../src/tiler/translate-hyprland.js';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { barStateOf } from '../../src/view/bar-state.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { fakeTerminal, screenOf } from '../render/fake-terminal.js';
import { stateDoc } from '../tiler/fake-wm.js';
import { eventually } from '../wait.js';
import { saveConfig } from '../support/bar-config.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { asciiLook, cpuReading, startBar } from './live-bar-harness.js';

const cpu = { Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 2 } };
const workspaces = { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } };
const BAR = { left_widgets: [workspaces], right_widgets: [cpu] };
const options = { exists: () => false, resolvePath: (p: string) => p };

/** komorebi's state document with two monitors: 0 has mail and web, 1 has code, logs and music. */
function twoMonitors(): unknown {
  const first = stateDoc({ workspaces: [{ name: 'mail' }, { name: 'web' }], focused: 0 });
  const second = stateDoc({ workspaces: [{ name: 'code' }, { name: 'logs' }, { name: 'music' }], focused: 1 });
  const monitorOf = (doc: typeof first) => doc.state.monitors.elements[0];
  return { ...first, state: { ...first.state, monitors: { elements: [monitorOf(first), monitorOf(second)], focused: 0 }, monitor_usr_idx_map: { 0: 0, 1: 1 } } };
}

const names = (s: BarSnapshot) => s.tiler?.workspaces.map((w) => w.name);
const text = (s: BarSnapshot) => feedView(s, 'test', options).blocks.flatMap((b) => b.runs.map((r) => r.text)).join(' ');
const unicodeLook = (model: BarSnapshot['model']) => appearanceOf(model, { widgets: BUILTIN_WIDGETS, icons: 'unicode' });

/** Waits for the bar to subscribe to its (fake) window manager, then has it send the two monitors' state. */
async function answerWithTwoMonitors(b: Awaited<ReturnType<typeof startBar>>): Promise<void> {
  await b.until(() => b.peer.events !== undefined, 'the window manager subscribed');
  const doc = twoMonitors();
  b.peer.answer((monitor) => tilerStateFrom(doc, monitor));
}

describe('one core, several views', () => {
  it("two monitors' views each show their own monitor's workspaces, from the same state of the manager", async () => {
    const b = await startBar({ config: BAR, tiler: 'komorebi' });
    const second = b.bar.openView({ monitor: 1, appearance: asciiLook, size: { width: 120, height: 1 } });
    await answerWithTwoMonitors(b);
    await b.until((s) => s.tiler !== undefined && second.getSnapshot().tiler !== undefined, 'both views showing workspaces');
    expect(names(b.snap())).toEqual(['mail', 'web']);
    expect(names(second.getSnapshot())).toEqual(['code', 'logs', 'music']);
    expect(text(second.getSnapshot())).toMatch(/code.*logs.*music/);
    expect(text(b.snap())).not.toMatch(/code/);
  });

  it('a view of a monitor the manager does not have says not connected, and the others go on', async () => {
    const b = await startBar({ config: BAR, tiler: 'komorebi' });
    const third = b.bar.openView({ monitor: 2, appearance: asciiLook, size: { width: 120, height: 1 } });
    await answerWithTwoMonitors(b);
    await b.until((s) => s.tiler !== undefined, 'the first view showing workspaces');
    expect(third.getSnapshot().tiler).toBeUndefined();
    expect(third.getSnapshot().tilerDown).toBe(true);
    expect(b.log.join('\n')).toMatch(/window manager: monitor 2 is not connected/);
  });

  it('a reload that names another monitor moves the default view to its workspaces', async () => {
    const b = await startBar({ config: BAR, tiler: 'komorebi' });
    await answerWithTwoMonitors(b);
    await b.until((s) => names(s)?.join() === 'mail,web', "monitor 0's workspaces");
    await saveConfig(b.file, { ...BAR, monitor: 1 });
    await b.until((s) => names(s)?.join() === 'code,logs,music', "monitor 1's workspaces after the reload");
  });

  it('every view sees the same CPU sample, read once per interval however many views there are', async () => {
    const reads: number[] = [];
    let percent = 0;
    let now = () => 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => (reads.push(now()), { percent: (percent += 7) }) } });
    now = b.timers.now;
    const second = b.bar.openView({ monitor: 1, appearance: unicodeLook, size: { width: 80, height: 3 } });
    await b.until((s) => (cpuReading(s) ?? 0) >= 21, 'three CPU readings');
    expect(cpuReading(second.getSnapshot())).toBe(cpuReading(b.snap()));
    expect(reads).toHaveLength(3);
    // data_refresh_interval: 2 (seconds): one read at start, then one every 2 s, for both views together.
    expect(reads.slice(1).map((t, i) => t - (reads[i] ?? 0))).toEqual([2000, 2000]);
  });

  it('each view has its own size and look; a resize of one leaves the other as it was', async () => {
    const b = await startBar({ config: BAR });
    const second = b.bar.openView({ appearance: unicodeLook, size: { width: 80, height: 3 } });
    await b.until((s) => s.tiler === undefined, 'the first frame');
    const frame = (s: BarSnapshot) => layoutFor(s.model, s.look, barStateOf(s, options, false), s.size, 'test', s.message).rows.map(rowText);
    expect(b.snap().size).toEqual({ width: 160, height: 1 });
    expect(second.getSnapshot().size).toEqual({ width: 80, height: 3 });
    expect(b.snap().look.icons).toBe('ascii');
    expect(second.getSnapshot().look.icons).toBe('unicode');
    expect(frame(second.getSnapshot()).map((row) => row.length)).toEqual([80, 80, 80]);
    second.resize({ width: 100, height: 2 });
    expect(frame(second.getSnapshot()).map((row) => row.length)).toEqual([100, 100]);
    expect(frame(b.snap()).map((row) => row.length)).toEqual([160]);
    // Until something it shows changes, a view hands out the same snapshot (what useSyncExternalStore needs).
    expect(second.getSnapshot()).toBe(second.getSnapshot());
  });

  it('closing one view leaves the others updating', async () => {
    let percent = 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => ({ percent: (percent += 7) }) } });
    const leaving = b.bar.openView({ appearance: asciiLook, size: { width: 80, height: 1 } });
    let leavingHeard = 0;
    let stayingHeard = 0;
    leaving.subscribe(() => leavingHeard++);
    b.view.subscribe(() => stayingHeard++);
    await b.until((s) => cpuReading(s) === 7, 'the first reading');
    leaving.close();
    const [leavingBefore, stayingBefore] = [leavingHeard, stayingHeard];
    await b.until((s) => cpuReading(s) === 21, 'readings after the other view closed');
    expect(leavingHeard).toBe(leavingBefore);
    // The view that stays is told of each new reading, as a front end drawing it must be.
    expect(stayingHeard).toBeGreaterThanOrEqual(stayingBefore + 2);
  });

  it("a workspace clicked, or a binding used, in the second monitor's view reaches the manager as that monitor's workspace", async () => {
    const b = await startBar({ config: { ...BAR, mouse: { on_middle_click: { message: { type: 'FocusWorkspaceNumber', content: 0 } } } } });
    const second = b.bar.openView({ monitor: 1, appearance: asciiLook, size: { width: 120, height: 1 } });
    await b.until(() => b.peer.events !== undefined, 'the window manager subscribed');
    const monitors: TilerState[] = [
      { monitorIndex: 0, workspaces: [{ index: 0, name: 'mail', focused: true, empty: false, focusedWindows: [], allWindows: [], id: 1 }], focusedWorkspace: 0, layout: 'BSP', layer: 'Tiling', manager: 'hyprland' },
      {
        monitorIndex: 1,
        workspaces: ['code', 'logs'].map((name, index) => ({ index, name, focused: index === 0, empty: false, focusedWindows: [], allWindows: [], id: 11 + index })),
        focusedWorkspace: 0,
        layout: 'BSP',
        layer: 'Tiling',
        manager: 'hyprland',
      },
    ];
    b.peer.answer((monitor) => {
      const state = monitors[monitor];
      return state ? { ok: true, state } : { ok: false, problem: `no monitor ${monitor}` };
    });
    await b.until(() => second.getSnapshot().tiler !== undefined, "the second monitor's workspaces");
    const logs = feedView(second.getSnapshot(), 'test', options).blocks.find((block) => block.runs.some((r) => r.text.includes('logs')) && block.action?.kind === 'messages');
    expect(logs?.action).toBeDefined();
    second.act(logs?.action as BarAction);
    await b.until(() => b.peer.sent.length > 0, 'the click sent to the manager');
    // Hyprland's own translation of what was sent, with the state it was sent with: workspace 12 is "logs".
    const sent = hyprlandCommands('classic')(b.peer.sent[0] ?? [], b.peer.sentWith[0]);
    expect(sent.commands).toEqual(['dispatch workspace 12']);
    // The middle click's binding, on the second monitor's bar: its first workspace is "code" (11), not "mail" (1).
    second.bind('on_middle_click', undefined);
    await b.until(() => b.peer.sent.length > 1, 'the binding sent to the manager');
    expect(hyprlandCommands('classic')(b.peer.sent[1] ?? [], b.peer.sentWith[1]).commands).toEqual(['dispatch workspace 11']);
  });

  it('a feed and a pane over one core read the same samples', async () => {
    let percent = 0;
    const b = await startBar({ config: BAR, readers: { cpu: async () => ({ percent: (percent += 7) }) } });
    // The pane is the harness's view (160×1); a feed's is as wide as a host's line and draws blocks.
    const feed = b.bar.openView({ appearance: unicodeLook, size: { width: 1000, height: 1 } });
    const feedSaw: string[] = [];
    const paneSaw: string[] = [];
    const sample = (s: BarSnapshot) => `${s.epochMs} cpu=${cpuReading(s) ?? '-'}`;
    feed.subscribe(() => {
      const s = feed.getSnapshot();
      expect(text(s)).toContain(`${cpuReading(s) ?? ''}`);
      feedSaw.push(sample(s));
    });
    b.view.subscribe(() => paneSaw.push(sample(b.view.getSnapshot())));
    await b.until((s) => (cpuReading(s) ?? 0) >= 21, 'three CPU readings');
    expect(feedSaw.length).toBeGreaterThan(2);
    expect(paneSaw).toEqual(feedSaw);
  });

  it("a pane on monitor 0 and a host's line feed on monitor 1, over one core: each shows its monitor's workspaces and the same CPU reading", async () => {
    let percent = 0;
    const b = await startBar({ config: BAR, tiler: 'komorebi', readers: { cpu: async () => ({ percent: (percent += 7) }) } });
    // The pane: the direct renderer on a terminal, over the harness's view (the model's monitor, 0).
    const t = fakeTerminal(160, 1);
    const writer = new FrameWriter(t.terminal);
    writer.start();
    const fail = (e: unknown) => {
      throw e instanceof Error ? e : new Error(String(e));
    };
    const pane = await startBarView(
      'direct',
      { store: b.view, writer, terminal: t.terminal, depth: 'none', version: 'test', tilerOptions: options, onAction: b.view.act, onBinding: b.view.bind, onQuit: () => undefined, onDrawError: fail, now: b.timers.now },
      fail,
    );
    // The feed: a host's line of plain text, over a view of monitor 1.
    const hostView = b.bar.openView({ monitor: 1, appearance: asciiLook, size: { width: 1000, height: 1 } });
    const { out, lines } = collectingWritable();
    const feed = startLineFeed({ store: hostView, out, version: 'test', tilerOptions: options, format: (blocks) => blocks.map((block) => block.runs.map((r) => r.text).join('')).join(' ') });
    try {
      await answerWithTwoMonitors(b);
      await b.until((s) => (cpuReading(s) ?? 0) >= 21 && s.tiler !== undefined, 'three CPU readings and the workspaces');
      const paneRow = () => screenOf(t.written)[0] ?? '';
      await eventually(() => {
        expect(paneRow()).toMatch(/mail.*web.*21%/);
        expect(lines().at(-1)).toMatch(/code.*logs.*music.*21%/);
      });
      expect(paneRow()).not.toMatch(/code/);
      expect(lines().at(-1)).not.toMatch(/mail/);
    } finally {
      feed.stop();
      hostView.close();
      await pane.stop();
      writer.stop();
    }
  });
});
