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
