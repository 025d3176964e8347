/**
 * A host that reads one line per change on our stdout and, for clicks, runs a shell command that appends to the
 * feed's inbox (click-inbox.ts): tmux's `#()` job, Polybar's `tail = true` script. The line is written only when
 * it changed; each inbox line is resolved to a block of the line that was shown and handed to the same actions
 * as the pane's (feed-clicks.ts).
 */
import type { Writable } from 'node:stream';
import type { BarStore, BarSnapshot } from '../app/store.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import { feedBlocks, type FeedBlock } from './blocks.js';
import { openClickInbox, type ClickInbox } from './click-inbox.js';
import { FeedClicks, type ClickDeps } from './feed-clicks.js';
import { claimInbox, type InboxClaim } from './inbox-claim.js';
import { NewestLineWriter, type Heartbeats } from './newest-line-writer.js';

export interface Feed {
  stop(): void;
}

export interface HostClick {
  block: FeedBlock | undefined;
  button: number;
}

export interface LineFeedClicks extends Omit<ClickDeps, 'redraw'> {
  /** The inbox file the host's click commands append to. */
  inbox: string;
  /** The block (of the line last written) and button an inbox line names, or undefined when it names none. */
  resolve(line: string, blocks: readonly FeedBlock[], snapshot: BarSnapshot): HostClick | undefined;
  log(line: string): void;
  /** An inbox line that is news rather than a click (Waybar: a module's reader started): true when it was one, taken care of. */
  notice?(line: string): boolean;
  /**
   * Other feeds run for the same inbox (tmux: one per client attached): one of them claims it and reads the clicks,
   * the others only draw (inbox-claim.ts), so that each click acts once.
   */
  shared?: boolean;
}

export interface LineFeedOptions {
  store: BarStore;
  out: Writable;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  /** The bar as one line of the host's format. */
  format(blocks: readonly FeedBlock[], snapshot: BarSnapshot): string;
  clicks?: LineFeedClicks;
  /**
   * The bar's heartbeats: at one with nothing written since the one before, the last line is written again: a host
   * that went away (closed its end, or was killed) makes that write fail (EPIPE), which ends the feed, where a quiet
   * bar would otherwise never learn it and live on (newest-line-writer.ts says why a write is the only way). tmux
   * gives its jobs no other sign: it shuts its end of their stdin at once.
   */
  ticks?: Heartbeats;
}

export function startLineFeed(o: LineFeedOptions): Feed {
  let last: string | undefined;
  let blocks: FeedBlock[] = [];
  // A host that stops reading is owed only the newest line (newest-line-writer.ts).
  const out = new NewestLineWriter(o.out, o.ticks ? { ticks: o.ticks } : {});
  const write = () => {
    const s = o.store.getSnapshot();
    blocks = feedBlocks(s, o.version, o.tilerOptions, clicks?.pickerOpen ?? false);
    const line = o.format(blocks, s);
    if (line === last) return;
    out.write(`${line}\n`);
    last = line;
  };
  const clicks = o.clicks ? new FeedClicks({ ...o.clicks, redraw: write }) : undefined;
  const reader = o.clicks && clicks ? readClicks(o.clicks, clicks, () => blocks, o.store) : undefined;
  write();
  const off = o.store.subscribe(write);
  return {
    stop() {
      off();
      reader?.stop();
      out.stop();
    },
  };
}

/** Reads the host's clicks from the inbox (one feed of those sharing it: `shared`) and acts on them. */
function readClicks(c: LineFeedClicks, clicks: FeedClicks, shown: () => readonly FeedBlock[], store: BarStore): { stop(): void } {
  const said = new Set<string>();
  const onLine = (line: string) => {
    if (c.notice?.(line)) return;
    const click = c.resolve(line, shown(), store.getSnapshot());
    if (click) clicks.click(click.block, click.button);
    else if (!said.has('line')) {
      said.add('line');
      c.log(`clicks: ignored a line that names no click (said once): ${JSON.stringify(line.slice(0, 80))}`);
    }
  };
  if (!c.shared) {
    const inbox = openClickInbox(c.inbox, onLine, c.log);
    return { stop: () => inbox.stop() };
  }
  let inbox: ClickInbox | undefined;
  const claim: InboxClaim = claimInbox(
    c.inbox,
    {
      // The claimant makes the inbox anew, as a feed always has: clicks are for the bar that is shown.
      taken: () => {
        inbox?.release();
        inbox = openClickInbox(c.inbox, onLine, c.log, { reading: () => claim.holds() });
      },
      // The file is left to the feed that holds the claim now, which may be reading it.
      lost: () => {
        inbox?.release();
        inbox = undefined;
      },
    },
    c.log,
  );
  return {
    stop() {
      // The inbox first: the feed that takes the claim over makes its own.
      inbox?.stop();
      inbox = undefined;
      claim.stop();
    },
  };
}
