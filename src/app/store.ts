/**
 * The live core's store as the front ends see it (the pane, the feeds, the command line): its snapshots carry
 * the look the view step made (src/view/appearance.ts). Front ends import the store from here, never from
 * src/bar, so the core can change how it keeps its state without them.
 */
import type { BarSnapshot as CoreSnapshot, BarStore as CoreStore } from '../bar/bar-store.js';
import type { Appearance } from '../view/appearance.js';

export type BarSnapshot = CoreSnapshot<Appearance>;
export type BarStore = CoreStore<Appearance>;
