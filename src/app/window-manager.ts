/**
 * The window manager's whole life for a live bar: found once per run (the session's variables cannot change
 * under a running process), subscribed when a Tiler widget or a message binding needs it (also after a
 * reload), its snapshots kept in the store for any monitor a front end's view shows (each view derives its own:
 * app/view-of-core.ts), and the messages clicks and bindings send, for the monitor they were clicked on. Knows
 * no terminal: `run` and the feeds share it.
 *
 * One link serves every bar of a process that talks to the same manager (the user's core: window-managers.ts):
 * each bar joins with its store, the link is subscribed when any of their models needs it, and each store gets its
 * states. A bar on its own is the one member of its own link (`ownWindowManager`).
 */
import { existsSync } from 'node:fs';
import type { CoreSnapshot } from '../bar/bar-store.js';
import type { Log } from '../io/log.js';
import type { BarModel } from '../config/model.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { BoundedCache } from '../io/bounded-cache.js';
import type { Timers } from '../scheduler/timers.js';
import { askSocketPath, detectManager } from '../tiler/detect.js';
import type { TilerSource, TilerSourceEvents } from '../tiler/manager.js';
import { managerNamed, type SourceContext, type WindowManager } from '../tiler/managers.js';
import type { TilerState, TilerStateResult } from '../tiler/state.js';

export interface WindowManagerSettings {
  /** `--tiler`: which manager; default: detected. */
  flag?: string;
  /** komorebi's data directory, and whether the user gave it. */
  komorebiDir: string;
  komorebiDirGiven: boolean;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  log: Log;
  /** What escaped a handler: logged, and the bar goes on. */
  onStray: (e: unknown) => void;
  /** The managers to choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
  /** Starts the manager's source instead of its entry's own start: tests hand in a fake peer. */
  startSource?: StartTilerSource;
}

export type StartTilerSource = (manager: string, ctx: SourceContext, events: TilerSourceEvents) => Promise<TilerSource>;

/** Whether a model has anything the window manager must answer or act on. */
export function needsWindowManager(m: BarModel): boolean {
  return [...m.left, ...m.center, ...m.right].some((w) => w.kind === 'Tiler') || Object.values(m.mouse?.bindings ?? {}).some((b) => b?.kind === 'message');
}

/** What the link changes in a bar's store. */
export type WindowManagerChange = Partial<Pick<CoreSnapshot, 'windowManager' | 'noTiler' | 'tilerDown'>>;

/** A bar as its window manager's link sees it: its model (does it need a manager?) and its store's changes. */
export interface WindowManagerSink {
  model(): BarModel;
  update(change: WindowManagerChange): void;
}

/** A bar's use of a window manager: subscribed when its model needs one, messages sent, left when the bar closes. */
export interface WindowManagerUse {
  /** Finds and subscribes to the manager when the model needs one and none is there yet (at start, after a reload). */
  ensure(): Promise<void>;
  /** See WindowManagerLink.send. */
  send(messages: SocketMessage[], monitor: number): void;
  /** The bar is done with it: a link no other bar uses is closed. */
  leave(): Promise<void>;
}

/** A bar on its own: a link of its own, its store the one member, closed with the bar. */
export function ownWindowManager(sink: WindowManagerSink, settings: WindowManagerSettings): WindowManagerUse {
  const link = new WindowManagerLink(settings);
  link.join(sink);
  return { ensure: () => link.ensure(), send: (messages, monitor) => link.send(messages, monitor), leave: () => link.close() };
}

/** How many monitors' states are kept per state of the manager, and their problems remembered: a bar's views are a few. */
const MONITORS_KEPT = 16;

export class WindowManagerLink {
  #source: TilerSource | undefined;
  /** The manager being found and subscribed to, until its source is there (or not). */
  #opening: Promise<void> | undefined;
  #noManager = false;
  #closed = false;
  /** What the log last said of each monitor's state: a problem is said once, not with each state. */
  readonly #problems = new BoundedCache<number, string>({ maxEntries: MONITORS_KEPT });
  /** The manager's latest state, for any monitor (the store's `windowManager`); undefined while not connected. */
  #states: ((monitor: number) => TilerStateResult) | undefined;
  readonly #sinks = new Set<WindowManagerSink>();
  /** What the members' stores were told so far, for one that joins later. */
  #told: WindowManagerChange = {};

  constructor(private readonly settings: WindowManagerSettings) {}

