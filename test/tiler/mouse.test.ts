import { describe, expect, it } from 'vitest';
import { bindingBatch } from '../../src/app/binding-batch.js';
import { ScrollAccumulator } from '../../src/pane/mouse.js';
import { TerminalInputDecoder } from '../../src/pane/terminal-input.js';
import type { MouseModel } from '../../src/config/model.js';
import { load, model } from '../helpers.js';

const mouseOf = (mouse: Record<string, unknown>): MouseModel => {
  const m = model(load({ left_widgets: [], right_widgets: [], mouse })).mouse;
  if (!m) throw new Error('no mouse');
  return m;
};
const CYCLE = { type: 'CycleFocusWorkspace', content: 'Previous' };

describe('mouse input', () => {
  it('parses SGR reports: presses of each button, wheel notches, moves with no button held, ignoring releases and drags', () => {
    const decoded = new TerminalInputDecoder().feed('a\x1b[<0;5;1M\x1b[<0;5;1m\x1b[<2;7;1M\x1b[<1;1;1M\x1b[<64;3;1M\x1b[<65;3;1M\x1b[<66;3;1M\x1b[<67;3;1M\x1b[<128;2;1M\x1b[<129;2;1M\x1b[<32;9;1M\x1b[<35;12;1M\x1b[<16;4;1Mq');
    const events = decoded.flatMap((e) => (e.kind === 'key' ? [] : [e]));
    expect(decoded.flatMap((e) => (e.kind === 'key' ? [e.key] : []))).toEqual(['a', 'q']);
    expect(events.map((e) => (e.kind === 'press' ? `${e.button}@${e.x}` : e.kind === 'move' ? `move@${e.x}` : `wheel-${e.direction}`))).toEqual([
      'left@4', 'right@6', 'middle@0', 'wheel-up', 'wheel-down', 'wheel-left', 'wheel-right', 'back@1', 'forward@1', 'move@11', 'left@3',
    ]);
  });

  it('turns wheel notches into ticks against the thresholds (30 points a notch)', () => {
    const binding = { message: CYCLE };
    const normal = new ScrollAccumulator(mouseOf({ on_scroll_up: binding, on_scroll_down: binding }));
    expect(normal.notch('up')).toEqual(['on_scroll_up']);
    expect(normal.notch('down')).toEqual(['on_scroll_down']);
    const slow = new ScrollAccumulator(mouseOf({ on_scroll_up: binding, vertical_scroll_threshold: 60 }));
    expect([slow.notch('up'), slow.notch('up'), slow.notch('up'), slow.notch('up')]).toEqual([[], ['on_scroll_up'], [], ['on_scroll_up']]);
    const fast = new ScrollAccumulator(mouseOf({ on_scroll_left: binding, horizontal_scroll_threshold: 10 }));
    expect(fast.notch('left')).toEqual(['on_scroll_left', 'on_scroll_left', 'on_scroll_left']);
    // An axis without bindings does nothing; a direction without its own binding fires nothing.
    expect(fast.notch('up')).toEqual([]);
    expect(fast.notch('right')).toEqual([]);
  });

  it('builds the binding batch honouring focus_monitor_at_cursor and ignore_mouse_follows_focus', () => {
    const batch = (b: Record<string, unknown>, mff: boolean | undefined) => {
      const action = mouseOf({ on_middle_click: b }).bindings.on_middle_click;
      if (action?.kind !== 'message') throw new Error('not a message');
      return bindingBatch(action, mff);
    };
    expect(batch({ message: CYCLE }, true)).toEqual([
      { type: 'FocusMonitorAtCursor' },
      { type: 'MouseFollowsFocus', content: false },
      CYCLE,
      { type: 'MouseFollowsFocus', content: true },
    ]);
    expect(batch({ message: CYCLE, focus_monitor_at_cursor: false }, false)).toEqual([{ type: 'MouseFollowsFocus', content: false }, CYCLE, { type: 'MouseFollowsFocus', content: false }]);
    expect(batch({ message: CYCLE, ignore_mouse_follows_focus: false }, true)).toEqual([{ type: 'FocusMonitorAtCursor' }, CYCLE]);
    expect(batch({ message: CYCLE }, undefined)).toEqual([{ type: 'FocusMonitorAtCursor' }, CYCLE]);
  });
});
