/**
 * One front end's view of the live core: the core keeps what every front end shares (the model, readings,
 * clock, the window manager's state for any monitor); a view adds what is this front end's own — its monitor
 * (the model's unless it names one: two monitors' bars over one core), its look of the model (theme, icons,
 * cells) and its size — and is read the way a front end reads a store (`subscribe`, `getSnapshot`). Closing
 * a view stops only its own updates: the other front ends over the same core go on.
 */
import type { BarSnapshot, CoreSnapshot, TimedStore } from '../bar/bar-store.js';
import type { BarModel } from '../config/model.js';

export interface ViewOptions<Look> {
  /** The window manager's monitor this front end shows; default: the model's (`monitor` in the config). */
  monitor?: number;
  /** The look of a model (theme, icons, cells): the front end's choices applied to the config's. */
  appearance: (model: BarModel) => Look;
  /** The front end's first size, in cells (a terminal's; a host bar's line). */
  size: { width: number; height: number };
}

export class CoreView<Look> {
  readonly #core: TimedStore<CoreSnapshot>;
  readonly #options: ViewOptions<Look>;
  readonly #listeners = new Set<() => void>();
  readonly #offCore: () => void;
  #size: { width: number; height: number };
  /** The look is made once per model (a reload makes a new one), not once per frame: it holds the view's caches. */
  #look: { model: BarModel; look: Look } | undefined;
  /** The snapshot handed out, and what it was made from: the same object until one of those changes. */
  #made: { from: CoreSnapshot; size: { width: number; height: number }; snapshot: BarSnapshot<Look> } | undefined;

  constructor(core: TimedStore<CoreSnapshot>, options: ViewOptions<Look>) {
    this.#core = core;
    this.#options = options;
    this.#size = options.size;
    this.#offCore = core.subscribe(() => {
      for (const listener of this.#listeners) listener();
    });
  }

  /** The monitor shown now: the view's own, else the current model's. */
  get monitor(): number {
    return this.#options.monitor ?? this.#core.getSnapshot().model.monitor.index;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The same object until something this view shows changed (useSyncExternalStore relies on it). */
  readonly getSnapshot = (): BarSnapshot<Look> => {
    const from = this.#core.getSnapshot();
    const made = this.#made;
    if (made && made.from === from && made.size === this.#size) return made.snapshot;
    const snapshot = this.#snapshotOf(from);
    this.#made = { from, size: this.#size, snapshot };
    return snapshot;
  };

  /**
   * A new size (the terminal's): shown at once. The core publishes what it has pending with it — every view
   * gets that frame, as every front end did when the one store was published on a resize — so the frame drawn
   * at the new size shows the clock of now, not of the last tick.
   */
  resize(size: { width: number; height: number }): void {
    this.#size = size;
    this.#core.publish();
  }

  /** This front end is leaving: it hears no more; the core and the other views go on. */
  close(): void {
    this.#offCore();
    this.#listeners.clear();
  }

  #snapshotOf(from: CoreSnapshot): BarSnapshot<Look> {
    if (this.#look?.model !== from.model) this.#look = { model: from.model, look: this.#options.appearance(from.model) };
    // The manager answers, but maybe not for this view's monitor: then there is nothing of it to show here.
    const state = from.windowManager?.(this.monitor);
    // Every part named (the type makes a part added to the core's snapshot fail here until it is passed on): an
    // object literal costs ~40 ns where spreading the core's snapshot minus one part cost ~7 µs a frame.
    return {
      model: from.model,
      look: this.#look.look,
      message: from.message,
      statuses: from.statuses,
      epochMs: from.epochMs,
      systemZone: from.systemZone,
      tiler: state?.ok ? state.state : undefined,
      noTiler: from.noTiler,
      tilerDown: state ? !state.ok : from.tilerDown,
      media: from.media,
      keyboard: from.keyboard,
      size: this.#size,
    } satisfies Record<keyof BarSnapshot<Look>, unknown>;
  }
}
