/**
 * A front end that could not attach to the user's core (none came up in time, an older tilebar's core runs, …)
 * runs its bar in its own process — and keeps trying to attach, every RETRY_FIRST_MS at first, backing off to
 * RETRY_MOST_MS: once a core answers, the front end moves to it, its in-process bar is closed, and from then on
 * it is an attached front end like the others (its sources read once with theirs). The pane or feed reads a view
 * that follows whichever bar is in use (SwitchView), so it is not told: it only draws the new bar's next snapshot.
 */
import type { BarSnapshot, FrontEndBar, FrontEndView } from '../app/store.js';
import type { Log } from '../io/log.js';
import type { Timers } from '../scheduler/timers.js';

export const RETRY_FIRST_MS = 5_000;
export const RETRY_MOST_MS = 60_000;

/** A view that reads one front-end view, then another when told: its listeners and its size carried over. */
class SwitchView implements FrontEndView {
  #current: FrontEndView;
  readonly #listeners = new Set<() => void>();
  #off: () => void;
  #size: { width: number; height: number } | undefined;

  constructor(first: FrontEndView) {
    this.#current = first;
    this.#off = first.subscribe(() => this.#notify());
  }

  switchTo(next: FrontEndView): void {
    this.#off();
    this.#current = next;
    if (this.#size) next.resize(this.#size);
    this.#off = next.subscribe(() => this.#notify());
    this.#notify();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): BarSnapshot => this.#current.getSnapshot();
  readonly act: FrontEndView['act'] = (action) => this.#current.act(action);
  readonly bind: FrontEndView['bind'] = (trigger, mouseFollowsFocus) => this.#current.bind(trigger, mouseFollowsFocus);

  resize(size: { width: number; height: number }): void {
    this.#size = size;
    this.#current.resize(size);
  }

  close(): void {
    this.#off();
    this.#listeners.clear();
    this.#current.close();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}

export interface FallbackDeps {
  /** The user's core's bar, or undefined while none can be attached to. */
  attach: () => Promise<FrontEndBar | undefined>;
  /** The bar in this process (its modules imported only when it is first needed). */
  alone: () => Promise<FrontEndBar>;
  timers: Timers;
  log: Log;
}

/**
 * A front end's bar, attached or on its own, moving between the two: on its own it keeps trying to attach and
 * moves to the core once one answers; attached, it moves to a bar of its own when told it is stranded (the core
 * that answers speaks another protocol: remote-view.ts), and keeps trying from there.
 */
export class FallbackBar implements FrontEndBar {
  #bar: FrontEndBar;
  #attached: boolean;
  readonly #view: SwitchView;
  readonly #ticks = new Set<() => void>();
  #offTick: () => void;
  #retry: unknown;
  #wait = RETRY_FIRST_MS;
  #paused = false;
  #started = false;
  #stopped = false;
  #stranding = false;

  constructor(
    first: { attached: FrontEndBar } | { alone: FrontEndBar },
    private readonly deps: FallbackDeps,
  ) {
    this.#attached = 'attached' in first;
    this.#bar = 'attached' in first ? first.attached : first.alone;
    this.#view = new SwitchView(this.#bar.view);
    this.#offTick = this.#bar.onTick(() => this.#tick());
  }

  get view(): FrontEndView {
    return this.#view;
  }

  get origin(): string {
    return this.#bar.origin;
  }

  async start(): Promise<void> {
    this.#started = true;
    await this.#bar.start();
    if (!this.#attached) this.#schedule();
  }

  readonly onTick = (listener: () => void): (() => void) => {
    this.#ticks.add(listener);
    return () => this.#ticks.delete(listener);
  };

  refresh(): void {
    this.#bar.refresh();
  }

  reloadConfig(): void {
    this.#bar.reloadConfig();
  }

  pause(): void {
    this.#paused = true;
    this.#bar.pause();
  }

  resume(): void {
    this.#paused = false;
    this.#bar.resume();
  }

  revalidate(): void {
    this.#bar.revalidate();
  }

  stopUpdates(): void {
    this.#stopped = true;
    this.deps.timers.clearTimeout(this.#retry);
    this.#offTick();
    this.#bar.stopUpdates();
  }

  close(): Promise<void> {
    return this.#bar.close();
  }

  /**
   * The attached bar can never reach the core that answers now: the bar runs in this process from here on (its
   * last frame stays until the new one is drawn), and tries to attach again, backing off.
   */
  async strand(why: string): Promise<void> {
    if (!this.#attached || this.#stopped || this.#stranding) return;
    this.#stranding = true;
    try {
      const alone = await this.deps.alone();
      if (this.#stopped) {
        alone.stopUpdates();
        await alone.close();
        return;
      }
      await this.#switchTo(alone, false);
      if (this.#started) await alone.start();
      this.deps.log(`front end: runs its bar in its own process now (${why}); it attaches again once a core of its own tilebar answers`);
      this.#wait = RETRY_FIRST_MS;
      this.#schedule();
    } finally {
      this.#stranding = false;
    }
  }

  #tick(): void {
    for (const listener of this.#ticks) listener();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#retry = this.deps.timers.setTimeout(() => void this.#try(), this.#wait);
    this.#wait = Math.min(RETRY_MOST_MS, this.#wait * 2);
  }

  async #try(): Promise<void> {
    const attached = await this.deps.attach().catch(() => undefined);
    if (this.#stopped) {
      attached?.stopUpdates();
      await attached?.close();
      return;
    }
    if (!attached) return this.#schedule();
    await this.#switchTo(attached, true);
    this.deps.log(`front end: attached to tilebar's core now (${attached.origin}); the bar it ran on its own is closed`);
  }

  /** Shows `next` from now on, and closes the bar shown before. */
  async #switchTo(next: FrontEndBar, attached: boolean): Promise<void> {
    const before = this.#bar;
    this.#bar = next;
    this.#attached = attached;
    this.#offTick();
    this.#offTick = next.onTick(() => this.#tick());
    if (this.#paused) next.pause();
    this.#view.switchTo(next.view);
    before.stopUpdates();
    await before.close();
  }
}
