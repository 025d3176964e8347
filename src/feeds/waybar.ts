/**
 * Waybar: `custom` modules with `"return-type": "json"`, one per block of each widget, so each workspace, media
 * button and Applications item is a module of its own that Waybar places, styles and clicks. One tilebar process
 * (`feed waybar`, itself the `custom/tilebar` module) serves them all: each module's `exec` is a `cat` of a pipe
 * the feed keeps the module's latest line in (waybar-pipes.ts; `moduleCommand` says why it never ends), its
 * `on-click` an append to the feed's inbox.
 * Pure: the slots, each module's JSON line and the Waybar config that wires them up.
 */
import type { FeedBlock } from './blocks.js';
import type { Hex } from '../config/model.js';
import type { Run } from '../render/bar-types.js';
import { pangoText } from './escape.js';
import { runsMarkup } from './i3bar.js';
import { appendClickCommand, ownDirTest } from './feed-clicks.js';
import { CLICK_MARK } from './click-inbox.js';

/** A module's id (`right-3`, `right-3-2`: the third block of the widget `right[3]`). */
export type SlotId = string;

/** More blocks than a Tiler widget has now may come (a new workspace, the layout picker): its slots to spare. */
const TILER_SPARE_SLOTS = 4;
const TILER_MIN_SLOTS = 10;
/** Waybar reads a line at a time from a pipe; a line within PIPE_BUF (4096 bytes) is read whole. */
export const MAX_WAYBAR_LINE = 4000;

export interface WaybarWidget {
  /** `right[3]` */
  position: string;
  kind: string;
  /** Its blocks now. */
  blocks: number;
  /** The most blocks it may show (blocks.ts): it gets a module for each. */
  most?: number;
}

const base = (position: string) => position.replace(/^(\w+)\[(\d+)\]$/, '$1-$2');
const slotOf = (position: string, n: number): SlotId => (n === 0 ? base(position) : `${base(position)}-${n}`);

/**
 * Every module a widget has: one per block it may show (not only those it shows now: a Media widget's buttons
 * come with a player), and spare ones for a Tiler's workspaces to come.
 */
export function widgetSlots(w: WaybarWidget): SlotId[] {
  const may = Math.max(1, w.blocks, w.most ?? 0);
  const count = w.kind === 'Tiler' ? Math.max(may + TILER_SPARE_SLOTS, TILER_MIN_SLOTS) : may;
  return Array.from({ length: count }, (_, n) => slotOf(w.position, n));
}

/** Which block each slot shows now. */
export function slotBlocks(blocks: readonly FeedBlock[]): Map<SlotId, FeedBlock> {
  const seen = new Map<string, number>();
  const slots = new Map<SlotId, FeedBlock>();
  for (const b of blocks) {
    const n = seen.get(b.widget) ?? 0;
    seen.set(b.widget, n + 1);
    slots.set(slotOf(b.widget, n), b);
  }
  return slots;
}

/** How the pane spaces its units, for Waybar's modules. */
export interface WaybarSpacing {
  /** The pane's spacing between units, in cells (`widget_spacing`). */
  gapCells: number;
  /** What the units are painted on (the bar's background): under a unit's pads. */
  fill?: Hex;
}

/**
 * The blocks with the pane's spacing at their units' ends: a unit's first block starts, and its last block ends,
 * with half the gap (a space at least) in the unit's own fill — a unit selected whole (over a threshold) keeps its
 * highlight out to its ends, as on the pane. Waybar pads only its own modules (`#clock, #cpu, …` in its stock
 * style.css), so without these one unit's text would touch the next's; the blocks of one unit (workspaces, media
 * buttons) get nothing between them and stay together. Each block stays one module: the slots do not change.
 */
export function spacedBlocks(blocks: readonly FeedBlock[], spacing: WaybarSpacing): FeedBlock[] {
  const half = Math.max(1, Math.ceil(spacing.gapCells / 2));
  return blocks.map((b, i) => {
    const starts = blocks[i - 1]?.unit !== b.unit;
    const ends = blocks[i + 1]?.unit !== b.unit;
    if (!starts && !ends) return b;
    const pad = (edge: Run | undefined): Run => {
      const bg = b.state === 'selected' ? edge?.bg : spacing.fill;
      return { text: ' '.repeat(half), ...(bg ? { bg } : {}) };
    };
    return { ...b, runs: [...(starts ? [pad(b.runs[0])] : []), ...b.runs, ...(ends ? [pad(b.runs.at(-1))] : [])] };
  });
}

export interface WaybarLine {
  text: string;
  tooltip?: string;
  class: string[];
  percentage?: number;
}

