/**
 * The Tiler widget's six sub-widgets as units, in the original's order: workspaces, workspace_layer,
 * layout, configuration_switcher, locked_container, focused_container. Clicks carry the window-manager
 * messages the original sends. Applications' images cannot be drawn in a terminal: a window's "icon" is
 * its application's initial (`F` for firefox.exe), in the icon colour.
 */
import type { TilerModel } from './model.js';
import type { DisplayFormat, WorkspacesDisplayFormat } from '../../src/config/schema/common.js';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import type { TilerState, TilerWindow } from '../../src/tiler/state.js';
import type { IconName } from '../icons.js';
import type { TilerLayout } from '../../src/config/vocabulary.js';
import type { ClickAction, Segment, UnitView } from '../view.js';
import { compareNames } from '../../src/text/compare.js';

export interface TilerViewOptions {
  /** Whether the layout picker is open (the bar keeps that state; a click on the layout toggles it). */
  pickerOpen?: boolean;
  /** Whether a configuration file exists (the switcher shows only existing ones); paths are already resolved. */
  exists?: (path: string) => boolean;
  /** Resolves `%VAR%`, `$Env:VAR` and `$VAR` in a switcher path. */
  resolvePath?: (path: string) => string;
  /** No window manager was found (Linux without i3, sway, Hyprland or komorebi): said once, quietly. */
  noManager?: boolean;
  /**
   * The window manager found does not answer (its first connection failed, or the connection went). Before
   * that, while the first connection is being made, the widgets show nothing: a bar never starts by saying
   * "not connected" about a manager it is still reaching.
   */
  down?: boolean;
}

const LAYOUT_ICONS: Readonly<Record<TilerLayout, IconName>> = {
  BSP: 'LAYOUT_BSP',
  Columns: 'LAYOUT_COLUMNS',
  Rows: 'LAYOUT_ROWS',
  VerticalStack: 'LAYOUT_VERTICAL_STACK',
  HorizontalStack: 'LAYOUT_HORIZONTAL_STACK',
  UltrawideVerticalStack: 'LAYOUT_ULTRAWIDE',
  Grid: 'LAYOUT_GRID',
  RightMainVerticalStack: 'LAYOUT_RIGHT_MAIN',
  Scrolling: 'LAYOUT_SCROLLING',
  Monocle: 'LAYOUT_MONOCLE',
  Floating: 'LAYOUT_FLOATING',
  Paused: 'LAYOUT_PAUSED',
  Custom: 'LAYOUT_CUSTOM',
};

/** A window's stand-in icon: the first letter of its application (`firefox.exe` → `F`). */
export function appInitial(w: TilerWindow): string {
  const base = w.app.split(/[\\/]/).pop()?.replace(/\.(exe|app)$/i, '') ?? '';
  const letter = [...(base || w.title)].find((ch) => /\p{L}|\p{N}/u.test(ch));
  return (letter ?? '?').toUpperCase();
}

const msg = (type: string, content?: unknown): SocketMessage => (content === undefined ? { type } : { type, content }) as SocketMessage;

/** Wrap a focus message so the mouse does not jump: only when mouse-follows-focus is on. */
function mffWrapped(state: TilerState, m: SocketMessage): SocketMessage[] {
  return state.mouseFollowsFocus ? [msg('MouseFollowsFocus', false), m, msg('MouseFollowsFocus', true)] : [m];
}

const act = (messages: SocketMessage[]): ClickAction => ({ kind: 'messages', messages });

/** Icon and/or text of one element under a DisplayFormat; `selected` is whether it is the selected element. */
function element(display: DisplayFormat, selected: boolean, icon: Segment[], text: Segment[]): Segment[] {
  switch (display) {
    case 'Icon':
      return icon.length > 0 ? icon : text;
    case 'Text':
      return text;
    case 'IconAndText':
      return [...icon, ...text];
    case 'IconAndTextOnSelected':
      return selected ? [...icon, ...text] : icon.length > 0 ? icon : text;
    case 'TextAndIconOnSelected':
      return selected ? [...icon, ...text] : text;
  }
}

const withSpace = (icon: Segment[], text: Segment[]) => (icon.length > 0 && text.length > 0 && icon.at(-1)?.role === 'glyph' ? [...icon, { role: 'text', text: ' ' } as Segment, ...text] : [...icon, ...text]);

