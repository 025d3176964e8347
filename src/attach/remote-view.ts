/**
 * A front end's view of a bar the user's core serves: read like the view of an in-process core (`subscribe`,
 * `getSnapshot`, `act`, `bind`, `resize`, `onTick`), so the pane and every feed draw from it unchanged. The core
 * sends its snapshot's parts as they change (serve/wire-state.ts); the look (theme, icons, cells), the size, and
 * hover and picker state stay here, the front end's own.
 *
 * When the core goes — killed, crashed, upgraded, or silent for CORE_SILENT_MS (hung) — the view keeps its last
 * frame, says so in the bar's message line at once, and finds or starts a core again (the `connect` it was given
 * does both), backing off from 50 ms to 2 s; the first state of the new core replaces everything but the readings
 * it has not taken yet: the last core's are shown until it has (kept-readings.ts), so no widget blinks out.
 */
import type { BarSnapshot } from '../bar/bar-store.js';
import type { BarModel } from '../config/model.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { Log } from '../io/log.js';
import type { Timers } from '../scheduler/timers.js';
import type { ClickAction } from '../../widgets/view.js';
import { TokenBucket } from '../channel/rate.js';
import { CORE_SILENT_MS, INPUT_BURST, INPUT_PER_S, type CoreMessage, type StateMessage, type WireParts } from '../channel/protocol.js';
import type { Attached, CoreLink, LinkFailure } from './core-link.js';
import { keepReadings, withKept, type KeptReadings, type Readings } from './kept-readings.js';

/** Finds the user's core and attaches; starts one where none answers only when `mayStart`. */
export type Connect = (o: { mayStart: boolean }) => Promise<{ ok: true; link: CoreLink; attached: Attached | undefined } | ({ ok: false } & LinkFailure)>;

export interface RemoteViewOptions<Look> {
  appearance: (model: BarModel) => Look;
  size: { width: number; height: number };
  timers: Timers;
  log: Log;
  /** Finds the user's core (starting one when none answers) and attaches: a new link each call. */
  connect: Connect;
  /**
   * The core that answers now speaks another protocol (a tilebar of another version took the session's place):
   * this view can never attach to it, so it stops trying and its owner runs the bar on its own (cli/fallback-bar.ts).
   * Absent: it keeps trying.
   */
  onStranded?: (why: string) => void;
}

/** How long the first state may take after the attach (the core opens the bar first: a config to read). */
const FIRST_STATE_WITHIN_MS = 10_000;
const RETRY_FIRST_MS = 50;
const RETRY_MOST_MS = 2_000;
const WATCH_MS = 1_000;
/**
 * How long front ends told that a newer tilebar's core takes the place of theirs only look for it: the newer front
 * end starts it (serve/core-handover.ts). Were they to start one too, one of them could win the start lock and start
 * its own older core — which the newer front end would replace again.
 */
const HANDOVER_LOOK_MS = 3_000;

type Action = Exclude<ClickAction, { kind: 'toggle-layout-picker' }>;

export class RemoteView<Look> {
  readonly #options: RemoteViewOptions<Look>;
  readonly #listeners = new Set<() => void>();
  readonly #tickListeners = new Set<() => void>();
  #link: CoreLink | undefined;
  #attached: Attached | undefined;
  /** The user's clicks, and apart its wheel notches, sent, counted: far beyond, the core takes this one for a flood. */
  readonly #clicks: TokenBucket;
  readonly #wheel: TokenBucket;
  /** Input was left unsent (said once: a fling leaves notches unsent many times a second). */
  #inputOverSaid = false;
  #parts: WireParts;
  #statuses: BarSnapshot['statuses'] = {};
  #look: { model: BarModel; look: Look };
  #size: { width: number; height: number };
  #snapshot: BarSnapshot<Look>;
  /** Said in the message line while the core is away. */
  #away: string | undefined;
  #heardAt: number;
  #watch: unknown;
  #retry: unknown;
  #retryMs = RETRY_FIRST_MS;
  #closed = false;
  #paused = false;
  /** Until when a reconnect only looks for a core (after a newer tilebar's took over), on the timers' clock. */
  #lookOnlyUntil = 0;
  /** The newer tilebar whose core takes the place of the one that just said goodbye: said while reconnecting. */
  #replacedBy: string | undefined;
  /** The last core's readings, shown while the core attached to since has none of its own yet. */
  #kept: KeptReadings | undefined;
  /** Lets the kept readings go when their time is up, whether or not the core says anything then. */
  #keptTimer: unknown;