/** What the pointer over a block shows: an Applications item's command when it asks for it, else what it is and why. */
export function blockTooltip(b: FeedBlock): string | undefined {
  if (b.action?.kind === 'launch' && b.action.showCommand) return b.action.command;
  const lines = [b.title, b.why].filter((l): l is string => typeof l === 'string' && l !== '');
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A module's line: pango text in the theme's colours, tooltip (escaped: Waybar reads it as markup), classes for CSS. */
export function waybarLine(b: FeedBlock | undefined): string {
  if (!b) return JSON.stringify({ text: '', class: ['tilebar', 'empty'] });
  const tooltip = blockTooltip(b);
  const line: WaybarLine = {
    text: runsMarkup(b.runs),
    ...(tooltip ? { tooltip: pangoText(tooltip) } : {}),
    class: ['tilebar', b.name.toLowerCase(), b.state],
    ...(b.percentage !== undefined ? { percentage: b.percentage } : {}),
  };
  const json = JSON.stringify(line);
  if (Buffer.byteLength(json) <= MAX_WAYBAR_LINE) return json;
  // Too long for one read of a pipe: the text alone, plain and cut (a title of thousands of characters).
  const plain = pangoText(b.runs.map((r) => r.text).join('').slice(0, 200));
  return JSON.stringify({ text: plain, class: line.class });
}

export interface WaybarConfigPlaces {
  /** The command that starts the feed (`tilebar feed waybar --config …`). */
  feed: string;
  /** The shell word for a slot's pipe (`"/run/user/1000/tilebar/waybar-$WAYBAR_OUTPUT_NAME/right-3"`). */
  pipe(slot: SlotId): string;
  /** The shell word for the inbox the modules' clicks append to. */
  inbox: string;
  /** The feeds' private directory the pipes and the inbox are in (tested before each use: feed-clicks.ts). */
  dir: string;
}

const BUTTON_KEYS: ReadonlyArray<[string, number]> = [
  ['on-click', 1],
  ['on-click-middle', 2],
  ['on-click-right', 3],
  ['on-scroll-up', 4],
  ['on-scroll-down', 5],
];

/** What a module's command appends to the inbox as it starts reading its pipe (after the mark): `<slot> reader`. */
const READER_WORD = 'reader';

/**
 * A module's command. It never ends by itself, because a Waybar up to 0.9.17 would never start it again: it
 * leaks each module's output pipe into the other modules' commands, so it never reads the end of a command
 * that ended (fixed in Waybar 0.9.18, "Open command pipes as close-on-exec"). So it waits for its pipe, made by
 * the feed's first start (its directory tested as the user's first: ownDirTest; a `sleep` a second until then,
 * as Waybar's `restart-interval` would start a `cat` a second); then it tells the feed that
 * it reads (a line in the inbox: the feed writes its current line again, which a reader before it may have
 * taken); then `cat` reads the pipe opened for reading and writing, so the feed's end or restart is no end of
 * file for it: the pipes stay, and the next feed writes to the same ones.
 */
function moduleCommand(places: WaybarConfigPlaces, slot: SlotId): string {
  const ready = `${ownDirTest(places.dir)} && [ -p ${places.pipe(slot)} ]`;
  return `until ${ready}; do sleep 1; done; echo ${CLICK_MARK}${slot} ${READER_WORD} >> ${places.inbox}; exec cat <> ${places.pipe(slot)}`;
}

/** The slot whose reader started, from an inbox line (its mark taken off), or undefined for any other line. */
export function readerOfLine(line: string): SlotId | undefined {
  const m = new RegExp(`^\\s*([A-Za-z0-9_-]{1,64})\\s+${READER_WORD}\\s*$`).exec(line);
  return m?.[1];
}

/** The Waybar config for these widgets: the three module lists and each module's definition, to merge into yours. */
export function waybarConfig(sections: Record<'left' | 'center' | 'right', readonly WaybarWidget[]>, places: WaybarConfigPlaces): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const modules: Record<string, unknown> = {
    'custom/tilebar': { exec: places.feed, 'return-type': 'json', 'restart-interval': 5 },
  };
  for (const [section, widgets] of Object.entries(sections)) {
    const names: string[] = section === 'left' ? ['custom/tilebar'] : [];
    for (const slot of widgets.flatMap(widgetSlots)) {
      names.push(`custom/tilebar-${slot}`);
      modules[`custom/tilebar-${slot}`] = {
        exec: moduleCommand(places, slot),
        'return-type': 'json',
        // Only if its cat is ended from outside: a Waybar from 0.9.18 on starts it again.
        'restart-interval': 1,
        ...Object.fromEntries(BUTTON_KEYS.map(([key, button]) => [key, appendClickCommand(places.dir, places.inbox, slot, button)])),
      };
    }
    config[`modules-${section}`] = names;
  }
  return { ...config, ...modules };
}
