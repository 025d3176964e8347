/**
 * The live bar without a front end: one store (bar/bar-store.ts) fed by the scheduler's polls and clock ticks,
 * the config file (watched and polled, reloads included; a better-ranked file that appears is moved to: see
 * config-place.ts), the system's time zone, the media and keyboard sources and the window manager; and the
 * actions that clicks, keys and bindings trigger. A config with errors — at start or in an edit — or a file
 * that cannot be read keeps the bar up (the last good one, or an empty one) with a one-line message in the
 * store and every located problem in the log.
 *
 * It knows no terminal: each front end opens its own view of it (`openView`: its monitor, look and size; see
 * view-of-core.ts) — `run` draws one in a terminal pane (through Ink or directly), the feeds of other bars read
 * theirs — and any number of views read the same samples, one read per interval for all of them.
 *
 * Several bars in one process (the user's core: serve/hub.ts, one bar per config) share their scheduler, media and
 * keyboard sources and window managers (`LiveBarDeps.shared`, app/shared-parts.ts): each then only subscribes what
 * its model needs, and leaves it when it pauses or closes; the parts themselves are their owner's to start and stop.
 */
import type { Appearance } from '../view/appearance.js';
import { TimedStore, type CoreSnapshot } from '../bar/bar-store.js';
import { clockWidgets, subscribeClockBoundaries } from '../bar/clock-widgets.js';
import type { ConfigFileEvent } from '../bar/config-file.js';
import type { EventMember, StartMediaSource } from '../bar/event-sources.js';
import { LiveConfig, type ConfigState } from '../bar/live-config.js';
import { subscribeSources } from '../bar/live-sources.js';
import type { Log } from '../io/log.js';
import { bindingBatch } from './binding-batch.js';
import { systemWidgets } from '../bar/system-widgets.js';
import { configLabel, LISTED_REASON, type Candidate, type Discovered } from '../config/discover.js';
import type { BarModel } from '../config/model.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { Variant } from '../config/variant.js';
import { readTextFile } from '../io/read-text-file.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import type { Timers } from '../scheduler/timers.js';
import type { SourceReaders } from '../bar/live-sources.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { realZoneSources, resolveSystemZone, watchSystemZone } from '../time/system-zone.js';
import { VERSION } from '../version.js';
import type { ClickAction } from '../../widgets/view.js';
import { ConfigPlace, configReadOptions } from './config-place.js';
import { currentUser } from '../io/trust.js';
import { CoreView, type ViewOptions } from './view-of-core.js';
import { ownWindowManager, type StartTilerSource, type WindowManagerChange, type WindowManagerUse } from './window-manager.js';
import { barEventSources, barScheduler, type SharedParts } from './shared-parts.js';
import type { WindowManager } from '../tiler/managers.js';

export interface LiveBarSettings {
  /** The widget kinds the bar knows (validated, polled, drawn). */
  widgets: WidgetRegistry;
  configPath: string;
  /** How the config is named in messages. */
  label: string;
  /**
   * How `configPath` was found, and where discovery looks (absolute paths, best first): a file that ranks above
   * it and appears while the bar runs is taken up (app/config-place.ts). Absent: `configPath` only.
   */
  discovery?: { found: Discovered; candidates: readonly Candidate[] };
  variant?: Variant;
  cacheDir: string;
  logPath: string;
  /** `--tiler`, and komorebi's data directory (given or not). */
  tiler?: string;
  komorebiDir: string;
  komorebiDirGiven: boolean;
  /** The window managers `--tiler` and detection choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
  /**
   * `configPath` is the config komorebi.json's bar_configurations lists for this monitor (`--monitor N` without
   * `--config`): the bar follows komorebi.json while it runs (app/komorebi-listing.ts).
   */
  listedMonitor?: number;
}

export interface LiveBarDeps {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  cwd: string;
  timers: Timers;
  readers: SourceReaders;
  log: Log;
  /** What escaped a handler: logged, and the bar goes on. */
  onStray: (e: unknown) => void;
  /** The window manager's source; default: the real one for the manager found. Tests hand in a fake peer. */
  startTilerSource?: StartTilerSource;
  /** Whether a path exists, where the keyboard's source is looked for (the system layout's files); tests name theirs. */
  exists?: (path: string) => boolean;
  /** The media source's start; default: the platform's (bar/media-source.ts). Tests hand in a fake player. */
  startMediaSource?: StartMediaSource;
  /**
   * The scheduler, event sources and window managers of a process running several bars, made from these same deps
   * (app/shared-parts.ts); absent: the bar makes its own and owns them.
   */
  shared?: SharedParts;
}

