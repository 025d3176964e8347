/**
 * The first step of the view: a snapshot of the live core → what the widgets are composed from, and the layout
 * picker's state after a click. Both renderers and the feeds share it; it knows no terminal and no host.
 */
import type { BarSnapshot } from '../bar/bar-store.js';
import type { ClickAction } from '../../widgets/view.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import type { BarState } from './compose.js';

/** What the widgets are composed from, in a snapshot (both renderers draw from this). */
export function barStateOf(s: BarSnapshot, tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>, pickerOpen: boolean): BarState {
  return {
    statuses: s.statuses,
    clock: { epochMs: s.epochMs, systemZone: s.systemZone },
    ...(s.tiler ? { tiler: s.tiler } : {}),
    ...(s.media ? { media: s.media } : {}),
    ...(s.keyboard ? { keyboard: s.keyboard } : {}),
    tilerOptions: { ...tilerOptions, pickerOpen, ...(s.noTiler ? { noManager: true } : {}), ...(s.tilerDown ? { down: true } : {}) },
  };
}

/**
 * The layout picker a front end keeps open or closed, after a click's action: its own action toggles it, and a
 * choice sent to the window manager closes it. The renderers and the feeds share this.
 */
export function pickerAfter(action: ClickAction, open: boolean): boolean {
  if (action.kind === 'toggle-layout-picker') return !open;
  return action.kind === 'messages' ? false : open;
}
