/**
 * The i3bar protocol (i3bar and swaybar `status_command`): a header, then an endless JSON array of status lines,
 * each an array of blocks; with `click_events`, the bar writes one JSON object per click on our stdin. Pure:
 * the feed (feed.ts) writes and reads the streams. Text goes out as pango markup, escaped (escape.ts), so a
 * window title is always text.
 */
import { constants } from 'node:os';
import type { MouseTrigger } from '../config/schema/mouse.js';
import { parseBoundedJson } from '../io/bounded-json.js';
import { pangoText, plainText } from './escape.js';
import type { Run } from '../render/bar-types.js';
import { MIN_TRUNCATED } from '../render/fit.js';
import { truncate } from '../render/paint.js';
import { MESSAGE_INSTANCE, type FeedBlock, type FeedWidget } from './blocks.js';
import { placedWidgets } from '../config/positions.js';
import type { BarModel, Hex } from '../config/model.js';
import type { CellMetrics } from '../render/cells.js';
import type { ResolvedTheme } from '../../themes/resolve-theme.js';
import type { Backgrounds } from '../../themes/transparency.js';

/**
 * Signals the bar sends when it hides and shows again (a bar in `mode hide`): SIGUSR1 and SIGUSR2 rather than the
 * default SIGSTOP, which would freeze us whole — clicks, a config save and the host's going unseen — where only
 * polling needs to pause.
 */
export const I3BAR_STOP_SIGNAL = 'SIGUSR1';
export const I3BAR_CONT_SIGNAL = 'SIGUSR2';

/** The header and the opening of the endless array. */
export function i3barHeader({ signals = true }: { signals?: boolean } = {}): string {
  // Without signals, the bar sends its defaults (SIGSTOP, SIGCONT): a loop's shell and cat stop and go on.
  const declared = signals ? { stop_signal: osSignal(I3BAR_STOP_SIGNAL), cont_signal: osSignal(I3BAR_CONT_SIGNAL) } : {};
  return `${JSON.stringify({ version: 1, click_events: true, ...declared })}\n[\n`;
}

const osSignal = (name: 'SIGUSR1' | 'SIGUSR2') => constants.signals[name];

export interface I3barBlock {
  full_text: string;
  /** The pane's shorter form, which i3bar shows when the line does not fit: long texts cut to a few cells. */
  short_text?: string;
  /** `pango` only for a block whose runs differ in colour or weight; a block of one style is plain text. */
  markup: 'pango' | 'none';
  name: string;
  instance: string;
  color?: string;
  background?: string;
  /** A grouped bar's frame: round each widget, no inner sides between blocks of the same widget. */
  border?: string;
  border_left?: 0;
  border_right?: 0;
  separator: false;
  separator_block_width: number;
}

export interface I3barLook {
  /** The gap between frames (the config's spacing, pixels): the pane's gap between widgets' units. */
  spacingPx: number;
  /** The frame's colour when the config groups widgets into boxes (`grouping`); none without. */
  border?: string;
  /**
   * What one frame holds, as the pane groups the bar: each unit its own (`Widget`), a section (`Alignment`), or
   * the whole bar (`Bar`; and no grouping, where the pane's units sit on one strip of the bar's background).
   */
  box: 'unit' | 'section' | 'bar';
  /** The pane's spacing in cells: spaces between the units that share a frame, in the frame's fill. */
  gapCells: number;
  /** What the units are painted on (the bar's background, as blocks.ts paints them): under a frame's padding and gaps. */
  fill?: Hex;
}

type LookOfModel = { theme: ResolvedTheme; backgrounds: Backgrounds; metrics: Pick<CellMetrics, 'widgetSpacing'> };
type ModelOfLook = Pick<BarModel, 'widgetSpacing' | 'grouping'>;

const I3BAR_LOOK_OF = new WeakMap<LookOfModel, { model: ModelOfLook; i3bar: I3barLook }>();

/**
 * The i3bar look of a bar drawn from `model` in `look`'s theme and backgrounds: frames as the pane groups it. The
 * same object while the model and look are (a view makes its look once per model), which is what keeps each
 * block's JSON from one line to the next (`i3barStatusBytes`).
 */
export function i3barLookOf(model: ModelOfLook, look: LookOfModel): I3barLook {
  const kept = I3BAR_LOOK_OF.get(look);
  if (kept?.model === model) return kept.i3bar;
  const i3bar = makeI3barLook(model, look);
  I3BAR_LOOK_OF.set(look, { model, i3bar });
  return i3bar;
}