/** How the config in use was found: as discovery said, else named (`--config`). */
const foundOf = (settings: LiveBarSettings): Discovered => settings.discovery?.found ?? { path: settings.configPath, reason: '--config', embedded: false };

/** Clicks an action names (the layout picker's toggle is the front end's own). */
export type BarAction = Exclude<ClickAction, { kind: 'toggle-layout-picker' }>;

/**
 * A front end's view of the live bar (view-of-core.ts), whose clicks and bindings act for the monitor it shows.
 * `Look`: what the front end draws from (the pane's and the feeds' Appearance); a core serving front ends in other
 * processes makes none (each makes its own from the model).
 */
export class LiveView<Look = Appearance> extends CoreView<Look> {
  constructor(
    core: TimedStore<CoreSnapshot>,
    options: ViewOptions<Look>,
    private readonly bar: LiveBar,
  ) {
    super(core, options);
  }

  /** A click's action, for this view's monitor (see LiveBar.act). */
  readonly act = (action: BarAction): void => this.bar.act(action, this.monitor);

  /** A mouse binding of the config, for this view's monitor (see LiveBar.bind). */
  readonly bind = (trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void => this.bar.bind(trigger, mouseFollowsFocus, this.monitor);
}

export class LiveBar {
  /** What every front end shares; each reads it through its own view (`openView`). */
  readonly #store: TimedStore<CoreSnapshot>;
  readonly #live: LiveConfig;
  readonly #scheduler: Scheduler;
  /** Whether the scheduler is this bar's own (started, paused and stopped with it) or its process's. */
  readonly #ownsScheduler: boolean;
  readonly #events: EventMember;
  readonly #closeEvents: () => Promise<void> | void;
  readonly #manager: WindowManagerUse;
  readonly #lastLaunch = new Map<string, number>();
  readonly #place: ConfigPlace;
  #config: ConfigState;
  /** The latest statuses of the sources, kept across resubscriptions (a reload does not blank them). */
  #statuses: CoreSnapshot['statuses'] = {};
  #unsubscribe: () => void = () => undefined;
  /** The scheduler's keys of the sources subscribed now (a shared scheduler's refresh reads this bar's alone). */
  #sourceKeys: readonly string[] = [];
  /** Paused with a shared scheduler: subscribed to nothing until resumed. */
  #paused = false;
  #closers: Array<() => Promise<void> | void> = [];
  #configQueue = Promise.resolve();
  #stopped = false;
  /** Why komorebi.json gives this bar (of a listed monitor) no config now; shown before the config's own message. */
  #listingMessage: string | undefined;

  private constructor(
    private readonly settings: LiveBarSettings,
    private readonly deps: LiveBarDeps,
    live: LiveConfig,
    config: ConfigState,
    systemZone: string,
  ) {
    this.#live = live;
    this.#config = config;
    this.#place = new ConfigPlace(foundOf(settings), settings.discovery?.candidates ?? [], {
      timers: deps.timers,
      log: deps.log,
      user: currentUser(),
      onFileEvent: (event, path) => this.#queueConfigEvent(event, path),
      onBetter: (to) => this.#queueMove(to),
    });
    this.#store = new TimedStore<CoreSnapshot>(deps.timers, { model: config.model, message: config.message, statuses: {}, systemZone });
    const shared = deps.shared;
    this.#ownsScheduler = !shared;
    this.#scheduler = shared?.scheduler ?? barScheduler(deps.timers, deps.log);
    const events = shared?.events ?? barEventSources(deps);
    this.#events = events.join((change) => this.#store.update(change));
    this.#closeEvents = shared ? () => this.#events.leave() : () => events.close();
    const choice = {
      ...(settings.tiler !== undefined ? { flag: settings.tiler } : {}),
      komorebiDir: settings.komorebiDir,
      komorebiDirGiven: settings.komorebiDirGiven,
      ...(settings.managers ? { managers: settings.managers } : {}),
    };
    const sink = { model: () => this.model, update: (change: WindowManagerChange) => this.#store.update(change) };
    this.#manager = shared
      ? shared.managers.use(choice, sink)
      : ownWindowManager(sink, {
          ...choice,
          env: deps.env,
          platform: deps.platform,
          timers: deps.timers,
          log: deps.log,
          onStray: deps.onStray,
          ...(deps.startTilerSource ? { startSource: deps.startTilerSource } : {}),
        });
  }

