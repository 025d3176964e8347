/**
 * The Ink renderer: one persistent `render()` of <App>, for the bar's whole life, its frames handed to
 * FrameWriter through InkFrameSink (debug mode: see frame-sink.ts). Ink and React are loaded here, after the
 * config, so a start that fails early does not pay for them.
 */
import { render } from 'ink';
import type { BarView, BarViewOptions } from '../bar-view.js';
import { App } from './App.js';
import { InkFrameSink } from './frame-sink.js';

export function startInkView(o: BarViewOptions): BarView {
  const sink = new InkFrameSink(o.writer, () => o.store.getSnapshot().size);
  const offResize = o.store.subscribe(() => {
    // Ink lays the root out at the sink's width: tell it when that changes.
    if (o.store.getSnapshot().size.width !== lastWidth) {
      lastWidth = o.store.getSnapshot().size.width;
      sink.resized();
    }
  });
  let lastWidth = o.store.getSnapshot().size.width;
  const instance = render(
    <App
      store={o.store}
      depth={o.depth}
      version={o.version}
      tilerOptions={o.tilerOptions}
      onAction={o.onAction}
      onBinding={o.onBinding}
      onQuit={o.onQuit}
      onDrawError={o.onDrawError}
      now={o.now}
      keys={o.terminal.onKeys}
    />,
    // Not interactive, whatever CI says: the sink is no terminal, and FrameWriter owns the real one (frame-sink.ts).
    { stdout: sink as unknown as NodeJS.WriteStream, stdin: o.terminal.stdin, debug: true, patchConsole: false, exitOnCtrlC: false, interactive: false },
  );
  // Asked for at once: Ink settles only a wait asked for before it unmounts, and it may unmount on its own (its
  // raw mode failing on a terminal that hung up while the bar started); a wait asked for after that never ended,
  // and the bar lived on, idle, its terminal gone (issue 31: test/tty/hangup-tty.test.ts).
  const exited = instance.waitUntilExit().catch(() => undefined);
  return {
    async stop() {
      offResize();
      instance.unmount();
      await exited;
    },
  };
}
