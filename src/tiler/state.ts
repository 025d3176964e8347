/**
 * The window manager's state as the tiler widgets need it, from a notification (`{"event", "state"}`) or a
 * bare state document. Parsing is lenient: what is missing reads as empty; a document that is not a state
 * at all is a problem, never an exception.
 */
import type { TilerLayout } from '../config/vocabulary.js';

export interface TilerWindow {
  title: string;
  /** Executable or application name (`firefox.exe`, `Safari`), for the icon substitute. */
  app: string;
  /** The manager's own handle (an i3/sway con_id, a Hyprland address), for focusing it on a click. */
  id?: number | string;
}

export interface TilerWorkspace {
  index: number;
  name: string;
  focused: boolean;
  empty: boolean;
  /** Windows of the focused container (what the Icon formats show). */
  focusedWindows: TilerWindow[];
  /** Every window: monocle, tiled, maximized, floating (the AllIcons formats). */
  allWindows: TilerWindow[];
  /** The manager's own handle (a Hyprland workspace id), for focusing it on a click. */
  id?: number;
}

export interface TilerContainer {
  windows: TilerWindow[];
  focusedIndex: number;
  locked: boolean;
}

export interface TilerState {
  /** The real index of the bar's monitor. */
  monitorIndex: number;
  workspaces: TilerWorkspace[];
  focusedWorkspace: number;
  layout: TilerLayout;
  layer: 'Tiling' | 'Floating';
  container?: TilerContainer;
  mouseFollowsFocus?: boolean;
  /** Which manager this came from; absent: komorebi. Locks and configuration switching are komorebi's only. */
  manager?: string;
  /** The binding mode (i3/sway) or submap (Hyprland) when not the default one. */
  mode?: string;
  /**
   * The layouts the layout picker can apply here: those its manager's translator sends (translate-i3.ts,
   * translate-hyprland.ts), so the picker never offers a choice that would be "not supported, not sent".
   * Absent: every layout (komorebi, which is sent the picker's messages as they are).
   */
  layouts?: readonly TilerLayout[];
}

export type TilerStateResult = { ok: true; state: TilerState } | { ok: false; problem: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a state may hold, however large the document: a bar shows a handful of workspaces and windows, and
 * a peer that sends a million of them (or a 5 MB title) gets the first few and the rest are not read.
 */
export const STATE_LIMITS = { workspaces: 64, windows: 128, text: 512 } as const;

const ring = (v: unknown, limit: number): { elements: unknown[]; focused: number } => {
  if (Array.isArray(v)) return { elements: v.slice(0, limit), focused: 0 };
  if (!isObj(v)) return { elements: [], focused: 0 };
  const elements = Array.isArray(v.elements) ? v.elements.slice(0, limit) : [];
  return { elements, focused: typeof v.focused === 'number' && Number.isInteger(v.focused) ? v.focused : 0 };
};

const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, STATE_LIMITS.text) : undefined);

function windowOf(w: unknown): TilerWindow {
  if (!isObj(w)) return { title: '', app: '' };
  const details = isObj(w.details) ? w.details : {};
  const title = textOf(w.title) ?? textOf(details.title) ?? '';
  const app = textOf(w.exe) ?? textOf(details.exe) ?? '';
  return { title, app };
}

function containerOf(c: unknown): TilerContainer | undefined {
  if (!isObj(c)) return undefined;
  const windows = ring(c.windows, STATE_LIMITS.windows);
  return { windows: windows.elements.map(windowOf), focusedIndex: windows.focused, locked: c.locked === true };
}

const DEFAULT_LAYOUT_NAMES = new Set(['BSP', 'Columns', 'Rows', 'VerticalStack', 'HorizontalStack', 'UltrawideVerticalStack', 'Grid', 'RightMainVerticalStack', 'Scrolling']);

function layoutOf(ws: Obj, paused: boolean): TilerLayout {
  if (ws.monocle_container) return 'Monocle';
  if (ws.tile === false) return 'Floating';
  if (paused) return 'Paused';
  const l = ws.layout;
  if (isObj(l) && typeof l.Default === 'string' && DEFAULT_LAYOUT_NAMES.has(l.Default)) return l.Default as TilerLayout;
  if (typeof l === 'string' && DEFAULT_LAYOUT_NAMES.has(l)) return l as TilerLayout;
  return isObj(l) && 'Custom' in l ? 'Custom' : 'BSP';
}