  /** Reads the config (a bar comes up whatever the file holds) and makes the store: enough for a first frame. */
  static async load(settings: LiveBarSettings, deps: LiveBarDeps): Promise<LiveBar> {
    const live = new LiveConfig({
      path: settings.configPath,
      label: settings.label,
      kinds: settings.widgets,
      ...(settings.variant ? { variant: settings.variant } : {}),
      platform: deps.platform,
      cacheDir: settings.cacheDir,
      log: deps.log,
      logPath: settings.logPath,
    });
    const config = await live.start(await readTextFile(settings.configPath, configReadOptions(foundOf(settings), currentUser())));
    const zone = (await resolveSystemZone({ ...realZoneSources(), env: deps.env })).zone;
    return new LiveBar(settings, deps, live, config, zone);
  }

  get model(): BarModel {
    return this.#store.getSnapshot().model;
  }

  /** The config file the bar reads now (it may move: discovery, komorebi.json). */
  get configPath(): string {
    return this.#place.path;
  }

  /**
   * A front end's view of the bar: its own monitor (default: the model's), look and size, read like a store and
   * memoised per change; `close` it when the front end leaves. Views can be opened at any time, any number.
   */
  openView<Look = Appearance>(options: ViewOptions<Look>): LiveView<Look> {
    return new LiveView<Look>(this.#store, options, this);
  }

  /**
   * Each heartbeat of the running bar (every whole wall-clock second while it polls; none while paused), for a front
   * end that looks at something now and then: on the wake-up the bar has anyway, not on a timer of its own.
   */
  readonly onTick = (listener: () => void): (() => void) =>
    this.#scheduler.onTick(() => {
      // A shared scheduler beats on for the other bars: this one's front ends hear nothing while it is paused or stopped.
      if (!this.#paused && !this.#stopped) listener();
    });

