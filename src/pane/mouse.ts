/**
 * Mouse input of the terminal pane (pure): what a terminal's mouse report means (clicks, wheel notches, hovers)
 * and which of the bar-level `mouse` bindings it fires. The reports are cut out of the terminal's input by
 * terminal-input.ts; what a binding then sends is the core's (src/app/binding-batch.ts). The feeds' hosts report
 * buttons of their own and map them in their modules.
 *
 * A terminal reports whole wheel notches, not points: each notch counts as 30 points, the original's
 * default threshold, so with the default one notch is one tick; a threshold of 60 needs two notches, one of
 * 10 makes each notch three ticks. Deltas accumulate per axis, clamped to ±3 thresholds, as in the original.
 */
import type { MouseModel } from '../config/model.js';
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

const WHEEL = ['up', 'down', 'left', 'right'] as const;
const BUTTONS: Readonly<Record<number, Extract<MouseEvent, { kind: 'press' }>['button'] | undefined>> = { 0: 'left', 1: 'middle', 2: 'right', 128: 'back', 129: 'forward' };

/**
 * The event of one mouse report's button code at a 1-based cell (SGR 1006 and X10 share the codes: +4, +8, +16
 * are Shift, Meta, Ctrl; +32 motion; 64–67 the wheel; 128, 129 the extra buttons). Releases (SGR's `m`, X10's
 * button 3) and drags mean nothing to the bar: undefined. Decoding the terminal's bytes is terminal-input.ts.
 */
export function mouseEventOf(code: number, column: number, row: number): MouseEvent | undefined {
  const at = { x: column - 1, y: row - 1 };
  if ((code & 32) !== 0) {
    // Motion: with no button held (3) it is a hover; a drag means nothing to the bar.
    return (code & 3) === 3 && (code & 64) === 0 ? { kind: 'move', ...at } : undefined;
  }
  const base = code & ~(4 | 8 | 16);
  if (base >= 64 && base <= 67) return { kind: 'wheel', direction: WHEEL[base - 64] ?? 'up', ...at };
  const button = BUTTONS[base];
  return button ? { kind: 'press', button, ...at } : undefined;
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