/**
 * The user monitor indices a state has a monitor for (through `monitor_usr_idx_map` when it has one), in order:
 * what a saved state can show when it lacks the monitor a bar is on (`preview --tiler-state`).
 */
export function stateMonitors(doc: unknown): number[] {
  const state = isObj(doc) && isObj(doc.state) ? doc.state : doc;
  if (!isObj(state) || !('monitors' in state)) return [];
  const monitors = ring(state.monitors, STATE_LIMITS.workspaces).elements;
  const shown = (at: unknown) => typeof at === 'number' && isObj(monitors[at]);
  const map = isObj(state.monitor_usr_idx_map) ? state.monitor_usr_idx_map : undefined;
  if (!map) return monitors.flatMap((_, i) => (shown(i) ? [i] : []));
  return Object.entries(map)
    .flatMap(([user, at]) => (/^\d{1,9}$/.test(user) && shown(at) ? [Number(user)] : []))
    .sort((a, b) => a - b);
}

/** `monitor`: the bar's user monitor index, mapped through `monitor_usr_idx_map` when the state has one. */
export function tilerStateFrom(doc: unknown, monitor: number): TilerStateResult {
  const state = isObj(doc) && isObj(doc.state) ? doc.state : doc;
  if (!isObj(state) || !('monitors' in state)) return { ok: false, problem: 'not a window-manager state: it has no "monitors"' };
  const map = isObj(state.monitor_usr_idx_map) ? state.monitor_usr_idx_map : undefined;
  const mapped = map ? (Object.hasOwn(map, String(monitor)) ? map[String(monitor)] : undefined) : monitor;
  if (typeof mapped !== 'number') return { ok: false, problem: `monitor ${monitor} is not connected (monitor_usr_idx_map has no ${monitor})` };
  const monitors = ring(state.monitors, STATE_LIMITS.workspaces);
  const mon = monitors.elements[mapped];
  if (!isObj(mon)) return { ok: false, problem: `the state has no monitor ${mapped}` };
  const paused = state.is_paused === true;
  const wss = ring(mon.workspaces, STATE_LIMITS.workspaces);
  const workspaces = wss.elements.map((w, index): TilerWorkspace => {
    const ws = isObj(w) ? w : {};
    const containers = ring(ws.containers, STATE_LIMITS.windows);
    const floating = ring(ws.floating_windows, STATE_LIMITS.windows);
    const monocle = containerOf(ws.monocle_container);
    const maximized = ws.maximized_window ? windowOf(ws.maximized_window) : undefined;
    const focusedContainer = monocle ?? containerOf(containers.elements[containers.focused]);
    const tiled = containers.elements.flatMap((c) => containerOf(c)?.windows ?? []);
    const allWindows = [...(monocle?.windows ?? []), ...tiled, ...(maximized ? [maximized] : []), ...floating.elements.map(windowOf)].slice(0, STATE_LIMITS.windows);
    return {
      index,
      name: textOf(ws.name) || String(index + 1),
      focused: index === wss.focused,
      empty: containers.elements.length === 0 && !monocle && !maximized && floating.elements.length === 0,
      focusedWindows: focusedContainer?.windows ?? [],
      allWindows,
    };
  });
  const focusedWs = isObj(wss.elements[wss.focused]) ? (wss.elements[wss.focused] as Obj) : {};
  const containers = ring(focusedWs.containers, STATE_LIMITS.windows);
  const container = containerOf(focusedWs.monocle_container) ?? containerOf(containers.elements[containers.focused]);
  return {
    ok: true,
    state: {
      monitorIndex: mapped,
      workspaces,
      focusedWorkspace: wss.focused,
      layout: layoutOf(focusedWs, paused),
      layer: focusedWs.layer === 'Floating' ? 'Floating' : 'Tiling',
      ...(container ? { container } : {}),
      ...(typeof state.mouse_follows_focus === 'boolean' ? { mouseFollowsFocus: state.mouse_follows_focus } : {}),
    },
  };
}
