/**
 * The live core as the front ends see it (the pane, the feeds, the command line): each reads its own view of
 * the core (LiveBar.openView, view-of-core.ts), whose snapshots carry the look the view step made
 * (src/view/appearance.ts), the front end's size and its monitor's window-manager state. Front ends import these
 * types from here, never from src/bar, so the core can change how it keeps its state without them.
 */
import type { BarSnapshot as FrontEndSnapshot } from '../bar/bar-store.js';
import type { Appearance } from '../view/appearance.js';

export type BarSnapshot = FrontEndSnapshot<Appearance>;

/** What a front end reads: its view of the live core, or in tests a store of fixed snapshots (bar/bar-store.ts). */
export interface BarStore {
  /** Called after each new snapshot; returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** The same object until something shown changed (what useSyncExternalStore needs). */
  getSnapshot(): BarSnapshot;
}

/** What a click asks of the bar (the layout picker's toggle is the front end's own). */
export type { BarAction } from './live-bar.js';

/**
 * A front end's view of a bar, wherever the bar runs: in this process (LiveBar.openView) or in the user's core
 * (src/attach's RemoteView). Clicks and bindings act for the view's monitor.
 */
export interface FrontEndView extends BarStore {
  act(action: import('./live-bar.js').BarAction): void;
  bind(trigger: import('../config/schema/mouse.js').MouseTrigger, mouseFollowsFocus: boolean | undefined): void;
  /** The front end's new size (a terminal's), drawn at once with the clocks of now. */
  resize(size: { width: number; height: number }): void;
  /** The front end is leaving: it hears no more. */
  close(): void;
}

/** A front end's bar and its view: what `run` and the feeds drive, in-process or attached to the user's core. */
export interface FrontEndBar {
  readonly view: FrontEndView;
  /** Where the config came from, or which core serves it: for the log. */
  readonly origin: string;
  /** Everything after the first frame: the sources, the watchers, the window manager (or the core's states). */
  start(): Promise<void>;
  /** About once a second while the bar runs (a quiet feed's probe, a parent's watch). */
  onTick(listener: () => void): () => void;
  /** SIGUSR1: every source read again now; SIGUSR2: the config read again now. */
  refresh(): void;
  reloadConfig(): void;
  /** A host bar hides the bar (i3bar's stop signal), or shows it again. */
  pause(): void;
  resume(): void;
  /** A frame could not be drawn from the model: validate it now (a cached model), or nothing. */
  revalidate(): void;
  /** No more updates to the view (before the front end is taken down). */
  stopUpdates(): void;
  /** Everything stopped: the in-process core, or the attachment to the user's. */
  close(): Promise<void>;
}
