/**
 * What a mouse binding that sends window-manager messages sends, whichever front end saw the click: the live
 * core's action (live-bar.ts `bind`), so the pane and every feed send the same batch.
 */
import type { MouseAction } from '../config/model.js';
import type { SocketMessage } from '../config/schema/socket-message.js';

/**
 * The batch a TilerMouseMessage binding sends: FocusMonitorAtCursor first unless turned off, then the
 * message — wrapped in MouseFollowsFocus(false) … MouseFollowsFocus(as it was) unless turned off. When
 * the window manager's setting is not known (no Tiler data), the message is sent unwrapped rather than
 * guessing a value to restore.
 */
export function bindingBatch(action: Extract<MouseAction, { kind: 'message' }>, mouseFollowsFocus: boolean | undefined): SocketMessage[] {
  const out: SocketMessage[] = [];
  if (action.focusMonitorAtCursor) out.push({ type: 'FocusMonitorAtCursor' } as SocketMessage);
  if (action.ignoreMouseFollowsFocus && mouseFollowsFocus !== undefined) {
    out.push({ type: 'MouseFollowsFocus', content: false } as SocketMessage, action.message, { type: 'MouseFollowsFocus', content: mouseFollowsFocus } as SocketMessage);
  } else {
    out.push(action.message);
  }
  return out;
}
