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

/** The in-process bar `alone`, which moves to the user's core as soon as `attach` gives one. */
export class FallbackBar implements FrontEndBar {
  #bar: FrontEndBar;
  readonly #view: SwitchView;
  readonly #ticks = new Set<() => void>();
  #offTick: () => void;
  #retry: unknown;
  #wait = RETRY_FIRST_MS;
  #paused = false;
  #stopped = false;

  constructor(
    alone: FrontEndBar,
    private readonly attach: () => Promise<FrontEndBar | undefined>,
    private readonly timers: Timers,
    private readonly log: Log,
  ) {
    this.#bar = alone;
    this.#view = new SwitchView(alone.view);
    this.#offTick = alone.onTick(() => this.#tick());
  }

  get view(): FrontEndView {
    return this.#view;
  }

  get origin(): string {
    return this.#bar.origin;
  }

  async start(): Promise<void> {
    await this.#bar.start();
    this.#schedule();
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
    this.timers.clearTimeout(this.#retry);
    this.#offTick();
    this.#bar.stopUpdates();
  }

  close(): Promise<void> {
    return this.#bar.close();
  }

  #tick(): void {
    for (const listener of this.#ticks) listener();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#retry = this.timers.setTimeout(() => void this.#try(), this.#wait);
    this.#wait = Math.min(RETRY_MOST_MS, this.#wait * 2);
  }

  async #try(): Promise<void> {
    const attached = await this.attach().catch(() => undefined);
    if (this.#stopped) {
      attached?.stopUpdates();
      await attached?.close();
      return;
    }
    if (!attached) return this.#schedule();
    const alone = this.#bar;
    this.#bar = attached;
    this.#offTick();
    this.#offTick = attached.onTick(() => this.#tick());
    if (this.#paused) attached.pause();
    this.#view.switchTo(attached.view);
    alone.stopUpdates();
    await alone.close();
    this.log(`front end: attached to tilebar's core now (${attached.origin}); the bar it ran on its own is closed`);
  }
}
