/**
 * The bar's messages as `komorebic` command lines (pure), for Windows, where Node cannot reach komorebi.sock
 * and komorebic is the way in (there is no komorebic subcommand that sends a raw message). Each message with
 * a komorebic subcommand becomes one argv; arguments are single words (indices, kebab-case names) or a path
 * passed as one argv element — no shell ever sees them.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import { contentOf, emptyTranslation, type Translation } from './manager.js';

const kebab = (word: string) => word.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isWord = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z]+$/.test(v);

/** Messages without content: the subcommand is the type in kebab-case. */
const PLAIN = new Set(['FocusMonitorAtCursor', 'FocusLastWorkspace', 'ToggleMonocle', 'ToggleTiling', 'ToggleFloat', 'TogglePause', 'ToggleLock', 'ToggleMaximize', 'ToggleWorkspaceLayer', 'Retile', 'Close', 'Minimize', 'Promote', 'PromoteFocus', 'StackAll', 'UnstackAll', 'NewWorkspace', 'CloseWorkspace', 'ForceFocus']);
/** Messages with one word or index: `{subcommand} {content in kebab-case}`. */
const ONE_ARG: Readonly<Record<string, string>> = {
  FocusWorkspaceNumber: 'focus-workspace',
  FocusWorkspaceNumbers: 'focus-workspaces',
  FocusMonitorNumber: 'focus-monitor',
  FocusStackWindow: 'focus-stack-window',
  CycleFocusWorkspace: 'cycle-workspace',
  CycleFocusEmptyWorkspace: 'cycle-empty-workspace',
  CycleFocusMonitor: 'cycle-monitor',
  CycleFocusWindow: 'cycle-focus',
  CycleMoveWindow: 'cycle-move',
  CycleStack: 'cycle-stack',
  CycleLayout: 'cycle-layout',
  ChangeLayout: 'change-layout',
  FlipLayout: 'flip-layout',
  FocusWindow: 'focus',
  MoveWindow: 'move',
  StackWindow: 'stack',
  PromoteWindow: 'promote-window',
  MoveContainerToWorkspaceNumber: 'move-to-workspace',
  SendContainerToWorkspaceNumber: 'send-to-workspace',
  MoveContainerToMonitorNumber: 'move-to-monitor',
  SendContainerToMonitorNumber: 'send-to-monitor',
  CycleMoveContainerToWorkspace: 'cycle-move-to-workspace',
  CycleSendContainerToWorkspace: 'cycle-send-to-workspace',
  CycleMoveContainerToMonitor: 'cycle-move-to-monitor',
  CycleSendContainerToMonitor: 'cycle-send-to-monitor',
  MoveWorkspaceToMonitorNumber: 'move-workspace-to-monitor',
  CycleMoveWorkspaceToMonitor: 'cycle-move-workspace-to-monitor',
};
/** Messages with a free-text argument (a name or a path), passed as one argv element. */
const TEXT_ARG: Readonly<Record<string, string>> = {
  FocusNamedWorkspace: 'focus-named-workspace',
  MoveContainerToNamedWorkspace: 'move-to-named-workspace',
  SendContainerToNamedWorkspace: 'send-to-named-workspace',
  ReplaceConfiguration: 'replace-configuration',
  EagerFocus: 'eager-focus',
};

export function komorebicCommands(messages: readonly SocketMessage[]): Translation<string[]> {
  const out = emptyTranslation<string[]>();
  for (const m of messages) {
    const c = contentOf(m);
    const argv = ((): string[] | undefined => {
      if (PLAIN.has(m.type)) return [kebab(m.type)];
      const one = ONE_ARG[m.type];
      if (one) return isIndex(c) ? [one, String(c)] : isWord(c) ? [one, kebab(c)] : undefined;
      const text = TEXT_ARG[m.type];
      if (text) return typeof c === 'string' && c !== '' ? [text, c] : undefined;
      const pair = Array.isArray(c) ? c : [];
      switch (m.type) {
        case 'FocusMonitorWorkspaceNumber':
          return isIndex(pair[0]) && isIndex(pair[1]) ? ['focus-monitor-workspace', String(pair[0]), String(pair[1])] : undefined;
        case 'MoveContainerToMonitorWorkspaceNumber':
        case 'SendContainerToMonitorWorkspaceNumber':
          return isIndex(pair[0]) && isIndex(pair[1]) ? [m.type.startsWith('Move') ? 'move-to-monitor-workspace' : 'send-to-monitor-workspace', String(pair[0]), String(pair[1])] : undefined;
        case 'WorkspaceLayout':
          return isIndex(pair[0]) && isIndex(pair[1]) && isWord(pair[2]) ? ['workspace-layout', String(pair[0]), String(pair[1]), kebab(pair[2])] : undefined;
        case 'MouseFollowsFocus':
          return typeof c === 'boolean' ? ['mouse-follows-focus', c ? 'enable' : 'disable'] : undefined;
        case 'ResizeWindowEdge':
          return isWord(pair[0]) && isWord(pair[1]) ? ['resize-edge', kebab(pair[0]), kebab(pair[1])] : undefined;
        case 'ResizeWindowAxis':
          return isWord(pair[0]) && isWord(pair[1]) ? ['resize-axis', kebab(pair[0]), kebab(pair[1])] : undefined;
        default:
          return undefined;
      }
    })();
    if (argv) out.commands.push(argv);
    else out.unsupported.push(`${m.type} has no komorebic subcommand tilebar can use on Windows`);
  }
  return out;
}
