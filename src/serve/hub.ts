/**
 * The user's core: one live bar per distinct config, however many front ends show it, all over one set of shared
 * parts (app/shared-parts.ts) — so every source is read once per interval for all bars, the window manager is
 * subscribed once, and there is one media and one keyboard source. A bar is opened by the first front end that asks
 * for its config and counted; when the last one lets go it is closed after a grace period (a host restarting its
 * feed must not reload the config and restart every source), unless someone opens it again meanwhile.
 *
 * Which bars are the same (`barKey`): the config (its path as the caller resolved it), variant, `--tiler`,
 * komorebi's directory and the update check's URL. Everything else a bar is opened with (its label, cache, log,
 * discovery) is the first opener's.
 */
import { LiveBar, type LiveBarDeps, type LiveBarSettings } from '../app/live-bar.js';
import type { SourceReaders } from '../app/readings.js';
import { closeSharedParts, makeSharedParts, type SharedParts } from '../app/shared-parts.js';
import { BoundedCache } from '../io/bounded-cache.js';
import type { SourceDescription } from '../scheduler/scheduler.js';

/** How long a bar nobody shows stays up: a feed restarted by its host comes back well within it. */
export const BAR_GRACE_MS = 5000;

/** The sources whose reader depends on the update URL (cli/live-readers.ts); every other reader serves all bars. */
const URL_SOURCES = ['update'] as const;

/** How many update URLs' readers are kept: one a user names, rarely a few. One that ages out is made again. */
const URLS_KEPT = 16;

export interface HubDeps extends Omit<LiveBarDeps, 'readers' | 'shared'> {
  /** This machine's readers, with the update check reading `updateUrl` (cli/live-readers.ts's liveReaders). */
  readersFor(updateUrl?: string): SourceReaders;
  /** How long a bar nobody shows stays up; default BAR_GRACE_MS. */
  graceMs?: number;
  /** Where a bar's own lines go (its config, its sources), by its key: the log unless given (the core sends them to its front ends too). */
  logOf?: (key: string) => LiveBarDeps['log'];
  /** How a bar is loaded: LiveBar.load unless given (tests count loads). */
  load?: (settings: LiveBarSettings, deps: LiveBarDeps) => Promise<LiveBar>;
}

export interface OpenOptions {
  /** `--update-url`: where the Update widget looks; default: the package's registry. */
  updateUrl?: string;
}

/** A front end's hold on a bar: `release` it when the front end goes (once; more calls do nothing). */
export interface BarHandle {
  readonly bar: LiveBar;
  readonly key: string;
  release(): void;
}

export interface HubStatus {
  bars: Array<{ key: string; configPath: string; users: number }>;
  /** What the shared scheduler polls, for all bars. */
  sources: SourceDescription[];
  events: ReturnType<SharedParts['events']['running']>;
  /** How many window managers are subscribed. */
  windowManagers: number;
  /** The shared scheduler's heartbeats so far. */
  beats: number;
}

interface Entry {
  readonly key: string;
  readonly configPath: string;
  readonly loading: Promise<LiveBar>;
  /** The bar, once loaded and started. */
  bar?: LiveBar;
  users: number;
  /** The grace timer, while nobody holds the bar. */
  closeTimer?: unknown;
}

/**
 * Which bars are one: see the module's comment. A bar that follows komorebi.json for a monitor is that monitor's
 * listed bar, whichever file it reads now (it moves as komorebi.json changes).
 */
export function barKey(settings: LiveBarSettings, opts: OpenOptions): string {
  return JSON.stringify([settings.listedMonitor !== undefined ? { listedMonitor: settings.listedMonitor } : settings.configPath, settings.variant ?? null, settings.tiler ?? null, settings.komorebiDir, settings.komorebiDirGiven, opts.updateUrl ?? null]);
}

export class Hub {
  readonly #deps: HubDeps;
  readonly #shared: SharedParts;
  readonly #bars = new Map<string, Entry>();
  /** Bars being closed: the hub's own close waits for them. */
  readonly #closing = new Set<Promise<void>>();
  readonly #readers = new BoundedCache<string, SourceReaders>({ maxEntries: URLS_KEPT });
  #baseReaders: SourceReaders | undefined;
  #closed = false;

  constructor(deps: HubDeps) {
    this.#deps = deps;
    this.#shared = makeSharedParts(deps);
  }