function workspacesUnit(cfg: NonNullable<TilerModel['workspaces']>, state: TilerState): UnitView {
  const display: WorkspacesDisplayFormat = cfg.display;
  const all = display.startsWith('AllIcons');
  const base: DisplayFormat = display === 'AllIcons' ? 'Icon' : display === 'AllIconsAndText' ? 'IconAndText' : display === 'AllIconsAndTextOnSelected' ? 'IconAndTextOnSelected' : display;
  const segments: Segment[] = [];
  for (const ws of state.workspaces) {
    if (cfg.hideEmptyWorkspaces && ws.empty && !ws.focused) continue;
    const action = act(mffWrapped(state, msg('FocusMonitorWorkspaceNumber', [state.monitorIndex, ws.index])));
    const common = { selected: ws.focused, action };
    const windows = all ? ws.allWindows : ws.focusedWindows;
    // A workspace without windows gets a box where an icon is all there is to show.
    const icons: Segment[] =
      windows.length > 0
        ? [{ role: 'glyph', text: windows.map(appInitial).join(''), ...common }]
        : base === 'Icon' || (base === 'IconAndTextOnSelected' && !ws.focused)
          ? [{ role: 'icon', icon: 'WINDOW', ...common }]
          : [];
    const text: Segment[] = [{ role: 'value', text: ws.name, ...common }];
    if (segments.length > 0) segments.push({ role: 'text', text: ' ' });
    const shown = element(base, ws.focused, icons, text);
    segments.push(...(shown === icons || shown === text ? shown : withSpace(icons, text)));
  }
  const focused = state.workspaces[state.focusedWorkspace];
  return { id: 'tiler:workspaces', name: 'Tiler workspaces', segments, state: 'normal', ...(focused ? { valueText: focused.name } : {}), checks: [] };
}

function layoutUnit(cfg: NonNullable<TilerModel['layout']>, state: TilerState, pickerOpen: boolean): UnitView {
  const layoutAction = (l: TilerLayout): ClickAction | undefined => {
    switch (l) {
      case 'Monocle':
        return act([msg('FocusMonitorAtCursor'), msg('ToggleMonocle')]);
      case 'Floating':
        return act([msg('FocusMonitorAtCursor'), msg('ToggleTiling')]);
      case 'Paused':
        return act([msg('TogglePause')]);
      case 'Custom':
        return undefined;
      default:
        return act([msg('WorkspaceLayout', [state.monitorIndex, state.focusedWorkspace, l])]);
    }
  };
  const entry = (l: TilerLayout, selected: boolean, action: ClickAction | undefined): Segment[] => {
    const extra = { ...(selected ? { selected } : {}), ...(action ? { action } : {}) };
    return element(cfg.display, selected, [{ role: 'icon', icon: LAYOUT_ICONS[l], ...extra }], [{ role: 'value', text: l, ...extra }]);
  };
  const current = state.layout;
  const isDefault = !['Monocle', 'Floating', 'Paused', 'Custom'].includes(current);
  // The picker offers what the manager can apply (the state says which: i3's four layouts and two toggles,
  // Hyprland's two toggles; komorebi every one), never a choice its translator would not send.
  const choices = cfg.options.filter((option) => option !== current && (state.layouts === undefined || state.layouts.includes(option)));
  // Clicking a Default layout opens the picker, when it has a choice; Monocle, Floating and Paused toggle back.
  const currentAction: ClickAction | undefined = isDefault ? (choices.length > 0 ? { kind: 'toggle-layout-picker' } : undefined) : layoutAction(current);
  const segments: Segment[] = entry(current, true, currentAction);
  if (pickerOpen && choices.length > 0) {
    segments.push({ role: 'text', text: ' ' }, { role: 'icon', icon: 'ARROW_FAT_LINES_RIGHT' });
    for (const option of choices) segments.push({ role: 'text', text: ' ' }, ...entry(option, false, layoutAction(option)));
  }
  const menuOpen = pickerOpen && choices.length > 0;
  return { id: 'tiler:layout', name: 'Tiler layout', segments, state: 'normal', valueText: current, checks: [], ...(menuOpen ? { menuOpen } : {}) };
}

function layerUnit(cfg: NonNullable<TilerModel['workspaceLayer']>, state: TilerState): UnitView {
  const base = { id: 'tiler:layer', name: 'Tiler layer', checks: [] };
  // i3's binding mode (Hyprland's submap) shows where the layer does, as i3bar and waybar show it: while active.
  if (state.mode) return { ...base, segments: [{ role: 'value', text: state.mode, selected: true }], state: 'normal', valueText: state.mode, why: 'binding mode' };
  if (state.layer === 'Tiling' && !cfg.showWhenTiling) return { ...base, segments: [], state: 'hidden', why: 'Tiling (show_when_tiling is false)' };
  const action = act([msg('FocusMonitorAtCursor'), msg('MouseFollowsFocus', false), msg('ToggleWorkspaceLayer'), msg('MouseFollowsFocus', state.mouseFollowsFocus ?? false)]);
  const icon: Segment[] = [{ role: 'icon', icon: state.layer === 'Tiling' ? 'LAYER_TILING' : 'LAYER_FLOATING', action }];
  const text: Segment[] = [{ role: 'value', text: state.layer, action }];
  // One element, always "selected": the OnSelected formats show icon and word.
  return { ...base, segments: element(cfg.display, true, icon, text), state: 'normal', valueText: state.layer };
}

