/**
 * What the running bar shows, as one immutable snapshot the Ink app subscribes to (useSyncExternalStore):
 * the config's model and appearance with its message, each source's status, the instant and zone of the
 * clocks, the window manager's state and the terminal's size. Changes from the scheduler, the config file, the
 * window manager and the terminal are merged and published as one new snapshot at most every `minFrameMs` (on
 * the scheduler's timers: the store starts no timer of its own), and never sooner than `settleMs` after the
 * first change: the polls a heartbeat starts answer a few milliseconds after its clock tick, and this way
 * they and the tick make one render, not two. A burst of notifications makes at most ten a second.
 */
import type { BarModel } from '../config/model.js';
import type { Timers } from '../scheduler/timers.js';
import type { Statuses } from './threshold-report.js';
import type { TilerState } from '../tiler/state.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaStatus } from '../media/player.js';

/**
 * `Look`: the front ends' look of the model (theme, icons, cells: src/view/appearance.ts), which the store only
 * keeps beside the model it was made from — the live core does not know what a look is made of.
 */
export interface BarSnapshot<Look = unknown> {
  model: BarModel;
  look: Look;
  /** What is wrong with the config file, in one line; undefined when nothing is. */
  message: string | undefined;
  statuses: Statuses;
  /** The instant the clocks show. */
  epochMs: number;
  systemZone: string;
  /** The window manager's state; undefined while not connected. */
  tiler: TilerState | undefined;
  /** No window manager to talk to: the Tiler widgets say so instead of "not connected". */
  noTiler?: boolean;
  /** The window manager found does not answer (a first attempt failed, or it went): "not connected". */
  tilerDown?: boolean;
  /** The media player shown (Media widgets); undefined before its source answers. */
  media?: MediaStatus;
  /** The active keyboard layout (Keyboard widgets); undefined before its source answers. */
  keyboard?: KeyboardStatus;
  size: { width: number; height: number };
}

export type BarChange<Look = unknown> = Partial<Omit<BarSnapshot<Look>, 'epochMs'>>;

export const MIN_FRAME_MS = 100;
/** Long enough for a heartbeat's reads of /proc and statfs (well under a millisecond each), short to see. */
export const SETTLE_MS = 25;

export class BarStore<Look = unknown> {
  private snapshot: BarSnapshot<Look>;
  private pending: BarChange<Look> | undefined;
  private timer: unknown;
  private lastPublished = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly timers: Timers,
    initial: Omit<BarSnapshot<Look>, 'epochMs'>,
    private readonly minFrameMs = MIN_FRAME_MS,
    private readonly settleMs = SETTLE_MS,
  ) {
    this.snapshot = { ...initial, epochMs: timers.wallNow() };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): BarSnapshot<Look> => this.snapshot;

  /** Record a change (or none: the clock moved) and publish it with whatever else comes within the frame. */
  update(change: BarChange<Look> = {}): void {
    this.pending = { ...this.pending, ...change };
    if (this.timer !== undefined) return;
    this.timer = this.timers.setTimeout(() => this.publish(), Math.max(this.settleMs, this.lastPublished + this.minFrameMs - this.timers.now()));
  }

  /** Publish what is pending now (the first frame, a resize). */
  publish(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.lastPublished = this.timers.now();
    this.snapshot = { ...this.snapshot, ...this.pending, epochMs: this.timers.wallNow() };
    this.pending = undefined;
    for (const listener of this.listeners) listener();
  }

  close(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }
}
