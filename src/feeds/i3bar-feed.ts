/**
 * The i3bar/swaybar front end over the live core: a status line each time what the bar shows changes, and the
 * bar's clicks read from stdin and handed to the same actions as the pane's. Input is bounded (a line of more than
 * `MAX_CLICK_LINE` bytes is dropped) and what is not a click is ignored, said once in the log.
 */
import type { Readable, Writable } from 'node:stream';
import type { BarAction } from '../app/live-bar.js';
import type { BarStore } from '../app/store.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import { LineSplitter } from '../io/lines.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import { feedBlocks, type FeedBlock } from './blocks.js';
import { FeedClicks } from './feed-clicks.js';
import { NewestLineWriter, type Heartbeats } from './newest-line-writer.js';
import type { Feed } from './line-feed.js';
import type { LoopPart } from './loop-part.js';
import { i3barHeader, i3barLookOf, i3barStatusBytes, menuOverlay, parseI3barClick } from './i3bar.js';

export const MAX_CLICK_LINE = 64 * 1024;

export interface I3barFeedOptions {
  store: BarStore;
  out: Writable;
  in: Readable;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  act(action: BarAction): void;
  bind(trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void;
  log(line: string): void;
  /** The bar's heartbeats: at one with nothing written since the one before, a blank line is written, to learn whether the bar still reads (line-feed.ts). */
  ticks?: Heartbeats;
  /**
   * A part of the `--print-config` loop (loop-part.ts): the first writes a header without stop and continue signals
   * (they would reach the loop's shell, which would die of them), the next ones none: every line follows a comma.
   */
  part?: LoopPart;
}

export function startI3barFeed(o: I3barFeedOptions): Feed {
  let blocks: FeedBlock[] = [];
  let last: Buffer | undefined;
  const said = new Set<string>();
  const sayOnce = (what: string) => {
    if (said.has(what)) return;
    said.add(what);
    o.log(`i3bar: ${what} (said once)`);
  };

  // A bar that stops reading is owed only the newest status line: each is a whole element of the endless array, so
  // dropping those it never read keeps the protocol whole. The header and the array's `[` are never dropped, and
  // the comma goes before each line as it is written (the writer's), not as it is made, so the first one written
  // has none whichever it is. The heartbeat's probe is a blank line, whitespace inside the array: swaybar redraws
  // nothing for it, where the last line again would be a redraw.
  const out = new NewestLineWriter(o.out, { ...(o.part === 'next' ? { continues: true } : { head: i3barHeader({ signals: o.part === undefined }) }), separator: ',', probe: '\n', ...(o.ticks ? { ticks: o.ticks } : {}) });
  const write = () => {
    const s = o.store.getSnapshot();
    // Only what is shown can be clicked: an open picker's line (menuOverlay) is the blocks a click is looked up in.
    blocks = [...menuOverlay(feedBlocks(s, o.version, o.tilerOptions, clicks.pickerOpen))];
    const line = i3barStatusBytes(blocks, i3barLookOf(s.model, s.look));
    // Only what changed goes out: the bar redraws on every line.
    if (last?.equals(line)) return;
    out.write(line);
    last = line;
  };

  const clicks = new FeedClicks({ act: o.act, bind: o.bind, mouseFollowsFocus: () => o.store.getSnapshot().tiler?.mouseFollowsFocus, redraw: write });
  write();
  const off = o.store.subscribe(write);
  const lines = new LineSplitter(MAX_CLICK_LINE, (bytes) => sayOnce(`dropped a line of ${bytes} bytes or more on stdin`));
  const onData = (chunk: Buffer | string) => {
    for (const line of lines.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) {
      const c = parseI3barClick(line);
      if (c) clicks.click(blocks.find((b) => b.instance === c.instance), c.button);
      else if (line.trim() !== '' && line.trim() !== '[') sayOnce('ignored a line on stdin that is not a click event');
    }
  };
  o.in.on('data', onData);
  // stdin is the bar's: an error on it (the bar gone) ends nothing here; stdout's end does (feed.ts).
  const onError = (e: Error) => sayOnce(`stdin: ${e.message}`);
  o.in.on('error', onError);
  return {
    stop() {
      off();
      out.stop();
      o.in.off('data', onData);
      o.in.off('error', onError);
    },
  };
}