function makeI3barLook(model: ModelOfLook, look: LookOfModel): I3barLook {
  const g = model.grouping.kind;
  const fill = look.backgrounds.bar;
  return {
    spacingPx: model.widgetSpacing,
    ...(g !== 'None' ? { border: look.theme.colours.border } : {}),
    box: g === 'Widget' ? 'unit' : g === 'Alignment' ? 'section' : 'bar',
    gapCells: look.metrics.widgetSpacing,
    ...(fill ? { fill } : {}),
  };
}

/** Runs as pango markup: each a span in its colours, its text escaped. */
export function runsMarkup(runs: readonly Run[]): string {
  let markup = '';
  for (const r of runs) {
    const attrs = `${r.fg ? ` foreground="${r.fg}"` : ''}${r.bg ? ` background="${r.bg}"` : ''}${r.bold ? ' weight="bold"' : ''}`;
    const text = pangoText(r.text);
    markup += attrs ? `<span${attrs}>${text}</span>` : text;
  }
  return markup;
}

/** Whether every run has the first one's colours and weight: then the block's own colour fields say it all. */
const oneStyle = (runs: readonly Run[]) => runs.every((r) => r.fg === runs[0]?.fg && r.bg === runs[0]?.bg && !r.bold);

/**
 * Where a block sits in its frame. A frame's ends get a space of padding inside them (i3bar and swaybar draw a
 * border, or the block's background, right at the text's first and last pixel, where the pane has a cell); units
 * that share a frame get the pane's spacing between them; a unit's own blocks (a click tells them apart) touch.
 */
interface Place {
  startsBox: boolean;
  endsBox: boolean;
  /** Another unit of the same frame follows: a gap of `gapCells` in the frame's fill. */
  gapAfter: boolean;
}

function placeIn(blocks: readonly FeedBlock[], i: number, look: I3barLook): Place {
  return placeOfBits(placeBits(blocks, i, look));
}

function placeOfBits(bits: number): Place {
  return { startsBox: (bits & STARTS_BOX) !== 0, endsBox: (bits & ENDS_BOX) !== 0, gapAfter: (bits & GAP_AFTER) !== 0 };
}

const STARTS_BOX = 1;
const ENDS_BOX = 2;
const GAP_AFTER = 4;

/** Whether two blocks share a frame: the same unit, section or bar, as the look groups them. */
function sameBox(a: FeedBlock | undefined, b: FeedBlock, look: I3barLook): boolean {
  if (a === undefined) return false;
  return look.box === 'unit' ? a.unit === b.unit : look.box === 'section' ? a.section === b.section : true;
}

/** A block's place (placeIn) as bits, made without allocating: what keeps its JSON is compared on every line. */
function placeBits(blocks: readonly FeedBlock[], i: number, look: I3barLook): number {
  const b = blocks[i] as FeedBlock;
  const next = blocks[i + 1];
  const endsBox = next === undefined || !sameBox(next, b, look);
  const gapAfter = !endsBox && next?.unit !== b.unit && look.gapCells > 0;
  return (sameBox(blocks[i - 1], b, look) ? 0 : STARTS_BOX) | (endsBox ? ENDS_BOX : 0) | (gapAfter ? GAP_AFTER : 0);
}

/** One status line's blocks: plain text, or pango spans in their colours where runs differ. */
export function i3barBlocks(blocks: readonly FeedBlock[], look: I3barLook): I3barBlock[] {
  return blocks.flatMap((b, i) => blockWithFrame(b, look, placeIn(blocks, i, look)));
}

/**
 * A block with the stretches of its frame around it: the padding at the frame's ends and the gap after its unit,
 * each a block of its own. Not spaces in the block's text: i3bar and swaybar fill a block's whole height with its
 * `background` but a pango span's only as high as the text, so a padded block whose first run has a fill of its own
 * (the focused workspace) would lose that fill's full height, or spread it over the padding.
 */
function blockWithFrame(b: FeedBlock, look: I3barLook, place: Place): I3barBlock[] {
  // A unit selected whole (over a threshold) keeps its own fill out to its frame, as its highlight.
  const ownFill = (edge: Run | undefined) => (b.state === 'selected' ? edge?.bg : look.fill);
  return [
    ...(place.startsBox ? [frameBlock(b, look, 'start', 1, ownFill(b.runs[0]))] : []),
    ...byBackground(b.runs).map((runs) => i3barBlock({ ...b, runs }, look)),
    ...(place.gapAfter ? [frameBlock(b, look, 'gap', look.gapCells, look.fill)] : []),
    ...(place.endsBox ? [frameBlock(b, look, 'end', 1, ownFill(b.runs.at(-1)))] : []),
  ];
}

