/**
 * `tilebar feed waybar`: the feed as Waybar's `custom/tilebar` module, serving every other tilebar module through
 * its pipe (feeds/waybar-pipes.ts) and reading their clicks from the inbox. Its own module shows what is wrong
 * with the config (located, as on the pane) and is empty otherwise. Each Waybar bar (one per output) starts its
 * own: the pipes and the clicks are per output (`$WAYBAR_OUTPUT_NAME`, which Waybar gives each bar's commands;
 * a Waybar too old to give it runs every bar's modules on the same pipes, so there the tilebar modules belong on
 * one output: `"output"` in the Waybar config).
 */
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { BarSnapshot, BarStore } from '../bar/bar-store.js';
import { feedView, MESSAGE_INSTANCE, type FeedWidget } from '../feeds/blocks.js';
import { pangoText } from '../feeds/escape.js';
import { parseClickLine } from '../feeds/feed-clicks.js';
import { startLineFeed, type Feed, type LineFeedClicks } from '../feeds/line-feed.js';
import { slotBlocks, waybarConfig, waybarLine, widgetSlots, type SlotId } from '../feeds/waybar.js';
import { LatestLinePipes } from '../feeds/waybar-pipes.js';
import { PLAIN_PATH, privateDir, runtimeDirPath } from '../io/runtime-dir.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';

type Env = Readonly<Record<string, string | undefined>>;

const OUTPUT_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface WaybarPlaces {
  runtime: string;
  /** This bar's pipes: `<runtime>/waybar-<output>`. */
  pipes: string;
  inbox: string;
}

export function waybarPlaces(env: Env, uid: number): WaybarPlaces {
  const runtime = runtimeDirPath(env, uid);
  const output = env.WAYBAR_OUTPUT_NAME ?? '';
  const pipes = join(runtime, `waybar-${OUTPUT_NAME.test(output) ? output : ''}`);
  return { runtime, pipes, inbox: join(pipes, 'clicks') };
}

/** The Waybar config for this bar's widgets, printed by `feed waybar --print-config`. */
export function printedWaybarConfig(widgets: readonly FeedWidget[], env: Env, uid: number, feed: string): string {
  const places = waybarPlaces(env, uid);
  const of = (section: FeedWidget['section']) => widgets.filter((w) => w.section === section);
  const config = waybarConfig(
    { left: of('left'), center: of('center'), right: of('right') },
    // The output's name is Waybar's to give each bar's cat (its environment), so it stays a variable here.
    { feed, pipe: (slot) => `"${places.runtime}/waybar-$WAYBAR_OUTPUT_NAME/${slot}"`, inbox: `"${places.runtime}/waybar-$WAYBAR_OUTPUT_NAME/clicks"` },
  );
  return `${JSON.stringify(config, null, 2)}\n`;
}

export interface WaybarFeedContext {
  store: BarStore;
  out: Writable;
  env: Env;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  clickDeps: Omit<LineFeedClicks, 'inbox' | 'resolve' | 'log'>;
  log(line: string): void;
  heartbeatMs?: number;
}

export function startWaybarFeed(c: WaybarFeedContext): Feed {
  const uid = process.getuid?.() ?? 0;
  const places = waybarPlaces(c.env, uid);
  const dirs = [privateDir(places.runtime, uid), privateDir(places.pipes, uid)];
  const bad = dirs.find((d) => !d.ok);
  const usable = !bad && PLAIN_PATH.test(places.pipes) && PLAIN_PATH.test(places.inbox);
  if (!usable) c.log(`feed waybar: the modules cannot be served: ${bad && !bad.ok ? `${bad.path}: ${bad.why}` : `${places.pipes} has characters a Waybar command cannot carry`}`);
  const pipes = usable ? new LatestLinePipes(places.pipes, c.log) : undefined;
  // Every slot a module may read: those of the widgets at the start (print-config's), and any seen since.
  const known = new Set<SlotId>(feedView(c.store.getSnapshot(), c.version, c.tilerOptions).widgets.flatMap(widgetSlots));
  const ownLine = (s: BarSnapshot) =>
    JSON.stringify(s.message ? { text: pangoText(s.message), tooltip: pangoText(s.message), class: ['tilebar', 'error'] } : { text: '', class: ['tilebar'] });
  const resolve: LineFeedClicks['resolve'] = (line, blocks) => {
    const click = parseClickLine(line);
    return click ? { block: slotBlocks(blocks).get(click.token), button: click.button } : undefined;
  };
  const feed = startLineFeed({
    store: c.store,
    out: c.out,
    version: c.version,
    tilerOptions: c.tilerOptions,
    ...(c.heartbeatMs ? { heartbeatMs: c.heartbeatMs } : {}),
    format: (blocks, s) => {
      const slots = slotBlocks(blocks.filter((b) => b.instance !== MESSAGE_INSTANCE));
      for (const slot of slots.keys()) known.add(slot);
      for (const slot of known) pipes?.write(slot, waybarLine(slots.get(slot)));
      return ownLine(s);
    },
    ...(usable ? { clicks: { ...c.clickDeps, inbox: places.inbox, log: c.log, resolve } } : {}),
  });
  return {
    stop() {
      feed.stop();
      pipes?.close();
    },
  };
}