  /** The bar for these settings: the one open already, else loaded and started (once, however many ask at a time). */
  async open(settings: LiveBarSettings, opts: OpenOptions = {}): Promise<BarHandle> {
    if (this.#closed) throw new Error('the core is closing');
    const key = barKey(settings, opts);
    let entry = this.#bars.get(key);
    if (entry) {
      this.#deps.timers.clearTimeout(entry.closeTimer);
      delete entry.closeTimer;
      entry.users++;
    } else {
      const made: Entry = { key, configPath: settings.configPath, loading: this.#load(key, settings, opts), users: 1 };
      // A bar that could not come up is not kept: the next open tries again.
      made.loading.then(
        (loaded) => void (made.bar = loaded),
        () => this.#forget(made),
      );
      this.#bars.set(key, made);
      entry = made;
    }
    const held = entry;
    let bar: LiveBar;
    try {
      bar = await held.loading;
    } catch (e) {
      this.#release(held);
      throw e;
    }
    let released = false;
    return {
      bar,
      key,
      release: () => {
        if (released) return;
        released = true;
        this.#release(held);
      },
    };
  }

  /** What the core runs now: its bars and who holds them, its sources, media and keyboard, window managers. */
  status(): HubStatus {
    return {
      bars: [...this.#bars.values()].map((e) => ({ key: e.key, configPath: e.bar?.configPath ?? e.configPath, users: e.users })),
      sources: this.#shared.scheduler.sources(),
      events: this.#shared.events.running(),
      windowManagers: this.#shared.managers.open,
      beats: this.#shared.scheduler.beats,
    };
  }

  /**
   * The core's heartbeat: each whole wall-clock second while any bar is open (the shared scheduler's), for what the
   * core looks at now and then (its connections, its idle end) on the wake-up it has anyway.
   */
  onTick(listener: () => void): () => void {
    return this.#shared.scheduler.onTick(() => listener());
  }

  /** Every bar reads its sources again now (SIGUSR1 to the core, as to a bar on its own). */
  refreshAll(): void {
    for (const entry of this.#bars.values()) entry.bar?.refresh();
  }

  /** Every bar reads its config file again now (SIGUSR2). */
  reloadAll(): void {
    for (const entry of this.#bars.values()) entry.bar?.reloadConfig();
  }

  /** Once the bars being closed now (their grace over) are closed: their sources, watches and connections gone. */
  async settled(): Promise<void> {
    await Promise.all([...this.#closing]);
  }

  /** Closes every bar at once, held or not, and the shared parts. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of [...this.#bars.values()]) this.#closeBar(entry);
    await Promise.all([...this.#closing]);
    await closeSharedParts(this.#shared);
  }

  async #load(key: string, settings: LiveBarSettings, opts: OpenOptions): Promise<LiveBar> {
    const { readersFor: _readersFor, graceMs: _graceMs, logOf, load = (s, d) => LiveBar.load(s, d), ...deps } = this.#deps;
    const bar = await load(settings, { ...deps, ...(logOf ? { log: logOf(key) } : {}), readers: this.#readersOf(opts.updateUrl), shared: this.#shared });
    try {
      await bar.start();
    } catch (e) {
      await bar.close().catch(this.#deps.onStray);
      throw e;
    }
    // The first bar (or the first after all had gone) starts the polls; the others' join them.
    if (this.#bars.size > 0 && !this.#shared.scheduler.isRunning) this.#shared.scheduler.start();
    return bar;
  }

  #release(entry: Entry): void {
    if (entry.users <= 0) return;
    entry.users--;
    if (entry.users > 0 || this.#bars.get(entry.key) !== entry) return;
    entry.closeTimer = this.#deps.timers.setTimeout(() => {
      if (entry.users === 0) this.#closeBar(entry);
    }, this.#deps.graceMs ?? BAR_GRACE_MS);
  }

  /** Takes the bar out (a later open loads it again) and closes it once it is up; the last one out stops the polls. */
  #closeBar(entry: Entry): void {
    if (this.#bars.get(entry.key) !== entry) return;
    this.#forget(entry);
    const closing = entry.loading.then(
      (bar) => bar.close(),
      () => undefined,
    );
    const tracked = closing.catch(this.#deps.onStray).finally(() => this.#closing.delete(tracked));
    this.#closing.add(tracked);
  }

  #forget(entry: Entry): void {
    this.#deps.timers.clearTimeout(entry.closeTimer);
    delete entry.closeTimer;
    if (this.#bars.get(entry.key) === entry) this.#bars.delete(entry.key);
    if (this.#bars.size === 0) this.#shared.scheduler.stop();
  }

  /**
   * The readers a bar with this update URL reads: the same function objects as every other bar's but for the update
   * check's (the scheduler shares the polls of a source read by the same reader: bar/live-sources.ts sourceKey).
   */
  #readersOf(updateUrl: string | undefined): SourceReaders {
    const base = (this.#baseReaders ??= this.#deps.readersFor());
    if (updateUrl === undefined) return base;
    return this.#readers.getOrMake(updateUrl, (url) => {
      const own = this.#deps.readersFor(url);
      return { ...base, ...Object.fromEntries(URL_SOURCES.map((name) => [name, own[name]])) };
    });
  }
}