  /** A bar's store joins: it gets what the others were told, and every change from now on; returns how it leaves. */
  join(sink: WindowManagerSink): () => void {
    this.#sinks.add(sink);
    if (Object.keys(this.#told).length > 0) sink.update(this.#told);
    return () => void this.#sinks.delete(sink);
  }

  /** How many bars' stores it serves. */
  get members(): number {
    return this.#sinks.size;
  }

  /** Whether its manager's source is open (or opening). */
  get isOpen(): boolean {
    return this.#source !== undefined || this.#opening !== undefined;
  }

  #tell(change: WindowManagerChange): void {
    this.#told = { ...this.#told, ...change };
    for (const sink of this.#sinks) sink.update(change);
  }

  /** Whether any member's model has anything the manager must answer or act on. */
  #needed(): boolean {
    return [...this.#sinks].some((sink) => needsWindowManager(sink.model()));
  }

  /**
   * Sends messages to the manager, or says in the log why they were not sent; `monitor`: the one the click or
   * binding came from, whose workspaces the manager's translation reads (a workspace clicked is that monitor's).
   */
  send(messages: SocketMessage[], monitor: number): void {
    const source = this.#source;
    const what = messages.map((m) => m.type).join(', ');
    const { log } = this.settings;
    if (!source) {
      log(`window manager: ${what} not sent: ${this.#noManager ? 'no window manager' : 'not connected yet'}`);
      return;
    }
    source.send(messages, this.#stateOf(monitor)).catch((e: unknown) => log(`${source.manager}: could not send ${what}: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** The manager's latest state for a monitor, or undefined when not connected or it has no such monitor. */
  #stateOf(monitor: number): TilerState | undefined {
    const r = this.#states?.(monitor);
    return r?.ok ? r.state : undefined;
  }

  /**
   * A state of the manager as the store keeps it: each monitor's derived once, when a view first asks for it,
   * and its problem (the manager answers, but not for that monitor) said in the log once until it changes.
   */
  #statesOf(derive: (monitor: number) => TilerStateResult): (monitor: number) => TilerStateResult {
    const made = new BoundedCache<number, TilerStateResult>({ maxEntries: MONITORS_KEPT });
    return (monitor) =>
      made.getOrMake(monitor, () => {
        const r = derive(monitor);
        const problem = r.ok ? undefined : r.problem;
        if (problem !== undefined && problem !== this.#problems.get(monitor)) this.settings.log(`window manager: ${problem}`);
        if (problem === undefined) this.#problems.delete(monitor);
        else this.#problems.set(monitor, problem);
        return r;
      });
  }

  /** Finds and subscribes to the manager when the model needs one and none is there yet. */
  async ensure(): Promise<void> {
    if (this.#source || this.#opening || this.#noManager || this.#closed || !this.#needed()) return;
    this.#opening = this.#open().finally(() => {
      this.#opening = undefined;
    });
    await this.#opening;
  }

  async #open(): Promise<void> {
    const s = this.settings;
    const detected = await detectManager({
      ...(s.flag !== undefined ? { flag: s.flag } : {}),
      env: s.env,
      platform: s.platform,
      exists: existsSync,
      komorebiDir: s.komorebiDir,
      komorebiDirGiven: s.komorebiDirGiven,
      askI3: () => askSocketPath('i3', s.env),
      ...(s.managers ? { managers: s.managers } : {}),
    });
    if (detected.manager === 'none') {
      s.log(`window manager: none (${detected.why}); the Tiler widgets say "no window manager"`);
      this.#noManager = true;
      this.#tell({ noTiler: true, windowManager: undefined });
      return;
    }
    const manager = detected.manager;
    s.log(`window manager: ${manager} (${detected.why})`);
    try {
      const entry = managerNamed(manager, s.managers);
      if (!entry) throw new Error(`window manager ${manager} is not in the list`);
      const start: StartTilerSource = s.startSource ?? ((_, ctx, events) => entry.start(ctx, events));
      const source = await start(manager, { env: s.env, platform: s.platform, timers: s.timers, exists: existsSync, komorebiDir: s.komorebiDir }, {
        snapshot: (derive) => {
          this.#states = this.#statesOf(derive);
          this.#tell({ windowManager: this.#states, tilerDown: false });
        },
        connection: (connected) => {
          s.log(connected ? `${manager}: connected (${this.#source?.where ?? s.komorebiDir})` : `${manager}: not connected; trying again`);
          if (!connected) {
            this.#states = undefined;
            this.#tell({ windowManager: undefined, tilerDown: true });
          }
        },
        log: (m) => s.log(namedFor(manager, m)),
      });
      // Closed while it was starting (the last bar using it left): it goes at once.
      if (this.#closed) await source.close();
      else this.#source = source;
    } catch (e) {
      s.onStray(e);
    }
  }

  /** Closes the manager's source, once it is there if it is being opened: nothing of it is left when this is done. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#opening?.catch(() => undefined);
    const source = this.#source;
    this.#source = undefined;
    this.#sinks.clear();
    await source?.close();
  }
}

/** A source's message with its manager's name in front, once: sources that name it themselves are not named twice. */
export function namedFor(manager: string, message: string): string {
  return message.toLowerCase().startsWith(manager.toLowerCase()) ? message : `${manager}: ${message}`;
}
