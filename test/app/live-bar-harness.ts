/**
 * A live core (src/app/live-bar.ts) started on its own for the tests of test/app: a temp config file, fake
 * timers, fake readers and a fake window-manager peer, with one front end's view of it opened the way `run`
 * and the feeds open theirs (more views can be opened on `bar`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveBar, type LiveView } from '../../src/app/live-bar.js';
import { appearanceOf } from '../../src/view/appearance.js';
import type { BarSnapshot } from '../../src/app/store.js';
import type { SourceReaders } from '../../src/bar/live-sources.js';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import type { ManagerName, TilerSource, TilerSourceEvents } from '../../src/tiler/manager.js';
import type { TilerState, TilerStateResult } from '../../src/tiler/state.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { writeBarConfig } from '../support/bar-config.js';
import { until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

/** A window manager the test plays: it hands the bar states and its connection, and records what it is sent. */
export class FakePeer {
  events: TilerSourceEvents | undefined;
  readonly sent: SocketMessage[][] = [];
  /** The state each batch was sent with (what a manager's translator reads workspaces from). */
  readonly sentWith: Array<TilerState | undefined> = [];
  closed = false;
  /** How many times a bar subscribed to the manager (each its own connection), and how many of those were closed. */
  starts = 0;
  closes = 0;
  readonly start = async (manager: ManagerName, _ctx: unknown, events: TilerSourceEvents): Promise<TilerSource> => {
    this.starts++;
    this.events = events;
    return {
      manager,
      where: 'the test',
      send: async (messages, state) => {
        this.sent.push([...messages]);
        this.sentWith.push(state);
      },
      close: async () => {
        this.closed = true;
        this.closes++;
      },
    };
  };
  /** The manager answers with this state for its monitor, and says it has no other monitor. */
  show(state: TilerState): void {
    this.answer((monitor) => (monitor === state.monitorIndex ? { ok: true, state } : { ok: false, problem: `no monitor ${monitor}` }));
  }
  /** The manager's state, as a source hands it over: each monitor's state made when asked for. */
  answer(derive: (monitor: number) => TilerStateResult): void {
    this.events?.connection(true);
    this.events?.snapshot(derive);
  }
}

const cleanups = cleanupsAfterEach();

export interface Started {
  bar: LiveBar;
  /** The view a single front end would open: the model's monitor, 160×1, ASCII icons. */
  view: LiveView;
  timers: FakeTimers;
  dir: string;
  file: string;
  log: string[];
  strays: unknown[];
  peer: FakePeer;
  snap: () => BarSnapshot;
  /** Moves fake time on, a frame at a time, until `test` holds of the view's snapshot (real file events may take a while). */
  until: (test: (s: BarSnapshot) => boolean, what: string) => Promise<void>;
}

export const asciiLook = (model: BarSnapshot['model']) => appearanceOf(model, { widgets: BUILTIN_WIDGETS, icons: 'ascii' });

/** `exists`: which paths exist for the keyboard's source (the system layout's files); the machine's unless given. */
export async function startBar(opts: { config?: object; readers?: SourceReaders; tiler?: string; exists?: (path: string) => boolean } = {}): Promise<Started> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-live-'));
  const file = opts.config ? await writeBarConfig(dir, opts.config) : join(dir, 'bar.json');
  const timers = new FakeTimers();
  const log: string[] = [];
  const strays: unknown[] = [];
  const peer = new FakePeer();
  const bar = await LiveBar.load(
    {
      widgets: BUILTIN_WIDGETS,
      configPath: file,
      label: 'bar.json',
      cacheDir: join(dir, 'cache'),
      logPath: join(dir, 'log'),
      tiler: opts.tiler ?? 'hyprland',
      komorebiDir: join(dir, 'komorebi'),
      komorebiDirGiven: false,
    },
    {
      env: childEnv({ HOME: dir, TZ: 'UTC' }),
      platform: 'linux',
      cwd: dir,
      timers,
      readers: opts.readers ?? {},
      log: (line) => void log.push(line),
      onStray: (e) => void strays.push(e),
      startTilerSource: peer.start,
      ...(opts.exists ? { exists: opts.exists } : {}),
    },
  );
  cleanups.push(async () => {
    await bar.close();
    await rm(dir, { recursive: true, force: true });
  });
  const view = bar.openView({ appearance: asciiLook, size: { width: 160, height: 1 } });
  await bar.start();
  const snap = () => view.getSnapshot();
  return {
    bar,
    view,
    timers,
    dir,
    file,
    log,
    strays,
    peer,
    snap,
    until: (test, what) =>
      until(async () => {
        await timers.advance(100);
        return test(snap());
      }, () => `${what}; the snapshot's message: ${snap().message ?? 'none'}; the log: ${log.join(' | ')}`),
  };
}

export const cpuReading = (s: BarSnapshot) => (s.statuses.cpu?.reading as { percent?: number } | undefined)?.percent;
