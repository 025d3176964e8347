/**
 * The direct renderer (`tilebar run --renderer direct`): the layout's runs serialized straight to SGR text
 * (ansi.ts) and handed to FrameWriter, without Ink. It draws the same cells in the same colours as the Ink app
 * (a test holds the two to it over every real config) at a fraction of the cost — a low-power choice for those
 * who want it; the default is the Ink app. Input is read from the terminal itself, each read handed to BarInput
 * as it comes (a key or mouse report cut between two reads is made whole there).
 */
import { layoutFor } from '../view/appearance.js';
import { BarInput } from './bar-input.js';
import { frameToAnsi } from '../render/ansi.js';
import { barStateOf, pickerAfter } from '../view/bar-state.js';
import type { BarView, BarViewOptions } from './bar-view.js';
import type { BarLayout } from '../render/bar-types.js';

export function startDirectView(o: BarViewOptions): BarView {
  let pickerOpen = false;
  let hint: string | undefined;
  let layout: BarLayout | undefined;
  const draw = () => {
    const s = o.store.getSnapshot();
    try {
      layout = layoutFor(s.model, s.look, barStateOf(s, o.tilerOptions, pickerOpen), s.size, o.version, s.message, hint);
      o.writer.draw(frameToAnsi(layout.rows, o.depth));
    } catch (e) {
      o.onDrawError(e);
    }
  };
  const input = new BarInput(o.store.getSnapshot().model, {
    perform: (action) => {
      if (action.kind !== 'toggle-layout-picker') o.onAction(action);
      const open = pickerAfter(action, pickerOpen);
      if (open === pickerOpen) return;
      pickerOpen = open;
      draw();
    },
    binding: (trigger) => o.onBinding(trigger, o.store.getSnapshot().tiler?.mouseFollowsFocus),
    quit: o.onQuit,
    now: o.now,
    hover: (text) => {
      hint = text;
      draw();
    },
  });
  const offStore = o.store.subscribe(() => {
    input.setModel(o.store.getSnapshot().model);
    draw();
  });
  const offKeys = o.terminal.onKeys((data) => input.input(data, layout));
  draw();
  return {
    async stop() {
      offStore();
      offKeys();
    },
  };
}
