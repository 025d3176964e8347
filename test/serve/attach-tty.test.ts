/**
 * The user's core with real front ends (issue 44): two `run` panes in real tmux panes with two configs, a tmux
 * feed and an i3bar feed, all attached to one core that the first of them started — one core process, each
 * source read once per interval for all four (the core counts its reads: `serve --status`), the same sample in
 * each; a front end killed leaves no source read for it; the core killed, the front ends find a new one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/channel/protocol.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { FakeWindowManager, stateDoc } from '../tiler/fake-wm.js';
import { until } from '../wait.js';
import { coresOf } from './core-session.js';

const cleanups = cleanupsAfterEach();

/** Memory every second (its reads are counted), the CPU once a minute (one sample, shown by everyone). */
const widgets = (label: string) => ({
  left_widgets: [{ Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 60 } }],
  right_widgets: [{ Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }, { Time: { enable: true, format: { Custom: `${label} %H:%M:%S` } } }],
});

interface Session {
  dir: string;
  env: Record<string, string>;
  status(): StatusReport | undefined;
  /** The `tilebar serve` processes of this session's user's core (found by their HOME). */
  cores(): number[];
  feed(host: 'tmux' | 'i3bar', config: string, ...more: string[]): { child: ChildProcess; out(): string };
  pane(config: string): Pane;
  log(): string;
}

async function session(): Promise<Session> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-attach-'));
  const home = join(dir, 'home');
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  const env = childEnv({ HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), TZ: 'UTC', TILEBAR_STANDALONE: undefined });
  writeFileSync(join(dir, 'a.json'), JSON.stringify(widgets('A')));
  writeFileSync(join(dir, 'b.json'), JSON.stringify(widgets('B')));
  const children: ChildProcess[] = [];
  const panes: Pane[] = [];
  const s: Session = {
    dir,
    env,
    status() {
      const r = spawnSync(process.execPath, tilebarArgs('serve', '--status', '--json'), { env, encoding: 'utf8' });
      return r.status === 0 ? (JSON.parse(r.stdout) as StatusReport) : undefined;
    },
    log() {
      try {
        return readFileSync(join(home, '.local', 'state', 'tilebar', 'tilebar.log'), 'utf8');
      } catch {
        return '';
      }
    },
    cores: () => coresOf(home),
    feed(host, config, ...more) {
      const child = spawn(process.execPath, tilebarArgs('feed', host, '-c', join(dir, config), ...more), { env, cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      children.push(child);
      return { child, out: () => out };
    },
    pane(config) {
      const pane = openPane(tilebarCommand('run', '-c', join(dir, config)), { width: 160, height: 3, env: { ...env, TILEBAR_STANDALONE: undefined } });
      panes.push(pane);
      return pane;
    },
  };
  cleanups.push(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const p of panes) await p.close();
    for (const pid of s.cores()) process.kill(pid, 'SIGTERM');
    await until(() => s.cores().length === 0, 'the core to end');
    await rm(dir, { recursive: true, force: true });
  });
  return s;
}

