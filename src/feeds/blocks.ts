/**
 * What a host bar shows, from the live core's snapshot: each visible widget unit as blocks — one per stretch of
 * the unit that a click does one thing on (a workspace each, the media buttons each) — with its runs in the
 * theme's colours for its state, as the pane paints them (`unitRuns`, render/paint.ts). The host lays them out
 * itself: no fitting, no group boxes. Pure: the feeds' writers turn blocks into each host's protocol.
 */
import type { BarSnapshot } from '../app/store.js';
import { barStateOf } from '../view/bar-state.js';
import { composeSections } from '../view/compose.js';
import type { LayoutInput, Run, SectionName, WidgetUnits } from '../render/bar-types.js';
import type { Hex } from '../colour/rgb.js';
import { unitRuns } from '../render/paint.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import type { ClickAction, UnitState, UnitView } from '../../widgets/view.js';

export interface FeedBlock {
  section: SectionName;
  /** The widget kind (`Cpu`): i3bar's `name`, a CSS class on Waybar. */
  name: string;
  /** The widget's place in the config (`right[3]`): Waybar's modules are per widget and block. */
  widget: string;
  /** Unique on the bar and stable across updates: `right[3] cpu` and, past the first block of a unit, `#n`. */
  instance: string;
  /** The unit it is part of (`right[3] cpu`): a host keeps a unit's blocks together and sets units apart, as the pane does. */
  unit: string;
  /** Its text in the theme's colours; never empty. */
  runs: Run[];
  state: UnitState;
  /** Why the unit is in its state (`95 >= auto_select_over 80`): a tooltip. */
  why?: string;
  /** What a left click does. */
  action?: ClickAction;
  /** What the unit is and shows (`Cpu: 93 %`), for a tooltip. */
  title?: string;
  /** Its value when it is a percentage (CPU, memory, battery, a disk): Waybar's `percentage`. */
  percentage?: number;
  /** Its unit shows an open menu (the layout picker: UnitView's `menuOpen`). */
  menuOpen?: true;
}

const SECTIONS: readonly SectionName[] = ['left', 'center', 'right'];

export interface FeedWidget {
  section: SectionName;
  /** `right[3]` */
  position: string;
  kind: string;
  /** How many blocks it shows now. */
  blocks: number;
  /**
   * The most it may show, whatever it shows now: a block for each of its units, hidden ones too (Network's
   * directions before its first reading), or its kind's own count (Media's buttons while no player plays).
   */
  most: number;
}

/** The blocks: what a feed writes every time the bar changes (`feedView`'s, without its list of widgets). */
export function feedBlocks(s: BarSnapshot, version: string, tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>, pickerOpen = false): FeedBlock[] {
  return feedParts(s, version, tilerOptions, pickerOpen, undefined);
}

/** The blocks, and every enabled widget of the config with how many of them it shows (none, when hidden). */
export function feedView(s: BarSnapshot, version: string, tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>, pickerOpen = false): { blocks: FeedBlock[]; widgets: FeedWidget[] } {
  const widgets: FeedWidget[] = [];
  return { blocks: feedParts(s, version, tilerOptions, pickerOpen, widgets), widgets };
}

