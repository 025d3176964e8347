/**
 * The bar's messages as i3/sway commands (pure). Workspaces are addressed the way i3 users write them:
 * `workspace number 3` for a numbered workspace, `workspace "name"` (quoted, `"` and `\` escaped as i3's
 * parser expects) otherwise, so a name with spaces, `;` or non-ASCII text stays one argument and never
 * chains another command. Layout choices map both ways with the state (i3-state.ts): Columns ↔ splith,
 * Rows ↔ splitv, VerticalStack ↔ stacking, HorizontalStack ↔ tabbed, Monocle ↔ fullscreen.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { TilerLayout } from '../config/vocabulary.js';
import { contentOf, translateEach, type Translation } from './manager.js';
import type { TilerState } from './state.js';

const LAYOUT_COMMANDS: Partial<Record<TilerLayout, string>> = { Columns: 'layout splith', Rows: 'layout splitv', VerticalStack: 'layout stacking', HorizontalStack: 'layout tabbed' };

/**
 * What the layout picker offers on i3 and sway (the state says so: i3-state.ts): their four layouts, and the
 * fullscreen (Monocle) and floating (Floating) toggles. BSP, Grid, the other stacks, Scrolling and Paused have no
 * i3 equivalent and are left out of the picker rather than offered and not sent.
 */
export const I3_PICKER_LAYOUTS: readonly TilerLayout[] = ['Columns', 'Rows', 'VerticalStack', 'HorizontalStack', 'Monocle', 'Floating'];
const DIRECTIONS: Readonly<Record<string, string>> = { Left: 'left', Right: 'right', Up: 'up', Down: 'down' };

/** A string argument as i3's command parser reads it back. */
export function i3Quoted(text: string): string {
  // Control characters cannot be typed into a name; they are dropped rather than sent.
  return `"${text.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function i3WorkspaceCommand(name: string): string {
  return /^\d+$/.test(name) ? `workspace number ${name}` : `workspace ${i3Quoted(name)}`;
}

function workspaceAt(state: TilerState | undefined, monitor: number | undefined, index: unknown): string | undefined {
  if (!state || typeof index !== 'number') return undefined;
  if (monitor !== undefined && monitor !== state.monitorIndex) return undefined;
  return state.workspaces[index]?.name;
}

function layoutCommand(layout: unknown): string | undefined {
  return typeof layout === 'string' ? LAYOUT_COMMANDS[layout as TilerLayout] : undefined;
}

export function i3Commands(messages: readonly SocketMessage[], state: TilerState | undefined): Translation<string> {
  return translateEach(messages, (m): string | { unsupported: string } => {
    const c = contentOf(m);
    switch (m.type) {
      case 'FocusMonitorWorkspaceNumber': {
        const [monitor, index] = Array.isArray(c) ? c : [];
        const name = workspaceAt(state, typeof monitor === 'number' ? monitor : undefined, index);
        return name === undefined ? { unsupported: `${m.type}: no workspace ${String(index)} on monitor ${String(monitor)} is known` } : i3WorkspaceCommand(name);
      }
      case 'FocusWorkspaceNumber':
      case 'FocusWorkspaceNumbers': {
        const name = workspaceAt(state, undefined, c);
        return name === undefined ? { unsupported: `${m.type}: no workspace ${String(c)} is known` } : i3WorkspaceCommand(name);
      }
      case 'FocusNamedWorkspace':
        return typeof c === 'string' ? i3WorkspaceCommand(c) : { unsupported: `${m.type}: no name` };
      case 'CycleFocusWorkspace':
        return c === 'Previous' ? 'workspace prev_on_output' : 'workspace next_on_output';
      case 'CycleFocusMonitor':
        return c === 'Previous' ? 'focus output left' : 'focus output right';
      case 'FocusLastWorkspace':
        return 'workspace back_and_forth';
      case 'ChangeLayout':
        return layoutCommand(c) ?? { unsupported: `${m.type} ${String(c)}: i3 and sway have splith, splitv, stacking and tabbed (Columns, Rows, VerticalStack, HorizontalStack)` };
      case 'WorkspaceLayout': {
        const layout = Array.isArray(c) ? c[2] : undefined;
        return layoutCommand(layout) ?? { unsupported: `${m.type} ${String(layout)}: i3 and sway have splith, splitv, stacking and tabbed (Columns, Rows, VerticalStack, HorizontalStack)` };
      }
      case 'ToggleMonocle':
      case 'ToggleMaximize':
        return 'fullscreen toggle';
      case 'ToggleFloat':
      case 'ToggleTiling':
        return 'floating toggle';
      case 'ToggleWorkspaceLayer':
        return 'focus mode_toggle';
      case 'FocusWindow':
        return typeof c === 'string' && DIRECTIONS[c] ? `focus ${DIRECTIONS[c]}` : { unsupported: `${m.type}: no direction` };
      case 'MoveWindow':
        return typeof c === 'string' && DIRECTIONS[c] ? `move ${DIRECTIONS[c]}` : { unsupported: `${m.type}: no direction` };
      case 'CycleFocusWindow':
        return c === 'Previous' ? 'focus prev' : 'focus next';
      case 'FocusStackWindow': {
        const id = typeof c === 'number' ? state?.container?.windows[c]?.id : undefined;
        return typeof id === 'number' ? `[con_id=${id}] focus` : { unsupported: `${m.type}: no window ${String(c)} in the focused container` };
      }
      case 'Close':
        return 'kill';
      case 'Minimize':
        return 'move scratchpad';
      default:
        return { unsupported: `${m.type} has no i3/sway equivalent` };
    }
  });
}
