/**
 * Mouse input of the running bar (pure): SGR mouse reports parsed into clicks and wheel ticks, the bar-level
 * `mouse` bindings, and the batches they send.
 *
 * A terminal reports whole wheel notches, not points: each notch counts as 30 points, the original's
 * default threshold, so with the default one notch is one tick; a threshold of 60 needs two notches, one of
 * 10 makes each notch three ticks. Deltas accumulate per axis, clamped to ±3 thresholds, as in the original.
 */
import type { MouseAction, MouseModel } from '../config/model.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { MouseTrigger } from '../config/schema/mouse.js';

export const POINTS_PER_NOTCH = 30;
export const DOUBLE_CLICK_MS = 500;

/** Clicks (1000), the pointer's moves with no button held too (1003: hovering an item shows its command), SGR (1006). */
export const ENABLE_MOUSE = '\x1b[?1000h\x1b[?1003h\x1b[?1006h';
export const DISABLE_MOUSE = '\x1b[?1003l\x1b[?1000l\x1b[?1006l';

export type MouseEvent =
  | { kind: 'press'; button: 'left' | 'middle' | 'right' | 'back' | 'forward'; x: number; y: number }
  | { kind: 'wheel'; direction: 'up' | 'down' | 'left' | 'right'; x: number; y: number }
  /** The pointer moved with no button held. */
  | { kind: 'move'; x: number; y: number };

const SGR = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;

/** SGR (1006) reports in `data`, 0-based cells; releases and drags are dropped. Other input is returned as `rest`. */
export function parseMouse(data: string): { events: MouseEvent[]; rest: string } {
  const events: MouseEvent[] = [];
  const rest = data.replace(SGR, (_all, b: string, x: string, y: string, kind: string) => {
    const code = Number(b);
    const at = { x: Number(x) - 1, y: Number(y) - 1 };
    if (kind === 'm') return '';
    if ((code & 32) !== 0) {
      // Motion: with no button held (3) it is a hover; a drag means nothing to the bar.
      if ((code & 3) === 3 && (code & 64) === 0) events.push({ kind: 'move', ...at });
      return '';
    }
    const base = code & ~(4 | 8 | 16);
    if (base >= 64 && base <= 67) events.push({ kind: 'wheel', direction: (['up', 'down', 'left', 'right'] as const)[base - 64] ?? 'up', ...at });
    else if (base === 0) events.push({ kind: 'press', button: 'left', ...at });
    else if (base === 1) events.push({ kind: 'press', button: 'middle', ...at });
    else if (base === 2) events.push({ kind: 'press', button: 'right', ...at });
    else if (base === 128) events.push({ kind: 'press', button: 'back', ...at });
    else if (base === 129) events.push({ kind: 'press', button: 'forward', ...at });
    return '';
  });
  return { events, rest };
}

/** Wheel notches → scroll triggers, per axis, against the configured thresholds. */
export class ScrollAccumulator {
  private vertical = 0;
  private horizontal = 0;

  constructor(private readonly mouse: Pick<MouseModel, 'verticalScrollThreshold' | 'horizontalScrollThreshold' | 'bindings'>) {}

  /** The triggers one notch fires (none, one, or several with a small threshold). */
  notch(direction: 'up' | 'down' | 'left' | 'right'): MouseTrigger[] {
    const vertical = direction === 'up' || direction === 'down';
    const threshold = vertical ? this.mouse.verticalScrollThreshold : this.mouse.horizontalScrollThreshold;
    const [positive, negative]: [MouseTrigger, MouseTrigger] = vertical ? ['on_scroll_up', 'on_scroll_down'] : ['on_scroll_left', 'on_scroll_right'];
    // An axis without a binding does not accumulate.
    if (!this.mouse.bindings[positive] && !this.mouse.bindings[negative]) return [];
    const delta = direction === 'up' || direction === 'left' ? POINTS_PER_NOTCH : -POINTS_PER_NOTCH;
    let acc = Math.max(-3 * threshold, Math.min(3 * threshold, (vertical ? this.vertical : this.horizontal) + delta));
    const fired: MouseTrigger[] = [];
    while (Math.abs(acc) >= threshold) {
      fired.push(acc > 0 ? positive : negative);
      acc -= Math.sign(acc) * threshold;
    }
    if (vertical) this.vertical = acc;
    else this.horizontal = acc;
    return fired.filter((t) => this.mouse.bindings[t]);
  }
}

export const BUTTON_TRIGGERS: Readonly<Record<'middle' | 'right' | 'back' | 'forward', MouseTrigger>> = {
  middle: 'on_middle_click',
  right: 'on_secondary_click',
  back: 'on_extra1_click',
  forward: 'on_extra2_click',
};

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
