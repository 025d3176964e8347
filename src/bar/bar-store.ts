/**
 * What the running bar shows, as one immutable snapshot at a time. The live core keeps what every front end
 * shares (`CoreSnapshot`: the config's model with its message, each source's status, the instant and zone of the
 * clocks, the window manager's latest state for any monitor, media, keyboard); each front end's view of it
 * (app/view-of-core.ts) adds its own look, size and monitor (`BarSnapshot`), which is what the Ink app subscribes
 * to (useSyncExternalStore). Changes from the scheduler, the config file and the window manager are merged and
 * published as one new snapshot at most every `minFrameMs` (on the scheduler's timers: the store starts no
 * timer of its own), and never sooner than `settleMs` after the first change: events come in bursts (a window
 * manager's workspace and focus events, a player's properties), and this way a burst makes one render. A burst of
 * notifications makes at most ten a second.
 *
 * A change that comes all at once (`soon`: a clock tick and the readings of the polls its heartbeat started, or a
 * poll's answer) is published at the end of the turn of the loop it came in — its promise callbacks run, so a
 * heartbeat's /proc readings, which answer within them, join its tick — with no wake-up of its own `settleMs` later.
 */
import type { BarModel } from '../config/model.js';
import type { Timers } from '../scheduler/timers.js';
import type { Statuses } from './threshold-report.js';
import type { TilerState, TilerStateResult } from '../tiler/state.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaStatus } from '../media/player.js';

/** What the live core keeps for every front end: all but a front end's own look, size and monitor. */
export interface CoreSnapshot {
  model: BarModel;
  /** What is wrong with the config file, in one line; undefined when nothing is. */
  message: string | undefined;
  statuses: Statuses;
  /** The instant the clocks show. */
  epochMs: number;
  systemZone: string;
  /**
   * The window manager's latest state, for whichever monitor a view shows (the same function until the manager
   * sends another state); undefined while not connected.
   */
  windowManager?: (monitor: number) => TilerStateResult;
  /** No window manager to talk to: the Tiler widgets say so instead of "not connected". */
  noTiler?: boolean;
  /** The window manager found does not answer (a first attempt failed, or it went): "not connected". */
  tilerDown?: boolean;
  /** The media player shown (Media widgets); undefined before its source answers. */
  media?: MediaStatus;
  /** The active keyboard layout (Keyboard widgets); undefined before its source answers. */
  keyboard?: KeyboardStatus;
}

/**
 * What one front end shows: the core's snapshot with its own look, size and monitor's window-manager state.
 * `Look`: the front end's look of the model (theme, icons, cells: src/view/appearance.ts), kept beside the model
 * it was made from — the live core does not know what a look is made of.
 */
export interface BarSnapshot<Look = unknown> extends Omit<CoreSnapshot, 'windowManager'> {
  look: Look;
  /** The window manager's state for this front end's monitor; undefined while not connected or not there. */
  tiler: TilerState | undefined;
  size: { width: number; height: number };
}

/** A change to a snapshot: any of its parts but the instant, which publishing sets. */
export type Change<S> = Partial<Omit<S, 'epochMs'>>;
export type BarChange<Look = unknown> = Change<BarSnapshot<Look>>;

export const MIN_FRAME_MS = 100;
/** Long enough for a heartbeat's reads of /proc and statfs (well under a millisecond each), short to see. */
export const SETTLE_MS = 25;

export class TimedStore<S extends { epochMs: number }> {
  private snapshot: S;
  private pending: Change<S> | undefined;
  private timer: unknown;
  /** When the timer set publishes (monotonic). */
  private timerAt = -Infinity;
  private lastPublished = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly timers: Timers,
    initial: Omit<S, 'epochMs'>,
    private readonly minFrameMs = MIN_FRAME_MS,
    private readonly settleMs = SETTLE_MS,
  ) {
    this.snapshot = { ...initial, epochMs: timers.wallNow() } as S;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): S => this.snapshot;

  /**
   * Record a change (or none: the clock moved) and publish it with whatever else comes within the frame: `settleMs`
   * after the first change, or with `soon` at the end of this turn of the loop (either no sooner than `minFrameMs`
   * after the last snapshot).
   */
  update(change: Change<S> = {}, { soon = false }: { soon?: boolean } = {}): void {
    this.pending = { ...this.pending, ...change };
    const now = this.timers.now();
    const at = Math.max(now + (soon ? 0 : this.settleMs), this.lastPublished + this.minFrameMs);
    // A timer already set publishes this change too, unless it is later than `soon` asks (a burst's settling).
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.timers.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.timers.setTimeout(() => this.publish(), at - now);
  }

  /** Publish what is pending now (the first frame, a resize). */
  publish(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.lastPublished = this.timers.now();
    this.snapshot = { ...this.snapshot, ...this.pending, epochMs: this.timers.wallNow() } as S;
    this.pending = undefined;
    for (const listener of this.listeners) listener();
  }

  /** The end of the core: nothing more is published, to anyone (a front end leaving closes its own view instead). */
  close(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }
}

/** A store of whole front-end snapshots, published on its timers: a front end driven without a live core (tests, bench/). */
export class BarStore<Look = unknown> extends TimedStore<BarSnapshot<Look>> {}