/**
 * A block's runs cut where their background changes: each stretch is a block of its own (the same instance, so a
 * click on any does the block's one thing), whose `background` fills the bar's height as a cell's does on the pane;
 * in one block, a run's own background would be only as high as its text (the focused workspace's space after it).
 */
function byBackground(runs: readonly Run[]): Run[][] {
  const out: Run[][] = [];
  for (const r of runs) {
    const last = out.at(-1);
    if (last && last[0]?.bg === r.bg) last.push(r);
    else out.push([r]);
  }
  return out;
}

function i3barBlock(b: FeedBlock, look: I3barLook): I3barBlock {
  const plain = oneStyle(b.runs);
  const text = (runs: readonly Run[]) => (plain ? plainText(runs.map((r) => r.text).join('')) : runsMarkup(runs));
  const full_text = text(b.runs);
  // The short form differs only where a run is cut: most blocks (a clock, a percentage) are short already.
  const cut = b.runs.map((r) => truncate(r.text, MIN_TRUNCATED));
  const short_text = cut.every((t, i) => t === b.runs[i]?.text) ? full_text : text(b.runs.map((r, i) => ({ ...r, text: cut[i] ?? r.text })));
  const first = b.runs[0];
  return {
    full_text,
    ...(short_text !== full_text ? { short_text } : {}),
    markup: plain ? 'none' : 'pango',
    name: b.name,
    instance: b.instance,
    ...(first?.fg ? { color: first.fg } : {}),
    ...(first?.bg ? { background: first.bg } : {}),
    ...frameSides(look, true, true),
    separator: false,
    separator_block_width: 0,
  };
}

/** The border round a frame: no inner sides where blocks of one frame meet. */
const frameSides = (look: I3barLook, joinsPrevious: boolean, joinsNext: boolean): Pick<I3barBlock, 'border' | 'border_left' | 'border_right'> =>
  look.border ? { border: look.border, ...(joinsPrevious ? { border_left: 0 as const } : {}), ...(joinsNext ? { border_right: 0 as const } : {}) } : {};

/**
 * A stretch of the frame itself — its padding at the start or end, or the pane's spacing between two of its units —
 * in `fill`. A click there does nothing, as on the pane's frames and gaps: its instance names no block (every
 * block's starts with its place, `left[0]`, or is the message's). The frame's end carries the gap to the next frame.
 */
function frameBlock(b: FeedBlock, look: I3barLook, what: 'start' | 'gap' | 'end', cells: number, fill: Hex | undefined): I3barBlock {
  return {
    full_text: ' '.repeat(cells),
    markup: 'none',
    name: b.name,
    instance: `${what} by ${b.instance}`,
    ...(fill ? { background: fill } : {}),
    ...frameSides(look, what !== 'start', what !== 'end'),
    separator: false,
    separator_block_width: what === 'end' ? look.spacingPx : 0,
  };
}

/**
 * The blocks of a line with a menu open (the layout picker): its widget's alone, and what is wrong with the config.
 * i3bar and swaybar right-align the status line and cut what does not fit off its left end, where the Tiler's
 * workspaces are; a picker that only lengthened the line pushed them off. Open, it overlays the rest of the bar,
 * which comes back when it closes. Without a menu, the blocks as they are.
 */
export function menuOverlay(blocks: readonly FeedBlock[]): readonly FeedBlock[] {
  const menu = blocks.find((b) => b.menuOpen);
  return menu ? blocks.filter((b) => b.widget === menu.widget || b.instance === MESSAGE_INSTANCE) : blocks;
}

/** A status line of the endless array (every line after the first starts with a comma). */
export function i3barLine(blocks: readonly I3barBlock[], first: boolean): string {
  return `${first ? '' : ','}${JSON.stringify(blocks)}\n`;
}

interface BlockJson {
  look: I3barLook;
  place: number;
  /** The UTF-8 of its JSON. */
  bytes: Buffer;
}

const JSON_OF_BLOCK = new WeakMap<FeedBlock, BlockJson>();

