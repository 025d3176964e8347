/**
 * `tilebar feed waybar`: the feed as Waybar's `custom/tilebar` module, serving every other tilebar module through
 * its pipe (feeds/waybar-pipes.ts) and reading their clicks from the inbox. Its own module shows what is wrong
 * with the config (located, as on the pane) and is empty otherwise. Each Waybar bar (one per output) starts its
 * own: the pipes and the clicks are per output (`$WAYBAR_OUTPUT_NAME`, which Waybar gives each bar's commands;
 * a Waybar too old to give it runs every bar's modules on the same pipes, so there the tilebar modules belong on
 * one output: `"output"` in the Waybar config).
 */
import { rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { BarSnapshot, BarStore } from '../app/store.js';
import { feedView, MESSAGE_INSTANCE, type FeedWidget } from './blocks.js';
import { pangoText } from './escape.js';
import { parseClickLine } from './feed-clicks.js';
import { startLineFeed, type Feed, type LineFeedClicks } from './line-feed.js';
import { readerOfLine, slotBlocks, spacedBlocks, waybarConfig, waybarLine, widgetSlots, type SlotId } from './waybar.js';
import { LatestLinePipes } from './waybar-pipes.js';
import { ensureOwnDir, type RuntimeDir } from '../io/runtime-dir.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import type { Heartbeats } from './newest-line-writer.js';

type Env = Readonly<Record<string, string | undefined>>;

const OUTPUT_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface WaybarPlaces {
  /** This bar's pipes: `<runtime>/waybar-<output>`. */
  pipes: string;
  inbox: string;
}

export function waybarPlaces(env: Env, runtime: string): WaybarPlaces {
  const output = env.WAYBAR_OUTPUT_NAME ?? '';
  const pipes = join(runtime, `waybar-${OUTPUT_NAME.test(output) ? output : ''}`);
  return { pipes, inbox: join(pipes, 'clicks') };
}

/** The Waybar config for this bar's widgets, printed by `feed waybar --print-config`. */
export function printedWaybarConfig(widgets: readonly FeedWidget[], runtime: RuntimeDir, feed: string): string {
  // Without a directory for the pipes the modules cannot be served: the feed's own module says so when it runs.
  const dir = runtime.ok ? runtime.path : '/nonexistent';
  const of = (section: FeedWidget['section']) => widgets.filter((w) => w.section === section);
  const config = waybarConfig(
    { left: of('left'), center: of('center'), right: of('right') },
    // The output's name is Waybar's to give each bar's cat (its environment), so it stays a variable here.
    { feed, dir, pipe: (slot) => `"${dir}/waybar-$WAYBAR_OUTPUT_NAME/${slot}"`, inbox: `"${dir}/waybar-$WAYBAR_OUTPUT_NAME/clicks"` },
  );
  return `${JSON.stringify(config, null, 2)}\n`;
}

export interface WaybarFeedContext {
  store: BarStore;
  out: Writable;
  env: Env;
  /** tilebar's private runtime directory (io/runtime-dir.ts), or why there is none. */
  runtime: RuntimeDir;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  clickDeps: Omit<LineFeedClicks, 'inbox' | 'resolve' | 'log'>;
  log(line: string): void;
  ticks?: Heartbeats;
}

export function startWaybarFeed(c: WaybarFeedContext): Feed {
  const places = c.runtime.ok ? waybarPlaces(c.env, c.runtime.path) : undefined;
  // Made only inside a runtime directory that was checked as ours, never through a refused one.
  const why = c.runtime.ok ? (places ? ensureOwnDir(places.pipes, process.getuid?.()) : undefined) : c.runtime.why;
  if (why) c.log(`feed waybar: the modules cannot be served: ${why}`);
  const served = why === undefined ? places : undefined;
  const pipes = served ? new LatestLinePipes(served.pipes, c.log) : undefined;
  // Every slot a module may read: those of the widgets at the start (print-config's), and any seen since.
  const known = new Set<SlotId>(feedView(c.store.getSnapshot(), c.version, c.tilerOptions).widgets.flatMap(widgetSlots));
  const ownLine = (s: BarSnapshot) =>
    JSON.stringify(s.message ? { text: pangoText(s.message), tooltip: pangoText(s.message), class: ['tilebar', 'error'] } : { text: '', class: ['tilebar'] });
  const resolve: LineFeedClicks['resolve'] = (line, blocks) => {
    const click = parseClickLine(line);
    return click ? { block: slotBlocks(blocks).get(click.token), button: click.button } : undefined;
  };
  // A module's reader that started says so: it gets its module's line at once, not at the line's next change.
  const notice = (line: string) => {
    const slot = readerOfLine(line);
    if (slot !== undefined) pipes?.resend(slot);
    return slot !== undefined;
  };
  const feed = startLineFeed({
    store: c.store,
    out: c.out,
    version: c.version,
    tilerOptions: c.tilerOptions,
    ...(c.ticks ? { ticks: c.ticks } : {}),
    format: (blocks, s) => {
      // Spaced as the pane spaces its units: Waybar's CSS pads only its own modules, not ours.
      const fill = s.look.backgrounds.bar;
      const spacing = { gapCells: s.look.metrics.widgetSpacing, ...(fill ? { fill } : {}) };
      const slots = slotBlocks(spacedBlocks(blocks.filter((b) => b.instance !== MESSAGE_INSTANCE), spacing));
      for (const slot of slots.keys()) known.add(slot);
      for (const slot of known) pipes?.write(slot, waybarLine(slots.get(slot)));
      return ownLine(s);
    },
    ...(served ? { clicks: { ...c.clickDeps, inbox: served.inbox, log: c.log, resolve, notice } } : {}),
  });
  return {
    stop() {
      feed.stop();
      pipes?.close();
      if (!served) return;
      try {
        // Empty when no module had a pipe (the inbox is gone); the pipes stay for their modules' readers (waybar-pipes.ts).
        rmdirSync(served.pipes);
      } catch {
        // not empty, or gone already
      }
    },
  };
}