const cpuShown = (text: string) => /CPU: ?(\d+)%/.exec(text)?.[1];
/** The text of a tmux feed's newest line, its styles taken out. */
const tmuxText = (out: string) => (out.trimEnd().split('\n').at(-1) ?? '').replace(/#\[[^\]]*\]/g, '');
/** The text of an i3bar feed's newest status line: its blocks' texts, their markup taken out. */
function i3Text(out: string): string {
  const line = out.trimEnd().split('\n').at(-1)?.replace(/^,/, '') ?? '';
  try {
    return (JSON.parse(line) as Array<{ full_text: string }>).map((b) => b.full_text.replace(/<[^>]*>/g, '')).join('');
  } catch {
    return '';
  }
}
const memoryReads = (r: StatusReport | undefined) => r?.sources.find((x) => x.key === 'memory')?.reads ?? 0;

describe.skipIf(!hasTmux)('one core for every front end', () => {
  it('serves two panes and two feeds from one core that reads each source once per interval', async () => {
    const s = await session();
    const a = s.pane('a.json');
    const b = s.pane('b.json');
    const tmuxFeed = s.feed('tmux', 'a.json');
    const i3Feed = s.feed('i3bar', 'b.json');
    await a.waitFor((t) => t.includes("A ") && cpuShown(t) !== undefined);
    await b.waitFor((t) => t.includes("B ") && cpuShown(t) !== undefined);
    await until(() => s.status()?.frontEnds.length === 4, () => `four front ends attached; status: ${JSON.stringify(s.status())}\nlog:\n${s.log()}`);
    expect(s.cores()).toHaveLength(1);
    const report = s.status() as StatusReport;
    expect(report.frontEnds.map((f) => (f.role.kind === 'feed' ? f.role.host : f.role.kind)).sort()).toEqual(['i3bar', 'pane', 'pane', 'tmux']);
    expect(report.bars.map((x) => x.users).sort()).toEqual([2, 2]);
    // Each source once, for all four (two bars of two configs): one memory, one CPU.
    expect(report.sources.map((x) => x.key).sort()).toEqual(['cpu', 'memory']);

    // Memory every second for four front ends: read once a heartbeat of the core (counted by it), not four times.
    const before = { reads: memoryReads(report), beats: report.beats };
    await until(() => memoryReads(s.status()) >= before.reads + 5, 'five more reads of memory');
    const now = s.status() as StatusReport;
    expect(memoryReads(now) - before.reads).toBeLessThanOrEqual(now.beats - before.beats + 1);

    // The CPU's one sample of the minute, the same in every front end.
    await until(() => cpuShown(tmuxText(tmuxFeed.out())) !== undefined && cpuShown(i3Text(i3Feed.out())) !== undefined, () => `both feeds to show the CPU: ${tmuxText(tmuxFeed.out())} | ${i3Text(i3Feed.out())}`);
    const shown = [cpuShown(a.capture()), cpuShown(b.capture()), cpuShown(tmuxText(tmuxFeed.out())), cpuShown(i3Text(i3Feed.out()))];
    expect(new Set(shown).size).toBe(1);
  });

  it('writes each front end’s bar lines to its own --log, as a bar of its own would', async () => {
    const s = await session();
    writeFileSync(join(s.dir, 'broken.json'), '{ "left_widgets": [ ');
    const good = s.feed('tmux', 'a.json', '--log', join(s.dir, 'good.log'));
    const bad = s.feed('tmux', 'broken.json', '--log', join(s.dir, 'bad.log'));
    const read = (name: string) => (existsSync(join(s.dir, name)) ? readFileSync(join(s.dir, name), 'utf8') : '');
    await until(() => /config .*a\.json validated/.test(read('good.log')) && /broken\.json:1:\d+: error/.test(read('bad.log')), () => `each feed's log to have its bar's lines: good: ${read('good.log')}\nbad: ${read('bad.log')}`);
    // Each log has its own bar's lines, not the other's; the core's log has both.
    expect(read('good.log')).not.toMatch(/broken\.json/);
    expect(read('bad.log')).not.toMatch(/a\.json validated/);
    expect(s.log()).toMatch(/a\.json validated/);
    expect(s.log()).toMatch(/broken\.json:1:\d+: error/);
    expect(good.child.exitCode).toBeNull();
    expect(bad.child.exitCode).toBeNull();
  });

  it('lets a killed front end’s sources go, and every front end finds a new core when it is killed', async () => {
    const s = await session();
    const a = s.pane('a.json');
    const feed = s.feed('tmux', 'b.json');
    await a.waitFor((t) => t.includes('A '));
    await until(() => s.status()?.bars.length === 2, 'both bars served');
    feed.child.kill('SIGKILL');
    // The feed's bar (b.json) is released, and after its grace it is closed: one bar left.
    await until(() => s.status()?.bars.length === 1, 'the killed feed’s bar to be closed');
    expect(s.status()?.frontEnds, `${JSON.stringify(s.status())}\n${a.capture()}\n${s.log()}`).toHaveLength(1);

    const [old] = s.cores();
    expect(old).toBeGreaterThan(0);
    process.kill(old as number, 'SIGKILL');
    // The pane keeps its last frame meanwhile, and attaches to a core it starts.
    await until(() => {
      const now = s.cores();
      return now.length === 1 && now[0] !== old && s.status()?.frontEnds.length === 1;
    }, 'the pane to start a new core and attach to it');
    const clock = /A (\d\d:\d\d:\d\d)/;
    const first = clock.exec(a.capture())?.[1];
    await a.waitFor((t) => clock.exec(t)?.[1] !== first);
  });
});

/** A komorebi state with two monitors, each with one workspace of its own name. */
function twoMonitors(names: [string, string]) {
  const one = stateDoc({ workspaces: [{ name: names[0] }], focused: 0 }).state;
  const other = stateDoc({ workspaces: [{ name: names[1] }], focused: 0 }).state;
  return { ...one, monitors: { elements: [one.monitors.elements[0], other.monitors.elements[0]], focused: 0 }, monitor_usr_idx_map: { '0': 0, '1': 1 } };
}

describe.skipIf(!hasTmux || process.platform !== 'linux')('one core for every monitor (komorebi.json)', () => {
  it('shows each monitor its bar from bar_configurations, over one window-manager subscription', async () => {
    const s = await session();
    const data = join(s.dir, 'komorebi');
    mkdirSync(data, { mode: 0o700 });
    const wm = new FakeWindowManager(data);
    wm.state = twoMonitors(['ALPHA', 'BETA']);
    await wm.start();
    cleanups.push(() => wm.stop().catch(() => undefined));
    const bar = (monitor: number) => ({
      monitor,
      left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }],
      right_widgets: [
        { Applications: { enable: true, items: [{ name: `Touch${monitor}`, command: `touch ${join(s.dir, `launched-${monitor}`)}` }] } },
        { Time: { enable: true, format: { Custom: `M${monitor} %H:%M:%S` } } },
      ],
      mouse: { on_middle_click: `touch ${join(s.dir, `middle-${monitor}`)}` },
    });
    writeFileSync(join(s.dir, 'bar0.json'), JSON.stringify(bar(0)));
    writeFileSync(join(s.dir, 'bar1.json'), JSON.stringify(bar(1)));
    writeFileSync(join(s.dir, 'komorebi.json'), JSON.stringify({ bar_configurations: ['$Env:KOMOREBI_CONFIG_HOME/bar0.json', '$Env:KOMOREBI_CONFIG_HOME/bar1.json'] }));
    const env = { ...s.env, KOMOREBI_CONFIG_HOME: s.dir };
    const panes = [0, 1].map((monitor) => openPane(tilebarCommand('run', '--monitor', String(monitor), '--tiler-socket-dir', data), { width: 120, height: 3, env: { ...env, TILEBAR_STANDALONE: undefined } }));
    cleanups.push(async () => {
      for (const p of panes) await p.close();
    });
    const [zero, one] = panes as [Pane, Pane];
    await zero.waitFor((t) => t.includes('M0 ') && t.includes('ALPHA'));
    await one.waitFor((t) => t.includes('M1 ') && t.includes('BETA'));
    expect(zero.capture()).not.toContain('BETA');
    expect(one.capture()).not.toContain('ALPHA');
    const status = (() => {
      const r = spawnSync(process.execPath, tilebarArgs('serve', '--status', '--json'), { env, encoding: 'utf8' });
      return r.status === 0 ? (JSON.parse(r.stdout) as StatusReport) : undefined;
    })();
    expect(status?.frontEnds.map((f) => [f.monitor, f.config.endsWith(`bar${f.monitor}.json`)]).sort()).toEqual([
      [0, true],
      [1, true],
    ]);
    // One core, subscribed once to the window manager for both monitors' bars.
    const subscriptions = wm.received.flat().filter((m) => /^AddSubscriber/.test(String((m as { type?: unknown }).type)));
    expect(subscriptions).toHaveLength(1);
    expect(s.cores()).toHaveLength(1);

    // Clicks and bindings on an attached pane act through the core, for that pane's monitor.
    const screen = one.capture();
    const row = screen.split('\n').findIndex((l) => l.includes('BETA'));
    const x = (screen.split('\n')[row] ?? '').indexOf('BETA');
    one.sendText(`\x1b[<0;${x + 1};${row + 1}M\x1b[<0;${x + 1};${row + 1}m`);
    await until(() => wm.received.flat().some((m) => JSON.stringify(m) === JSON.stringify({ type: 'FocusMonitorWorkspaceNumber', content: [1, 0] })), () => `the click on monitor 1's workspace sent for monitor 1: ${JSON.stringify(wm.received)}`);
    one.sendKeys('1');
    await until(() => existsSync(join(s.dir, 'launched-1')), 'the first Applications item of monitor 1’s bar to launch');
    one.sendText(`\x1b[<1;${x + 1};${row + 1}M\x1b[<1;${x + 1};${row + 1}m`);
    await until(() => existsSync(join(s.dir, 'middle-1')), 'the middle-click binding of monitor 1’s bar to run');
    expect(existsSync(join(s.dir, 'launched-0'))).toBe(false);

    // Monitor 1 unplugged, then back: its bar says so and follows it, with no restart of anything.
    const subscriber = String(((subscriptions[0] as { content?: unknown }).content as unknown[] | undefined)?.[0]);
    const oneMonitor = { ...twoMonitors(['ALPHA', 'BETA']) };
    oneMonitor.monitors = { elements: [oneMonitor.monitors.elements[0]], focused: 0 };
    oneMonitor.monitor_usr_idx_map = { '0': 0 } as typeof oneMonitor.monitor_usr_idx_map;
    await wm.notify(subscriber, { event: { type: 'DisplayConnectionChange', content: [] }, state: oneMonitor });
    await one.waitFor((t) => !t.includes('BETA') && t.includes('M1 '));
    expect(zero.capture()).toContain('ALPHA');
    await wm.notify(subscriber, { event: { type: 'DisplayConnectionChange', content: [] }, state: twoMonitors(['ALPHA', 'GAMMA']) });
    await one.waitFor('GAMMA');
    expect(s.cores()).toHaveLength(1);
    expect(wm.received.flat().filter((m) => /^AddSubscriber/.test(String((m as { type?: unknown }).type)))).toHaveLength(1);
  });
});
