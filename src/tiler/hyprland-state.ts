/**
 * Hyprland's replies (`j/monitors`, `j/workspaces`, `j/clients`, `j/activewindow`, the `general:layout`
 * option) as the tiler widgets' state (pure, never throwing, bounded like every peer's document).
 *
 * The bar's `monitor` index is the monitor's position by Hyprland id. Its workspaces are the ones Hyprland
 * places on it, by id (special workspaces, with negative ids, are left out); the focused one is the monitor's
 * active workspace. A workspace's windows are the clients on it; its "focused container" is the window last
 * focused there (lowest `focusHistoryID`) and, when that window is in a group, the whole group — Hyprland's
 * stacks. Hyprland has one layout for all workspaces: dwindle → BSP, master → VerticalStack, scrolling →
 * Scrolling, another (a plugin's) → Custom; a fullscreen window → Monocle, a floating one → the Floating layer.
 */
import type { TilerLayout } from '../config/vocabulary.js';
import { HYPRLAND_PICKER_LAYOUTS } from './translate-hyprland.js';
import { STATE_LIMITS, type TilerContainer, type TilerStateResult, type TilerWindow, type TilerWorkspace } from './state.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown, limit: number): Obj[] => (Array.isArray(v) ? v.slice(0, limit).filter(isObj) : []);
const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, STATE_LIMITS.text) : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export interface HyprlandSnapshot {
  monitors: unknown;
  workspaces: unknown;
  clients: unknown;
  activewindow?: unknown;
  /** `j/getoption general:layout`'s reply. */
  layoutOption?: unknown;
  /** The submap, when not the default one. */
  submap?: string;
}

const LAYOUTS: Readonly<Record<string, TilerLayout>> = { dwindle: 'BSP', master: 'VerticalStack', scrolling: 'Scrolling' };
/** Clients read: enough for any desktop; a peer sending more gets the first ones read. */
const MAX_CLIENTS = 1024;

function windowOf(c: Obj): TilerWindow {
  const address = text(c.address);
  return { title: text(c.title), app: text(c.class) || text(c.initialClass), ...(address ? { id: address } : {}) };
}

const workspaceIdOf = (c: Obj) => (isObj(c.workspace) ? num(c.workspace.id) : undefined);
const isFullscreen = (c: Obj | undefined) => c !== undefined && (c.fullscreen === true || (num(c.fullscreen) ?? 0) > 0);

export function hyprlandStateFrom(s: HyprlandSnapshot, monitor: number): TilerStateResult {
  const monitors = objs(s.monitors, STATE_LIMITS.workspaces).sort((a, b) => (num(a.id) ?? 0) - (num(b.id) ?? 0));
  if (!Array.isArray(s.monitors)) return { ok: false, problem: 'Hyprland sent no monitor list' };
  const mon = monitors[monitor];
  if (!mon) return { ok: false, problem: `monitor ${monitor} is not connected (${monitors.length} monitor${monitors.length === 1 ? '' : 's'}: ${monitors.map((m) => text(m.name)).join(', ')})` };
  const monId = num(mon.id);
  const monName = text(mon.name);
  const clients = objs(s.clients, MAX_CLIENTS).filter((c) => c.mapped !== false && c.hidden !== true);
  const activeId = isObj(mon.activeWorkspace) ? num(mon.activeWorkspace.id) : undefined;
  const wsNodes = objs(s.workspaces, 1024)
    .filter((w) => (num(w.id) ?? 0) > 0 && (num(w.monitorID) !== undefined ? num(w.monitorID) === monId : text(w.monitor) === monName))
    .sort((a, b) => (num(a.id) ?? 0) - (num(b.id) ?? 0))
    .slice(0, STATE_LIMITS.workspaces);

  /** The window last focused on a workspace, and its group when it is in one. */
  const focusOn = (id: number | undefined): { leaf?: Obj; group: Obj[] } => {
    const on = clients.filter((c) => workspaceIdOf(c) === id);
    const leaf = on.reduce<Obj | undefined>((best, c) => (best === undefined || (num(c.focusHistoryID) ?? Infinity) < (num(best.focusHistoryID) ?? Infinity) ? c : best), undefined);
    const grouped = leaf && Array.isArray(leaf.grouped) ? leaf.grouped.filter((a): a is string => typeof a === 'string') : [];
    const group = grouped.length > 1 ? grouped.map((a) => on.find((c) => c.address === a)).filter(isObj) : leaf ? [leaf] : [];
    return { ...(leaf ? { leaf } : {}), group };
  };

  const workspaces = wsNodes.map((w, index): TilerWorkspace => {
    const id = num(w.id);
    const all = clients.filter((c) => workspaceIdOf(c) === id).slice(0, STATE_LIMITS.windows).map(windowOf);
    const empty = all.length === 0 && (num(w.windows) ?? 0) === 0;
    return { index, name: text(w.name) || String(id ?? index + 1), focused: id === activeId, empty, focusedWindows: focusOn(id).group.map(windowOf), allWindows: all, ...(id !== undefined ? { id } : {}) };
  });
  const focusedIndex = Math.max(0, workspaces.findIndex((w) => w.focused));
  const { leaf, group } = focusOn(activeId);
  const container: TilerContainer | undefined = leaf ? { windows: group.slice(0, STATE_LIMITS.windows).map(windowOf), focusedIndex: Math.max(0, group.indexOf(leaf)), locked: false } : undefined;
  const option = isObj(s.layoutOption) ? text(s.layoutOption.str) : '';
  const layout: TilerLayout = isFullscreen(leaf) ? 'Monocle' : (LAYOUTS[option] ?? (option ? 'Custom' : 'BSP'));
  const submap = s.submap ? s.submap.slice(0, STATE_LIMITS.text) : '';
  return {
    ok: true,
    state: {
      monitorIndex: monitor,
      workspaces,
      focusedWorkspace: focusedIndex,
      layout,
      layer: leaf?.floating === true ? 'Floating' : 'Tiling',
      manager: 'hyprland',
      layouts: HYPRLAND_PICKER_LAYOUTS,
      ...(container ? { container } : {}),
      ...(submap ? { mode: submap } : {}),
    },
  };
}