  private constructor(options: RemoteViewOptions<Look>, link: CoreLink, attached: Attached | undefined, first: WireParts, statuses: BarSnapshot['statuses']) {
    this.#options = options;
    this.#size = options.size;
    this.#parts = first;
    this.#statuses = statuses;
    this.#look = { model: first.model, look: options.appearance(first.model) };
    this.#snapshot = this.#make(this.#fresh());
    this.#heardAt = options.timers.now();
    this.#clicks = new TokenBucket(INPUT_PER_S, INPUT_BURST, options.timers.now());
    this.#wheel = new TokenBucket(INPUT_PER_S, INPUT_BURST, options.timers.now());
    this.#use(link, attached);
    this.#armWatch();
  }

  /** Attaches and waits for the bar's first state; or why not (the caller runs the bar in-process instead). */
  static async open<Look>(options: RemoteViewOptions<Look>): Promise<{ ok: true; view: RemoteView<Look> } | ({ ok: false } & LinkFailure)> {
    const connected = await options.connect({ mayStart: true });
    if (!connected.ok) return connected;
    const first = await firstState(connected.link, options.timers, options.log);
    if (!first.ok) return first;
    return { ok: true, view: new RemoteView(options, connected.link, connected.attached, first.parts, first.statuses) };
  }

  /** The core's answer to this front end's attach: which config it shows, for which monitor. */
  get attached(): Attached | undefined {
    return this.#attached;
  }

  /** The core's pid (as it said in its welcome); 0 while away. */
  get corePid(): number {
    return this.#link?.corePid ?? 0;
  }