  /** Where the config came from, for the log. */
  get origin(): string {
    return { cache: 'config as validated at an earlier start, from the cache', validated: 'config validated', empty: 'no good config yet' }[this.#config.origin];
  }

  /**
   * Everything after the first frame: the config file's watch, the time zone's, the window manager, the media
   * and keyboard sources, the polls and clock ticks.
   */
  async start(): Promise<void> {
    const { timers, log, onStray, env } = this.deps;
    await this.#place.start(this.#live.lastText);
    this.#closers.push(() => this.#place.close());
    await this.#followListing();
    const closeZoneWatch = await watchSystemZone({ ...realZoneSources(), env }, (zone) => this.#store.update({ systemZone: zone }), log);
    this.#closers.push(closeZoneWatch);
    await this.#manager.ensure();
    await this.#events.apply(this.model).catch(onStray);
    this.#subscribe();
    // A shared scheduler is its owner's to start (serve/hub.ts): this bar's polls run once it does.
    if (this.#ownsScheduler) this.#scheduler.start();
  }

  /**
   * A click's action: acted on only for a model that is the text's own (see LiveConfig). `monitor`: the one
   * whose view was clicked (a view acts for its own: LiveView.act); default: the model's.
   */
  act(action: BarAction, monitor?: number): void {
    this.#whenTrusted(() => {
      if (action.kind === 'messages') this.#manager.send(action.messages, monitor ?? this.model.monitor.index);
      else if (action.kind === 'launch') this.#launch(action.id, action.command);
      else this.#events.control(action.command);
    });
  }

  /** A mouse binding of the config (`on_middle_click`, the wheel, …); `monitor` as for `act`. */
  bind(trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined, monitor?: number): void {
    if (!this.model.mouse?.bindings[trigger]) return;
    this.#whenTrusted(() => {
      const binding = this.model.mouse?.bindings[trigger];
      if (!binding) return;
      if (binding.kind === 'command') this.#launch(`binding:${trigger}`, binding.command);
      else this.#manager.send(bindingBatch(binding, mouseFollowsFocus), monitor ?? this.model.monitor.index);
    });
  }

  /** Validates a model taken from the cache now (a frame could not be drawn from it), and applies the result. */
  revalidate(): void {
    if (this.#config.origin === 'cache') void this.#live.ensureValidated().then((s) => this.#apply(s), this.deps.onStray);
  }

  /**
   * No polls or ticks while the host hides the bar (i3bar's stop signal); `resume` reads every source at once and
   * goes on. Clicks and reloads still work meanwhile. With a shared scheduler the bar leaves its polls instead of
   * stopping them: the other bars' go on, and a source only this bar reads stops.
   */
  pause(): void {
    if (this.#stopped) return;
    if (this.#ownsScheduler) {
      this.#scheduler.stop();
      return;
    }
    this.#paused = true;
    this.#unsubscribe();
    this.#unsubscribe = () => undefined;
    this.#sourceKeys = [];
  }

  resume(): void {
    if (this.#stopped) return;
    if (this.#ownsScheduler) {
      this.#scheduler.start();
      return;
    }
    if (!this.#paused) return;
    this.#paused = false;
    this.#subscribe();
    this.#refreshSources();
  }

  /** Reads every source again now and draws (SIGUSR1 to `run` and the line feeds, as i3status does). */
  refresh(): void {
    if (this.#stopped) return;
    this.#refreshSources();
    this.#store.update();
  }

  /** Polls this bar's sources now: all of its own scheduler's, only its own of a shared one. */
  #refreshSources(): void {
    if (this.#ownsScheduler) this.#scheduler.refreshAll();
    else this.#scheduler.refresh(this.#sourceKeys);
  }

  /** Reads the config file again now and applies it as an edit would be (SIGUSR2, as Waybar and Polybar do). */
  reloadConfig(): void {
    if (this.#stopped) return;
    const path = this.#place.path;
    void readTextFile(path, this.#place.readOptions).then(
      (read) => this.#queueConfigEvent(read.ok ? { kind: 'text', text: read.text } : { kind: 'fault', code: read.code, problem: read.problem }, path),
      this.deps.onStray,
    );
  }

  /**
   * A config file's event, in order; a failure of one (a bug) must not stop the queue: later edits still apply.
   * An event of a file the bar has moved away from (queued before the move was done) is dropped.
   */
  #queueConfigEvent(event: ConfigFileEvent, path: string): void {
    this.#configQueue = this.#configQueue
      .then(async () => {
        if (path !== this.#place.path) return;
        const next = await this.#live.handle(event);
        if (next) this.#apply(next);
      })
      .catch(this.deps.onStray);
  }

  /** A bar of a listed monitor follows komorebi.json (app/komorebi-listing.ts, loaded only for such a bar). */
  async #followListing(): Promise<void> {
    const monitor = this.settings.listedMonitor;
    if (monitor === undefined) return;
    const { env, platform, cwd, timers, log } = this.deps;
    const { followKomorebiListing } = await import('./komorebi-listing.js');
    const listing = await followKomorebiListing(monitor, {
      env,
      platform,
      cwd,
      timers,
      log,
      user: currentUser(),
      logPath: this.settings.logPath,
      current: () => this.#place.path,
      onListing: (l) => {
        if (this.#stopped) return;
        if (l.kind === 'problem') log(l.log);
        else if (this.#listingMessage !== undefined) log(`komorebi.json gives monitor ${monitor} a bar config again`);
        const message = l.kind === 'problem' ? l.message : undefined;
        if (message !== this.#listingMessage) {
          this.#listingMessage = message;
          this.#store.update({ message: this.#messageOf(this.#config) });
        }
        if (l.kind === 'move') this.#queueListedMove(l.path, monitor);
      },
    });
    this.#closers.push(() => listing.close());
  }

  /** komorebi.json lists another file for the bar's monitor: the bar reads it from now on, as if it had been saved there. */
  #queueListedMove(path: string, monitor: number): void {
    this.#configQueue = this.#configQueue
      .then(async () => {
        if (this.#stopped || path === this.#place.path) return;
        this.#live.retarget(path, path);
        await this.#place.switchTo({ path, reason: LISTED_REASON, embedded: false }, `komorebi.json lists it for monitor ${monitor} now`);
      })
      .catch(this.deps.onStray);
  }

  /** What the bar says: why komorebi.json gives it no config, else what is wrong with its config. */
  #messageOf(config: ConfigState): string | undefined {
    return this.#listingMessage ?? config.message;
  }

  /** A file that ranks above the one in use appeared: the bar reads it from now on (in the queue's order). */
  #queueMove(to: Discovered): void {
    this.#configQueue = this.#configQueue
      .then(async () => {
        if (this.#stopped || !this.#place.shouldMoveTo(to)) return;
        this.#live.retarget(to.path, configLabel(to));
        await this.#place.moveTo(to);
      })
      .catch(this.deps.onStray);
  }

  /** No more polls, ticks or updates to any view (before the front ends are taken down, the process ending). */
  stopUpdates(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unsubscribe();
    this.#unsubscribe = () => undefined;
    this.#sourceKeys = [];
    // A shared scheduler polls on for the other bars: this one only left its polls.
    if (this.#ownsScheduler) this.#scheduler.stop();
    this.#store.close();
  }

  /**
   * Stops everything: updates, watchers, the window manager's connection, media and keyboard sources (with shared
   * ones: this bar's use of them, and what no other bar uses).
   */
  async close(): Promise<void> {
    this.stopUpdates();
    for (const close of this.#closers) await close();
    await this.#manager.leave();
    await this.#closeEvents();
  }

  /** When validation replaced a cached model, what was clicked was drawn from the wrong one: nothing is done. */
  #whenTrusted(act: () => void): void {
    const before = this.model;
    void this.#live.ensureValidated().then((state) => {
      if (state.model !== before || state.message !== this.#config.message) this.#apply(state);
      if (state.model === before) act();
    }, this.deps.onStray);
  }

  #launch(id: string, command: string): void {
    const { timers, log, env, platform, cwd } = this.deps;
    // The original's 800 ms per-item cooldown against double launches.
    const now = timers.now();
    if (now - (this.#lastLaunch.get(id) ?? -Infinity) < 800) return;
    this.#lastLaunch.set(id, now);
    // Loaded on the first launch: node:child_process is not needed to draw the bar.
    void import('../tiler/command.js').then(({ planCommand, startCommand }) => {
      const plan = planCommand(command, env, platform);
      if (!plan) return;
      log(`launch: ${plan.file} ${plan.args.join(' ')}`);
      startCommand(plan, env, cwd, (m) => log(`launch failed: ${m}`), platform);
    }, (e: unknown) => log(`launch failed: ${e instanceof Error ? e.message : String(e)}; was tilebar upgraded while running? Restart the bar.`));
  }

  /** Polls and clock ticks for the model's widgets; readings already taken are kept. */
  #subscribe(): void {
    this.#unsubscribe();
    // Paused over a shared scheduler (or stopped): nothing is subscribed until resumed; a reload meanwhile waits for it.
    if (this.#paused || this.#stopped) {
      this.#unsubscribe = () => undefined;
      return;
    }
    const m = this.model;
    const offSources = subscribeSources(
      this.#scheduler,
      systemWidgets(m, this.settings.widgets, VERSION),
      this.deps.readers,
      (s) => {
        // subscribeSources keeps one object it updates: the store gets a copy, so a snapshot never changes.
        this.#statuses = { ...s };
        // Readings come whole, not in bursts: out at the end of this turn (a heartbeat's, with its clock tick).
        this.#store.update({ statuses: this.#statuses }, { soon: true });
      },
      this.#statuses,
    );
    const offClocks = subscribeClockBoundaries(this.#scheduler, clockWidgets(m, this.settings.widgets), () => this.#store.update({}, { soon: true }));
    this.#sourceKeys = offSources.keys;
    this.#unsubscribe = () => {
      offSources();
      offClocks();
    };
  }

  /** A new state of the config: a new model (resubscribed, readings kept) or only a new message. */
  #apply(next: ConfigState): void {
    const changed = next.model !== this.model;
    this.#config = next;
    if (!changed) {
      this.#store.update({ message: this.#messageOf(next) });
      return;
    }
    // Each view makes its look of the new model, and reads the manager's state for its monitor (a reload that
    // names another monitor moves the views that follow the model's) when it is next published.
    this.#store.update({ model: next.model, message: this.#messageOf(next) });
    // Sources already read stay: a reload does not blank the CPU or restart rates.
    this.#subscribe();
    this.#refreshSources();
    void this.#manager.ensure();
    void this.#events.apply(next.model).catch(this.deps.onStray);
  }
}