/** The blocks; each enabled widget pushed onto `widgets` when asked for (printing a host's config, Waybar's slots). */
function feedParts(s: BarSnapshot, version: string, tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>, pickerOpen: boolean, widgets: FeedWidget[] | undefined): FeedBlock[] {
  const { model, look } = s;
  const sections = composeSections(model, barStateOf(s, tilerOptions, pickerOpen), 1, version, look.widgets, look.compose, look.icons);
  // A host lays out its own line: the layout's input is only what painting a unit reads.
  const input: LayoutInput = { width: Number.MAX_SAFE_INTEGER, height: 1, metrics: look.metrics, grouping: { kind: 'None' }, sections, theme: look.theme, backgrounds: look.backgrounds, icons: look.icons };
  const blocks: FeedBlock[] = [];
  for (const section of SECTIONS) {
    // What is wrong with the config takes the centre, as on the pane (place.ts); the last good bar stays around it.
    if (section === 'center' && s.message) {
      blocks.push(messageBlock(s.message, look.theme.colours.error, look.backgrounds.bar));
      continue;
    }
    for (const w of sections[section]) {
      const before = blocks.length;
      for (const unit of w.units) {
        if (unit.state === 'hidden') continue;
        // A unit the compose cache kept (its inputs did not change) keeps its blocks: a feed writing a line a
        // second for its clock makes the clock's blocks again, not every widget's.
        const kept = BLOCKS_OF_UNIT.get(unit);
        if (kept && kept.look === look && kept.position === w.position) {
          blocks.push(...kept.blocks);
          continue;
        }
        const made = unitBlocks(w, unit, section, input, look);
        BLOCKS_OF_UNIT.set(unit, { look, position: w.position, blocks: made });
        blocks.push(...made);
      }
      const shown = blocks.length - before;
      widgets?.push({ section, position: w.position, kind: w.kind ?? 'Plain', blocks: shown, most: Math.max(shown, w.units.length, kindsMost(s, section, w)) });
    }
  }
  return blocks;
}

/** What the widget's kind says it shows at most (`mostBlocks`), or 0 when it says nothing. */
function kindsMost({ model, look }: BarSnapshot, section: SectionName, w: WidgetUnits): number {
  const index = Number(/\[(\d+)\]$/.exec(w.position)?.[1] ?? -1);
  const config = model[section][index]?.config;
  const most = config === undefined ? undefined : look.widgets.kind(w.kind)?.mostBlocks?.(config);
  return most !== undefined && Number.isSafeInteger(most) ? most : 0;
}

const BLOCKS_OF_UNIT = new WeakMap<UnitView, { look: BarSnapshot['look']; position: string; blocks: FeedBlock[] }>();

function unitBlocks(w: WidgetUnits, unit: UnitView, section: SectionName, input: LayoutInput, look: BarSnapshot['look']): FeedBlock[] {
  const piece = unitRuns(w, unit, section, input, look.backgrounds.bar, look.metrics.maxLabelWidth, () => undefined);
  const base = { section, name: w.kind ?? 'Plain', widget: w.position, state: unit.state, ...(unit.why ? { why: unit.why } : {}), ...details(unit), ...(unit.menuOpen ? { menuOpen: true as const } : {}) };
  return byAction(piece.runs).map((stretch, n) => ({ ...base, instance: n === 0 ? piece.key : `${piece.key}#${n}`, unit: piece.key, runs: stretch.runs, ...(stretch.action ? { action: stretch.action } : {}) }));
}

function details(unit: UnitView): Pick<FeedBlock, 'title' | 'percentage'> {
  const title = unit.valueText ? `${unit.name}: ${unit.valueText}` : unit.name;
  const percent = unit.value !== undefined && Number.isFinite(unit.value) && unit.valueText?.trim().endsWith('%');
  return { title, ...(percent ? { percentage: Math.round(Math.min(100, Math.max(0, unit.value ?? 0))) } : {}) };
}

export const MESSAGE_INSTANCE = 'tilebar message';

function messageBlock(message: string, fg: Hex, bg: Hex | undefined): FeedBlock {
  return { section: 'center', name: 'tilebar', widget: 'center[message]', instance: MESSAGE_INSTANCE, unit: MESSAGE_INSTANCE, runs: [{ text: message, fg, ...(bg ? { bg } : {}), bold: true }], state: 'error', why: message };
}

/** Consecutive runs with the same click action (or none), empty runs left out, spaces kept with what precedes them. */
function byAction(runs: readonly Run[]): Array<{ action?: ClickAction; runs: Run[] }> {
  const out: Array<{ action?: ClickAction; runs: Run[] }> = [];
  for (const r of runs) {
    if (r.text === '') continue;
    const last = out.at(-1);
    // The space between two items belongs to the one before it: no block of its own that a click does nothing on.
    if (last && (last.action === r.action || (!r.action && r.text.trim() === ''))) last.runs.push(r);
    else out.push({ ...(r.action ? { action: r.action } : {}), runs: [r] });
  }
  return out;
}