/**
 * Block `i`'s JSON (its frame's blocks with it) as UTF-8, kept with the block for the look (the same object:
 * i3barLookOf) and its place: blocks.ts keeps the blocks of units that did not change, so a line a second costs the
 * clock's block, not every widget's markup again.
 */
function blockJson(blocks: readonly FeedBlock[], i: number, look: I3barLook): BlockJson {
  const b = blocks[i] as FeedBlock;
  const place = placeBits(blocks, i, look);
  const kept = JSON_OF_BLOCK.get(b);
  if (kept !== undefined && kept.look === look && kept.place === place) return kept;
  const json = blockWithFrame(b, look, placeOfBits(place))
    .map((x) => JSON.stringify(x))
    .join(',');
  const made = { look, place, bytes: Buffer.from(json) };
  JSON_OF_BLOCK.set(b, made);
  return made;
}

const COMMA = 0x2c;

/**
 * The same line as `i3barLine(i3barBlocks(blocks, look), true)` as its UTF-8, what a feed writes: copied together
 * from each block's kept bytes (blockJson), outside V8's heap. As a string, a line a second was the feed's largest
 * allocation — the joined line, twice its length for a bar with any character outside Latin-1, and its UTF-8 made
 * again to be written.
 */
export function i3barStatusBytes(blocks: readonly FeedBlock[], look: I3barLook): Buffer {
  const parts: Buffer[] = [];
  // `[`, the commas between blocks and `]\n`.
  let length = 3 + Math.max(0, blocks.length - 1);
  for (let i = 0; i < blocks.length; i++) {
    const { bytes } = blockJson(blocks, i, look);
    parts.push(bytes);
    length += bytes.length;
  }
  const line = Buffer.allocUnsafe(length);
  let at = line.write('[');
  parts.forEach((part, i) => {
    if (i > 0) line[at++] = COMMA;
    at += part.copy(line, at);
  });
  line.write(']\n', at);
  return line;
}

export interface I3barClick {
  instance: string;
  button: number;
}

/** A click line from the bar, or undefined for the array's `[`, a blank line or anything that is not a click. */
export function parseI3barClick(line: string): I3barClick | undefined {
  const text = line.trim().replace(/^,/, '').trim();
  if (text === '' || text === '[') return undefined;
  const parsed = parseBoundedJson(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const { instance, button } = parsed.value as { instance?: unknown; button?: unknown };
  if (typeof instance !== 'string' || typeof button !== 'number' || !Number.isInteger(button)) return undefined;
  return { instance, button };
}

/** What a button other than the left one does: the config's mouse binding (the wheel: one tick a notch). */
export const BUTTON_BINDINGS: Readonly<Record<number, MouseTrigger>> = {
  2: 'on_middle_click',
  3: 'on_secondary_click',
  4: 'on_scroll_up',
  5: 'on_scroll_down',
  6: 'on_scroll_left',
  7: 'on_scroll_right',
  8: 'on_extra1_click',
  9: 'on_extra2_click',
};

/**
 * The `bar { … }` block for i3's or sway's config that runs `command`. When the config's Tiler widget shows the
 * workspaces (`workspaceWidgets`: where), the bar's own workspace buttons are turned off, with a comment saying
 * why: i3bar and swaybar draw theirs at the left of the bar, ours are in the status area, and both would show.
 */
export function i3barConfigBlock(command: string, workspaceWidgets: readonly string[]): string {
  const lines = [`    status_command ${command}`];
  if (workspaceWidgets.length > 0) {
    lines.push(`    # tilebar's Tiler widget (${workspaceWidgets.join(', ')}) shows the workspaces: the bar's own buttons would show them twice`, '    workspace_buttons no');
  }
  return `bar {\n${lines.join('\n')}\n}\n`;
}

/** Where a Tiler widget of the bar shows the workspaces (`left[0]`): among the widgets shown, those with them enabled. */
export function workspaceWidgets(model: Pick<BarModel, 'left' | 'center' | 'right'>, shown: readonly FeedWidget[]): string[] {
  const configAt = new Map(placedWidgets(model).map((p) => [p.position, p.widget.config]));
  return shown
    .filter((w) => {
      // The Tiler kind's name (`Komorebi` in files); its model's `workspaces` (widgets/tiler/model.ts).
      const workspaces = w.kind === 'Tiler' ? configAt.get(w.position)?.workspaces : undefined;
      return typeof workspaces === 'object' && workspaces !== null && (workspaces as { enable?: unknown }).enable === true;
    })
    .map((w) => w.position);
}
