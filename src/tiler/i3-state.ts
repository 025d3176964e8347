/**
 * i3's and sway's layout tree (`GET_TREE`) as the tiler widgets' state (pure, never throwing). The bar's
 * `monitor` index is the output's position among the real outputs in the tree's order (i3's internal
 * `__i3` output left out). Workspaces are that output's; the focused one is the one i3 focuses on it (the first
 * in its `focus` list). Windows are the tree's leaves: i3 names an X11 window's class in `window_properties`,
 * sway a Wayland one's `app_id`.
 *
 * i3's layouts become the layout widget's nearest: `splith` → Columns, `splitv` → Rows, `stacked` →
 * VerticalStack (titles in a column, one window shown), `tabbed` → HorizontalStack (titles in a row), a
 * fullscreen window → Monocle; a floating focused window puts the layer at Floating. Clicks map back the same
 * way (translate-i3.ts), and the layout picker offers only what they map back to (`layouts`).
 *
 * The walk is bounded (depth, nodes and text) like every peer's document: a hostile or broken peer gets the
 * first part read, never a crash.
 */
import type { TilerLayout } from '../config/vocabulary.js';
import { I3_PICKER_LAYOUTS } from './translate-i3.js';
import { STATE_LIMITS, type TilerContainer, type TilerStateResult, type TilerWindow, type TilerWorkspace } from './state.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 64;
const MAX_NODES = 20_000;

const I3_LAYOUTS: Readonly<Record<string, TilerLayout>> = { splith: 'Columns', splitv: 'Rows', stacked: 'VerticalStack', tabbed: 'HorizontalStack' };

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, STATE_LIMITS.text) : '');
const nodesOf = (n: Obj): Obj[] => [...(Array.isArray(n.nodes) ? n.nodes : []), ...(Array.isArray(n.floating_nodes) ? n.floating_nodes : [])].filter(isObj);

function windowOf(n: Obj): TilerWindow {
  const props = isObj(n.window_properties) ? n.window_properties : {};
  return { title: text(n.name) || text(props.title), app: text(n.app_id) || text(props.class) || text(props.instance), ...(typeof n.id === 'number' ? { id: n.id } : {}) };
}

/** Leaves with a window (an X11 window id or a Wayland app), depth-first, bounded. */
function windowsUnder(root: Obj, budget: { nodes: number }): Obj[] {
  const out: Obj[] = [];
  const visit = (n: Obj, depth: number) => {
    if (depth > MAX_DEPTH || --budget.nodes < 0 || out.length >= STATE_LIMITS.windows) return;
    const children = nodesOf(n);
    if (children.length === 0 && (typeof n.window === 'number' || typeof n.app_id === 'string' || isObj(n.window_properties))) out.push(n);
    for (const c of children) visit(c, depth + 1);
  };
  visit(root, 0);
  return out;
}

/** The path from `root` to its focused leaf, following each node's `focus` list (ids, most recent first). */
function focusPath(root: Obj, budget: { nodes: number }): Obj[] {
  const path: Obj[] = [root];
  let n = root;
  for (let depth = 0; depth < MAX_DEPTH && --budget.nodes >= 0; depth++) {
    const children = nodesOf(n);
    if (children.length === 0) break;
    const first = Array.isArray(n.focus) ? n.focus[0] : undefined;
    const next = children.find((c) => c.id === first) ?? children[0];
    if (!next) break;
    path.push(next);
    n = next;
  }
  return path;
}

export function i3StateFrom(tree: unknown, monitor: number, manager: 'i3' | 'sway' = 'i3', mode?: string): TilerStateResult {
  if (!isObj(tree) || tree.type !== 'root' || !Array.isArray(tree.nodes)) return { ok: false, problem: 'not an i3 or sway layout tree: it has no root node' };
  const budget = { nodes: MAX_NODES };
  const outputs = tree.nodes.filter(isObj).filter((o) => o.type === 'output' && o.name !== '__i3');
  const output = outputs[monitor];
  if (!output) return { ok: false, problem: `monitor ${monitor} is not connected (${outputs.length} output${outputs.length === 1 ? '' : 's'}: ${outputs.map((o) => text(o.name)).join(', ')})` };
  const content = nodesOf(output).find((n) => n.type === 'con' && n.name === 'content') ?? output;
  const workspaceNodes = nodesOf(content).filter((n) => n.type === 'workspace').slice(0, STATE_LIMITS.workspaces);
  const focusedId = Array.isArray(content.focus) ? content.focus[0] : undefined;
  const focusedIndex = Math.max(0, workspaceNodes.findIndex((w) => w.id === focusedId));

  const workspaces = workspaceNodes.map((ws, index): TilerWorkspace => {
    const all = windowsUnder(ws, budget).map(windowOf);
    const path = focusPath(ws, budget);
    const leaf = path.at(-1);
    const parent = path.at(-2);
    const focusedWindows = leaf && leaf !== ws && parent ? nodesOf(parent).flatMap((c) => windowsUnder(c, budget)).map(windowOf) : [];
    return { index, name: text(ws.name) || String(index + 1), focused: index === focusedIndex, empty: all.length === 0, focusedWindows, allWindows: all };
  });

  const ws = workspaceNodes[focusedIndex];
  const path = ws ? focusPath(ws, budget) : [];
  const leaf = path.length > 1 ? path.at(-1) : undefined;
  const parent = path.at(-2);
  let container: TilerContainer | undefined;
  let layout: TilerLayout = 'Columns';
  let layer: 'Tiling' | 'Floating' = 'Tiling';
  if (leaf && parent) {
    const siblings = nodesOf(parent).filter((c) => windowsUnder(c, budget).length > 0);
    container = { windows: siblings.flatMap((c) => windowsUnder(c, budget)).slice(0, STATE_LIMITS.windows).map(windowOf), focusedIndex: Math.max(0, siblings.indexOf(leaf)), locked: false };
    layout = leaf.fullscreen_mode === 1 || leaf.fullscreen_mode === 2 ? 'Monocle' : (I3_LAYOUTS[text(parent.layout)] ?? 'Columns');
    // A floating window sits in a `floating_con` somewhere on the way down from the workspace.
    layer = path.some((n) => n.type === 'floating_con') ? 'Floating' : 'Tiling';
  } else if (ws) layout = I3_LAYOUTS[text(ws.layout)] ?? 'Columns';
  const shownMode = mode && mode !== 'default' ? mode.slice(0, STATE_LIMITS.text) : undefined;
  return { ok: true, state: { monitorIndex: monitor, workspaces, focusedWorkspace: focusedIndex, layout, layer, manager, layouts: I3_PICKER_LAYOUTS, ...(container ? { container } : {}), ...(shownMode ? { mode: shownMode } : {}) } };
}