  get monitor(): number {
    return this.#attached?.monitor ?? this.#parts.model.monitor.index;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): BarSnapshot<Look> => this.#snapshot;

  /** About once a second while the bar runs (the core's heartbeat reaches every front end; a local one while it is away). */
  readonly onTick = (listener: () => void): (() => void) => {
    this.#tickListeners.add(listener);
    return () => this.#tickListeners.delete(listener);
  };

  readonly act = (action: Action): void => {
    const wire = action.kind === 'launch' ? { kind: 'launch' as const, id: action.id, command: action.command } : action;
    this.#send({ t: 'act', action: wire });
  };

  readonly bind = (trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void => this.#send({ t: 'bind', trigger, ...(mouseFollowsFocus !== undefined ? { mouseFollowsFocus } : {}) });

  /** A new size: drawn at once, with the clocks of now (same machine, same clock as the core's). */
  resize(size: { width: number; height: number }): void {
    this.#size = size;
    this.#parts = { ...this.#parts, epochMs: this.#options.timers.wallNow() };
    this.#publish();
  }

  pause(): void {
    this.#paused = true;
    this.#send({ t: 'pause' });
  }

  resume(): void {
    this.#paused = false;
    this.#send({ t: 'resume' });
  }

  refresh(): void {
    this.#send({ t: 'refresh' });
  }

  reloadConfig(): void {
    this.#send({ t: 'reload' });
  }

  /** This front end leaves: the core releases its bar; nothing more is heard. */
  close(): void {
    this.#closed = true;
    this.#options.timers.clearTimeout(this.#watch);
    this.#options.timers.clearTimeout(this.#retry);
    this.#options.timers.clearTimeout(this.#keptTimer);
    this.#link?.close();
    this.#link = undefined;
    this.#listeners.clear();
    this.#tickListeners.clear();
  }

  #send(message: Parameters<CoreLink['send']>[0]): void {
    const input = message.t === 'act' || message.t === 'bind';
    if (!this.#link) {
      if (input) this.#options.log('front end: a click while the core is away is not sent');
      return;
    }
    // A touchpad's fling is hundreds of wheel notches a second: those beyond the bound are not sent (a flood to the core).
    const bucket = message.t === 'bind' && message.trigger.startsWith('on_scroll_') ? this.#wheel : this.#clicks;
    if (input && !bucket.take(this.#options.timers.now())) {
      if (!this.#inputOverSaid) this.#options.log(`front end: clicks and scrolling faster than ${INPUT_PER_S} a second (a touchpad's fling): those beyond are not sent`);
      this.#inputOverSaid = true;
      return;
    }
    this.#link.send(message);
  }

  #use(link: CoreLink, attached: Attached | undefined): void {
    this.#link = link;
    this.#attached = attached;
    this.#retryMs = RETRY_FIRST_MS;
    link.listen(
      (m) => this.#take(m),
      (why) => this.#lost(why),
    );
    if (this.#paused) link.send({ t: 'pause' });
  }

  #take(m: CoreMessage): void {
    this.#heardAt = this.#options.timers.now();
    if (m.t === 'state') this.#apply(m);
    else if (m.t === 'log') this.#options.log(m.line);
    else if (m.t === 'bye') {
      if (m.replacedBy !== undefined) {
        this.#lookOnlyUntil = this.#options.timers.now() + HANDOVER_LOOK_MS;
        // A core replaced by one of its own version: a `tilebar serve` (a unit's core) took the session from it.
        this.#replacedBy = m.replacedBy === this.#link?.coreApp ? 'tilebar serve' : `tilebar ${m.replacedBy}`;
      }
      this.#link?.destroy(m.reason);
    }
  }

  #apply(m: StateMessage): void {
    this.#parts = { ...this.#parts, ...m.parts };
    if (m.statuses) {
      const next = { ...this.#statuses };
      for (const [source, status] of Object.entries(m.statuses)) {
        if (status === null) delete next[source];
        else next[source] = status;
      }
      this.#statuses = next;
    }
    this.#publish();
  }

  #publish(): void {
    if (this.#look.model !== this.#parts.model) this.#look = { model: this.#parts.model, look: this.#options.appearance(this.#parts.model) };
    const { shown, kept } = withKept(this.#kept, this.#fresh(), this.#options.timers.now());
    this.#kept = kept;
    if (!kept) this.#options.timers.clearTimeout(this.#keptTimer);
    this.#snapshot = this.#make(shown);
    for (const listener of this.#listeners) listener();
  }

  /** The readings as the core attached to gave them. */
  #fresh(): Readings {
    const p = this.#parts;
    return { statuses: this.#statuses, tiler: p.tiler ?? undefined, noTiler: p.noTiler, tilerDown: p.tilerDown, media: p.media ?? undefined, keyboard: p.keyboard ?? undefined };
  }

  #make(shown: Readings): BarSnapshot<Look> {
    const p = this.#parts;
    return {
      model: p.model,
      look: this.#look.look,
      message: this.#away ?? p.message ?? undefined,
      statuses: shown.statuses,
      epochMs: p.epochMs,
      systemZone: p.systemZone,
      tiler: shown.tiler,
      noTiler: shown.noTiler,
      tilerDown: shown.tilerDown,
      media: shown.media,
      keyboard: shown.keyboard,
      size: this.#size,
    } satisfies Record<keyof BarSnapshot<Look>, unknown>;
  }

  /**
   * Once a second: the tick for the front end, and the core's silence measured. A watch that comes late by more
   * than a watch's time found the front end itself not running (stopped, its loop blocked): what the core sent
   * meanwhile waits unread in the socket, and a process's timers run before its reads when it goes on. That time is
   * not the core's silence; it is not counted, and what came is read before the next watch.
   */
  #armWatch(): void {
    const due = this.#options.timers.now() + WATCH_MS;
    this.#watch = this.#options.timers.setTimeout(() => {
      if (this.#closed) return;
      const now = this.#options.timers.now();
      if (now - due > WATCH_MS) this.#heardAt = Math.min(now, this.#heardAt + (now - due));
      else if (this.#link && now - this.#heardAt >= CORE_SILENT_MS) this.#link.destroy(`the core said nothing for ${CORE_SILENT_MS / 1000} s`);
      for (const listener of this.#tickListeners) listener();
      this.#armWatch();
    }, WATCH_MS);
  }

  #lost(why: string): void {
    if (this.#closed) return;
    this.#link = undefined;
    this.#options.log(`front end: lost the core (${why}); finding it again`);
    // What is shown now is what the next core's first moments keep: the readings still kept from the core before
    // this one are taken as this one's, and no time limit runs while no core is there to read.
    this.#holdShown();
    this.#away = this.#replacedBy !== undefined ? `${this.#replacedBy} takes over; reconnecting` : "tilebar's core stopped; reconnecting";
    this.#replacedBy = undefined;
    this.#parts = { ...this.#parts, epochMs: this.#options.timers.wallNow() };
    this.#publish();
    this.#scheduleRetry();
  }

  /** The readings shown become the ones held, kept ones included; nothing is kept apart any more. */
  #holdShown(): void {
    const { shown } = withKept(this.#kept, this.#fresh(), this.#options.timers.now());
    this.#options.timers.clearTimeout(this.#keptTimer);
    this.#kept = undefined;
    this.#statuses = shown.statuses;
    this.#parts = { ...this.#parts, tiler: shown.tiler ?? null, noTiler: shown.noTiler ?? false, tilerDown: shown.tilerDown ?? false, media: shown.media ?? null, keyboard: shown.keyboard ?? null };
  }

  #scheduleRetry(): void {
    const wait = this.#retryMs;
    this.#retryMs = Math.min(RETRY_MOST_MS, this.#retryMs * 2);
    this.#retry = this.#options.timers.setTimeout(() => void this.#reconnect(), wait);
  }

  async #reconnect(): Promise<void> {
    if (this.#closed) return;
    const connected = await this.#options.connect({ mayStart: this.#options.timers.now() >= this.#lookOnlyUntil });
    if (this.#closed) {
      if (connected.ok) connected.link.close();
      return;
    }
    if (!connected.ok) {
      if (connected.kind === 'mismatch' && this.#options.onStranded) {
        this.#options.log(`front end: the core that answers cannot serve this front end (${connected.why})`);
        return this.#options.onStranded(connected.why);
      }
      this.#options.log(`front end: no core yet (${connected.why})`);
      return this.#scheduleRetry();
    }
    const first = await firstState(connected.link, this.#options.timers, this.#options.log);
    if (this.#closed || !first.ok) {
      if (first.ok) connected.link.close();
      if (!this.#closed) this.#scheduleRetry();
      return;
    }
    this.#away = undefined;
    this.#heardAt = this.#options.timers.now();
    this.#kept = keepReadings(this.#fresh(), this.#heardAt);
    this.#options.timers.clearTimeout(this.#keptTimer);
    if (this.#kept) this.#keptTimer = this.#options.timers.setTimeout(() => this.#publish(), this.#kept.until - this.#heardAt);
    this.#parts = first.parts;
    this.#statuses = first.statuses;
    this.#use(connected.link, connected.attached);
    this.#options.log(`front end: attached again (core pid ${connected.link.corePid})`);
    this.#publish();
  }
}

/** The first state after an attach: it carries every part (the core had sent this front end nothing yet). */
function firstState(link: CoreLink, timers: Timers, log: Log): Promise<{ ok: true; parts: WireParts; statuses: BarSnapshot['statuses'] } | ({ ok: false } & LinkFailure)> {
  return new Promise((resolve) => {
    const timer = timers.setTimeout(() => {
      link.destroy('no state');
      resolve({ ok: false, kind: 'broken', why: `the core sent no state within ${FIRST_STATE_WITHIN_MS / 1000} s` });
    }, FIRST_STATE_WITHIN_MS);
    link.listen(
      (m) => {
        // A line for the log may come before the first state (the bar's latest lines, sent on attaching).
        if (m.t === 'log') return log(m.line);
        if (m.t !== 'state') return;
        timers.clearTimeout(timer);
        link.hold();
        const parts = m.parts;
        if (!parts.model || parts.epochMs === undefined || parts.systemZone === undefined) {
          link.destroy('a first state without every part');
          return resolve({ ok: false, kind: 'broken', why: 'the core’s first state lacked parts' });
        }
        const statuses = Object.fromEntries(Object.entries(m.statuses ?? {}).filter(([, s]) => s !== null)) as BarSnapshot['statuses'];
        resolve({ ok: true, parts: { message: null, tiler: null, noTiler: false, tilerDown: false, media: null, keyboard: null, ...parts } as WireParts, statuses });
      },
      (why) => {
        timers.clearTimeout(timer);
        link.hold();
        resolve({ ok: false, kind: 'broken', why });
      },
    );
  });
}
