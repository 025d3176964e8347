/**
 * The bar's messages as Hyprland dispatches (pure). Hyprland 0.54 replaced `dispatch workspace 3` with Lua
 * (`dispatch hl.dsp.focus({ workspace = "3" })`); which one a running Hyprland speaks comes from `j/version`
 * (as waybar does), never from a probing dispatch. Only dispatches whose Lua form is known are sent in Lua;
 * the others are unsupported there rather than guessed.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { TilerLayout } from '../config/vocabulary.js';
import { contentOf, translateEach, type Translation } from './manager.js';
import type { TilerState } from './state.js';

export type HyprlandDialect = 'classic' | 'lua';

/**
 * What the layout picker offers on Hyprland (hyprland-state.ts): the fullscreen (Monocle) and floating (Floating)
 * toggles. Its tiling layout is one for every workspace, set in its config (`general:layout`): no workspace's
 * layout is sent, so BSP, VerticalStack and the rest are left out of the picker.
 */
export const HYPRLAND_PICKER_LAYOUTS: readonly TilerLayout[] = ['Monocle', 'Floating'];

/** `j/version`'s answer → the dispatch syntax: Lua from 0.54 on; classic when unknown (every older release). */
export function hyprlandDialect(version: unknown): HyprlandDialect {
  const v = typeof version === 'object' && version !== null ? (version as Record<string, unknown>) : {};
  const text = [v.version, v.tag].find((t): t is string => typeof t === 'string') ?? '';
  const m = /(\d+)\.(\d+)/.exec(text);
  if (!m) return 'classic';
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 0 || minor >= 54 ? 'lua' : 'classic';
}

/** A Lua string literal: quotes, backslashes and control characters escaped (`\ddd`). */
export function luaString(text: string): string {
  return `"${text.replace(/[\\"\u0000-\u001f\u007f]/g, (c) => (c === '\\' || c === '"' ? `\\${c}` : `\\${c.charCodeAt(0).toString().padStart(3, '0')}`))}"`;
}

const DIRECTIONS: Readonly<Record<string, [string, string]>> = { Left: ['l', 'left'], Right: ['r', 'right'], Up: ['u', 'up'], Down: ['d', 'down'] };

/** The workspace's argument: its id when it has a positive one, else `name:…` (a named workspace). */
function workspaceArg(state: TilerState | undefined, monitor: number | undefined, index: unknown): string | undefined {
  if (!state || typeof index !== 'number' || (monitor !== undefined && monitor !== state.monitorIndex)) return undefined;
  const ws = state.workspaces[index];
  if (!ws) return undefined;
  return typeof ws.id === 'number' && ws.id > 0 ? String(ws.id) : `name:${ws.name.replace(/[\r\n]/g, '')}`;
}

export function hyprlandCommands(dialect: HyprlandDialect): (messages: readonly SocketMessage[], state: TilerState | undefined) => Translation<string> {
  const lua = dialect === 'lua';
  const focusWorkspace = (arg: string) => (lua ? `dispatch hl.dsp.focus({ workspace = ${luaString(arg)} })` : `dispatch workspace ${arg}`);
  return (messages, state) =>
    translateEach(messages, (m): string | { unsupported: string } => {
      const c = contentOf(m);
      switch (m.type) {
        case 'FocusMonitorWorkspaceNumber': {
          const [monitor, index] = Array.isArray(c) ? c : [];
          const arg = workspaceArg(state, typeof monitor === 'number' ? monitor : undefined, index);
          return arg ? focusWorkspace(arg) : { unsupported: `${m.type}: no workspace ${String(index)} on monitor ${String(monitor)} is known` };
        }
        case 'FocusWorkspaceNumber':
        case 'FocusWorkspaceNumbers': {
          const arg = workspaceArg(state, undefined, c);
          return arg ? focusWorkspace(arg) : { unsupported: `${m.type}: no workspace ${String(c)} is known` };
        }
        case 'FocusNamedWorkspace':
          return typeof c === 'string' ? focusWorkspace(`name:${c.replace(/[\r\n]/g, '')}`) : { unsupported: `${m.type}: no name` };
        case 'CycleFocusWorkspace':
          // e±1: the next or previous open workspace on this monitor.
          return focusWorkspace(c === 'Previous' ? 'e-1' : 'e+1');
        case 'FocusLastWorkspace':
          return focusWorkspace('previous');
        case 'ToggleMonocle':
        case 'ToggleMaximize':
          return lua ? 'dispatch hl.dsp.window.fullscreen({ mode = "maximized" })' : 'dispatch fullscreen 1';
        case 'ToggleFloat':
        case 'ToggleTiling':
          return lua ? 'dispatch hl.dsp.window.float({ action = "toggle" })' : 'dispatch togglefloating';
        case 'Close':
          return lua ? 'dispatch hl.dsp.window.close()' : 'dispatch killactive';
        case 'FocusWindow':
        case 'MoveWindow': {
          const d = typeof c === 'string' ? DIRECTIONS[c] : undefined;
          if (!d) return { unsupported: `${m.type}: no direction` };
          if (m.type === 'FocusWindow') return lua ? `dispatch hl.dsp.focus({ direction = "${d[1]}" })` : `dispatch movefocus ${d[0]}`;
          return lua ? `dispatch hl.dsp.window.move({ direction = "${d[1]}" })` : `dispatch movewindow ${d[0]}`;
        }
        case 'FocusStackWindow': {
          const id = typeof c === 'number' ? state?.container?.windows[c]?.id : undefined;
          if (typeof id !== 'string' || !/^0x[0-9a-f]+$/i.test(id)) return { unsupported: `${m.type}: no window ${String(c)} in the focused group` };
          return lua ? `dispatch hl.dsp.focus({ window = "address:${id}" })` : `dispatch focuswindow address:${id}`;
        }
        case 'CycleFocusMonitor':
          return lua ? { unsupported: `${m.type}: its Lua dispatch is not known to tilebar yet` } : `dispatch focusmonitor ${c === 'Previous' ? '-1' : '+1'}`;
        default:
          return { unsupported: `${m.type} has no Hyprland equivalent` };
      }
    });
}
