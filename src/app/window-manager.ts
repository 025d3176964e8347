/**
 * The window manager's whole life for a live bar: found once per run (the session's variables cannot change
 * under a running process), subscribed when a Tiler widget or a message binding needs it (also after a
 * reload), its snapshots turned into the store's `tiler` for this bar's monitor, and the messages clicks and
 * bindings send. Knows no terminal: `run` and the feeds share it.
 */
import { existsSync } from 'node:fs';
import type { BarStore } from '../bar/bar-store.js';
import type { Log } from '../io/log.js';
import type { BarModel } from '../config/model.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Timers } from '../scheduler/timers.js';
import { askSocketPath, detectManager } from '../tiler/detect.js';
import type { TilerSource, TilerSourceEvents } from '../tiler/manager.js';
import { managerNamed, type SourceContext, type WindowManager } from '../tiler/managers.js';
import type { TilerStateResult } from '../tiler/state.js';

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

export class WindowManagerLink {
  #source: TilerSource | undefined;
  #starting = false;
  #noManager = false;
  #problem: string | undefined;
  /** The manager's latest snapshot, kept so that a reload with another `monitor` index re-reads it. */
  #derive: ((monitor: number) => TilerStateResult) | undefined;

  constructor(
    private readonly store: BarStore,
    private readonly settings: WindowManagerSettings,
  ) {}

  private get model(): BarModel {
    return this.store.getSnapshot().model;
  }

  /** Sends messages to the manager, or says in the log why they were not sent. */
  send(messages: SocketMessage[]): void {
    const source = this.#source;
    const what = messages.map((m) => m.type).join(', ');
    const { log } = this.settings;
    if (!source) {
      log(`window manager: ${what} not sent: ${this.store.getSnapshot().noTiler ? 'no window manager' : 'not connected yet'}`);
      return;
    }
    source.send(messages, this.store.getSnapshot().tiler).catch((e: unknown) => log(`${source.manager}: could not send ${what}: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** The store's `tiler` from the latest snapshot, for the model's monitor. */
  apply(): void {
    if (!this.#derive) return;
    const r = this.#derive(this.model.monitor.index);
    if (r.ok) {
      this.#problem = undefined;
      this.store.update({ tiler: r.state, tilerDown: false });
    } else {
      if (r.problem !== this.#problem) this.settings.log(`window manager: ${r.problem}`);
      this.#problem = r.problem;
      // The manager answers, but not for this bar's monitor: nothing to show of it here.
      this.store.update({ tiler: undefined, tilerDown: true });
    }
  }

  /** Finds and subscribes to the manager when the model needs one and none is there yet. */
  async ensure(): Promise<void> {
    if (this.#source || this.#starting || this.#noManager || !needsWindowManager(this.model)) return;
    this.#starting = true;
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
      this.store.update({ noTiler: true, tiler: undefined });
      this.#starting = false;
      return;
    }
    const manager = detected.manager;
    s.log(`window manager: ${manager} (${detected.why})`);
    try {
      const entry = managerNamed(manager, s.managers);
      if (!entry) throw new Error(`window manager ${manager} is not in the list`);
      const start: StartTilerSource = s.startSource ?? ((_, ctx, events) => entry.start(ctx, events));
      this.#source = await start(manager, { env: s.env, platform: s.platform, timers: s.timers, exists: existsSync, komorebiDir: s.komorebiDir }, {
        snapshot: (derive) => {
          this.#derive = derive;
          this.apply();
        },
        connection: (connected) => {
          s.log(connected ? `${manager}: connected (${this.#source?.where ?? s.komorebiDir})` : `${manager}: not connected; trying again`);
          if (!connected) {
            this.#derive = undefined;
            this.store.update({ tiler: undefined, tilerDown: true });
          }
        },
        log: (m) => s.log(namedFor(manager, m)),
      });
    } catch (e) {
      s.onStray(e);
    }
    this.#starting = false;
  }

  async close(): Promise<void> {
    await this.#source?.close();
  }
}

/** A source's message with its manager's name in front, once: sources that name it themselves are not named twice. */
export function namedFor(manager: string, message: string): string {
  return message.toLowerCase().startsWith(manager.toLowerCase()) ? message : `${manager}: ${message}`;
}