function lockedUnit(cfg: NonNullable<TilerModel['lockedContainer']>, state: TilerState): UnitView {
  const base = { id: 'tiler:locked', name: 'Tiler locked container', checks: [] };
  const c = state.container;
  if (state.manager) return { ...base, segments: [], state: 'hidden', why: `${state.manager} has no container locks` };
  if (!c) return { ...base, segments: [], state: 'hidden', why: 'no focused container' };
  if (!c.locked && !cfg.showWhenUnlocked) return { ...base, segments: [], state: 'hidden', why: 'unlocked (show_when_unlocked is false)' };
  const action = act([msg('FocusMonitorAtCursor'), msg('ToggleLock')]);
  const word = c.locked ? 'Locked' : 'Unlocked';
  const icon: Segment[] = [{ role: 'icon', icon: c.locked ? 'LOCK_KEY' : 'LOCK_SIMPLE_OPEN', action }];
  return { ...base, segments: element(cfg.display, true, icon, [{ role: 'value', text: word, action }]), state: 'normal', valueText: word };
}

function focusedUnit(cfg: NonNullable<TilerModel['focusedContainer']>, state: TilerState): UnitView {
  const base = { id: 'tiler:focused', name: 'Tiler focused container', checks: [] };
  const c = state.container;
  if (!c || c.windows.length === 0) return { ...base, segments: [], state: 'hidden', why: 'no focused window' };
  const stacked = c.windows.length > 1;
  const segments: Segment[] = [];
  c.windows.forEach((w, i) => {
    const focused = i === c.focusedIndex;
    // The focused window is highlighted only in a stack; the others focus on click.
    const extra = { ...(stacked && focused ? { selected: true } : {}), ...(!focused ? { action: act(mffWrapped(state, msg('FocusStackWindow', i))) } : {}) };
    if (segments.length > 0) segments.push({ role: 'text', text: ' ' });
    const icon: Segment[] = [{ role: 'glyph', text: appInitial(w), ...extra }];
    const text: Segment[] = [{ role: 'value', text: w.title || w.app, ...extra }];
    const shown = element(cfg.display, focused, icon, text);
    segments.push(...(shown === icon || shown === text ? shown : withSpace(icon, text)));
  });
  const title = c.windows[c.focusedIndex]?.title ?? '';
  return { ...base, segments, state: 'normal', valueText: title, checks: [] };
}

function switcherUnits(cfg: NonNullable<TilerModel['configurationSwitcher']>, state: TilerState, opts: TilerViewOptions): UnitView[] {
  // Replacing the configuration is komorebi's; another manager's switcher would do nothing.
  if (state.manager) return [];
  return cfg.configurations
    .slice()
    .sort((a, b) => compareNames(a.name, b.name))
    .map((entry): UnitView => {
      const path = opts.resolvePath ? opts.resolvePath(entry.path) : entry.path;
      const base = { id: `tiler:switch:${entry.name}`, name: `Tiler configuration ${entry.name}`, checks: [] };
      if (opts.exists && !opts.exists(path)) return { ...base, segments: [], state: 'hidden', why: `${path} does not exist` };
      const action = act([msg('ReplaceConfiguration', path)]);
      return { ...base, segments: [{ role: 'value', text: entry.name, action }], state: 'normal', valueText: path };
    });
}

/** The units of one Tiler widget; `state` undefined: no manager, one not answering, or one being reached. */
export function tilerView(cfg: TilerModel, state: TilerState | undefined, opts: TilerViewOptions = {}, firstOfKind = true): UnitView[] {
  const shown = [cfg.workspaces, cfg.layout, cfg.focusedContainer, cfg.configurationSwitcher].some((s) => s?.enable);
  if (!shown) return [];
  if (!state) {
    if (!opts.noManager && !opts.down) return [{ id: 'tiler', name: 'Tiler', segments: [], state: 'hidden', why: 'connecting to the window manager', checks: [] }];
    const [text, why] = opts.noManager ? ['no window manager', 'no window manager found (the log says where tilebar looked)'] : ['not connected', 'the window manager found does not answer'];
    // Said once for the bar, by its first Tiler widget: a bar with two (workspaces left, the focused window in the
    // centre) would otherwise say it twice.
    if (!firstOfKind) return [{ id: 'tiler', name: 'Tiler', segments: [], state: 'hidden', why: `${why}: said by the first Tiler widget`, checks: [] }];
    return [{ id: 'tiler', name: 'Tiler', segments: [{ role: 'text', text, tone: 'dim' }], state: 'normal', why, checks: [] }];
  }
  const units: UnitView[] = [];
  if (cfg.workspaces?.enable) units.push(workspacesUnit(cfg.workspaces, state));
  if (cfg.workspaceLayer?.enable) units.push(layerUnit(cfg.workspaceLayer, state));
  if (cfg.layout?.enable) units.push(layoutUnit(cfg.layout, state, opts.pickerOpen === true));
  if (cfg.configurationSwitcher?.enable) units.push(...switcherUnits(cfg.configurationSwitcher, state, opts));
  if (cfg.lockedContainer?.enable) units.push(lockedUnit(cfg.lockedContainer, state));
  if (cfg.focusedContainer?.enable) units.push(focusedUnit(cfg.focusedContainer, state));
  return units;
}
