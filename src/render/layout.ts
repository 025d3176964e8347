/**
 * The bar as rows of styled runs, exactly `width` cells each: pure, no terminal, no Ink.
 *
 * One content row holds three sections: left from the left edge, right to the right edge, center
 * centred on the whole width, or moved just far enough to sit between the sides when one of them
 * reaches the middle. The unit of spacing and grouping is the widget *unit* (a disk, a network part), as
 * in the original. When the width is too small, what gives way, in order: (1) the center section, when
 * even moved it does not fit between the sides; (2) labels, longest first, truncated with `…` down to 8
 * cells; (3) whole units, from the inner ends of the left and right sections, alternately; (4) a hard
 * clip at the right edge. Nothing ever wraps.
 */
import type { GroupingModel, GroupingStyle, Hex } from '../config/model.js';
import { blend } from '../colour/rgb.js';
import type { ResolvedTheme } from '../../themes/resolve-theme.js';
import type { Backgrounds } from '../../themes/transparency.js';
import type { ClickAction, GridCell, Segment, UnitState, UnitView } from '../../widgets/view.js';
import type { CellMetrics } from './cells.js';
import { DECORATIONS, glyph, ROUNDED_CAPS, textForSet, type IconSet } from './icons.js';
import { displayText } from '../text/safe-text.js';
import { textWidth } from './text-width.js';
import { fitBar, MIN_TRUNCATED } from './fit.js';

export type SectionName = 'left' | 'center' | 'right';

export interface Run {
  text: string;
  fg?: Hex;
  bg?: Hex;
  bold?: boolean;
  /**
   * A selected unit or element (a threshold's auto-select, the focused workspace): its fill shows it in colour;
   * without colour the writer draws it in reverse video instead, so it still stands out.
   */
  inverse?: boolean;
  section?: SectionName;
  /** Which unit the run belongs to (`right[3] cpu`), for components and hit-testing. */
  unit?: string;
  /** The unit's widget kind (`Cpu`): which component draws it. */
  kind?: string;
  /** Which group frame it belongs to. */
  group?: string;
  /** What a click here does. */
  action?: ClickAction;
}

export interface ClickTarget {
  x: number;
  width: number;
  action: ClickAction;
  unit?: string;
}

export interface WidgetUnits {
  /** `right[3]` */
  position: string;
  kind: string;
  units: UnitView[];
}

export interface LayoutInput {
  width: number;
  height: number;
  metrics: CellMetrics;
  grouping: GroupingModel;
  sections: Readonly<Record<SectionName, readonly WidgetUnits[]>>;
  theme: ResolvedTheme;
  backgrounds: Backgrounds;
  icons: IconSet;
  /** A one-line message (a config error) shown in place of the center section. */
  message?: string;
  /** Pieces and frames kept across frames of one bar (one appearance): see LayoutCache. */
  cache?: LayoutCache;
}

/**
 * What a running bar keeps between frames: each unit's runs (keyed by the unit object, which the
 * ComposeCache keeps while the unit is unchanged) and each group's frame. Create one per appearance.
 */
export class LayoutCache {
  readonly pieces = new WeakMap<UnitView, Map<string, Piece>>();
  readonly frames = new Map<string, Frame>();
}

export interface PlacedUnit {
  section: SectionName;
  position: string;
  kind: string;
  id: string;
  name: string;
  text: string;
  state: UnitState;
  why?: string;
  x: number;
  width: number;
  colours: { fg?: Hex; bg?: Hex; icon?: Hex };
}

export interface BarLayout {
  width: number;
  height: number;
  contentRow: number;
  rows: Run[][];
  placed: PlacedUnit[];
  /** What gave way to fit the width (for `preview --format json` and tests). */
  gaveWay: string[];
  /** Clickable cells of the content row, left to right. */
  targets: ClickTarget[];
}

export { textWidth };

/** Columns a message keeps for itself (more when the bar has room): enough for `config error: bar.json:3:7`. */
const MESSAGE_ROOM = 28;

export { MIN_TRUNCATED };

/** A unit ready to place: its runs, and how to shorten its text. */
interface Piece {
  key: string;
  section: SectionName;
  widget: WidgetUnits;
  unit: UnitView;
  runs: Run[];
  width: number;
  /** Extra lines below/above the content row (a tall binary clock): index 0 is the top line. */
  grid?: { lines: Run[][]; contentLine: number };
}

interface Palette {
  icon: Hex;
  text: Hex;
  dim: Hex;
  fill?: Hex;
}

/** `under`: what the unit sits on (its group's fill, or the bar's background); a selected unit has its own. */
function paletteFor(state: UnitState, theme: ResolvedTheme, under: Hex | undefined): Palette {
  const c = theme.colours;
  if (state === 'selected') return { icon: c.autoSelectIcon, text: c.autoSelectLabel, dim: c.autoSelectLabel, fill: c.autoSelectFill };
  if (state === 'error') return { icon: c.error, text: c.error, dim: c.error, ...(under ? { fill: under } : {}) };
  return { icon: c.accent, text: c.text, dim: c.dim, ...(under ? { fill: under } : {}) };
}

const truncate = (text: string, max: number, ellipsis = '…'): string => {
  if (textWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}${ellipsis}`) > max) break;
    out += ch;
  }
  return `${out}${ellipsis}`;
};

/**
 * The one place text from outside (readings, window titles, workspace names, config strings) becomes cells:
 * cleaned of control characters before anything measures or writes it, then as the icon set can show it.
 */
const cellText = (text: string, input: LayoutInput) => textForSet(displayText(text), input.icons);

/** The runs of one unit; `limit` caps each text segment's width (max_label_width, or shortening to fit). */
function unitRuns(
  w: WidgetUnits,
  unit: UnitView,
  section: SectionName,
  input: LayoutInput,
  groupBg: Hex | undefined,
  limit: number,
  groupOf: (key: string) => string | undefined,
): Piece {
  const key = `${w.position} ${unit.id}`;
  const group = groupOf(key);
  const p = paletteFor(unit.state, input.theme, groupBg);
  const runs: Run[] = [];
  let grid: Piece['grid'];
  const c = input.theme.colours;
  // Plain object literals (no conditional spreads): this runs for every unit on every frame.
  const selectedUnit = unit.state === 'selected';
  const kind = w.kind;
  const run = (text: string, fg: Hex, bg: Hex | undefined, action: ClickAction | undefined, inverse = selectedUnit): Run => ({ text, fg, bg, section, unit: key, kind, group, action, inverse });
  const segments = unit.segments;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    if (s.role === 'grid') {
      const toRuns = (line: GridCell[]) => line.map((cell) => run(cellText(cell.text, input), cell.lit ? c.accent : p.dim, p.fill, undefined));
      const lines = s.lines.map(toRuns);
      if (lines.length === 1) runs.push(...(lines[0] ?? []));
      else {
        // A tall grid: its second line sits on the content row.
        const contentLine = Math.min(1, lines.length - 1);
        runs.push(...(lines[contentLine] ?? []));
        grid = { lines, contentLine };
      }
      continue;
    }
    // A selected element (focused workspace, current layout) has the selected fill and text colour.
    const bg = s.selected ? c.selectedFill : p.fill;
    if (s.role === 'icon') {
      const g = glyph(s.icon, input.icons);
      const inverse = selectedUnit || s.selected === true;
      runs.push(run(g.padEnd(input.metrics.iconWidth - textWidth(g) + g.length), s.selected ? c.selectedText : s.tone === 'dim' ? p.dim : p.icon, bg, s.action, inverse));
      // The original's icon-to-text gap; it stays when a word or value follows (not before a spacer: a
      // single-space text segment, as between media buttons, is the gap itself).
      const next = segments[i + 1];
      if (next && next.role !== 'icon' && next.role !== 'glyph' && !(next.role === 'text' && next.text === ' ')) runs.push(run(' ', p.text, bg, s.action, inverse));
    } else if (s.role === 'glyph') {
      runs.push(run(cellText(s.text, input), s.selected ? c.selectedText : p.icon, bg, s.action, selectedUnit || s.selected === true));
    } else {
      const clean = cellText(s.text, input);
      const text = s.role === 'value' || s.role === 'text' ? truncate(clean, limit, DECORATIONS[input.icons].ellipsis) : clean;
      runs.push(run(text, s.selected ? c.selectedText : s.tone === 'dim' ? p.dim : p.text, bg, s.action, selectedUnit || s.selected === true));
    }
  }
  let width = 0;
  for (const r of runs) width += textWidth(r.text);
  return { key, section, widget: w, unit, runs, width, ...(grid ? { grid } : {}) };
}

interface Frame {
  left: Run[];
  right: Run[];
}

/** Each style's shade column: which sides, blurred (`░`) or hard (`▌`), and shadow or glow. */
const SHADE_STYLES: { readonly [K in GroupingStyle]: { sides: 'none' | 'right' | 'both'; glyph: 'blurred' | 'hard' | ''; glow: boolean } } = {
  Default: { sides: 'none', glyph: '', glow: false },
  DefaultWithShadowB4O1S3: { sides: 'right', glyph: 'blurred', glow: false },
  DefaultWithShadowB4O0S3: { sides: 'both', glyph: 'blurred', glow: false },
  DefaultWithShadowB0O1S3: { sides: 'right', glyph: 'hard', glow: false },
  DefaultWithGlowB3O1S2: { sides: 'right', glyph: 'blurred', glow: true },
  DefaultWithGlowB3O0S2: { sides: 'both', glyph: 'blurred', glow: true },
  DefaultWithGlowB0O1S2: { sides: 'right', glyph: 'hard', glow: true },
};

/**
 * A group's frame on the content row: rounded Powerline caps with Nerd Font glyphs and rounding > 0,
 * else a space of group colour on each side; on a bar of 3+ rows, `│` sides (the box is drawn around).
 * Shadow and glow styles add a shaded column outside the frame (right, or both sides for offset 0):
 * `░` for blurred styles, `▌` for blur 0, in black (shadow) or the accent (glow) blended over the bar.
 */
const frameCache = new WeakMap<LayoutInput, Map<string, Frame>>();
const cacheOf = (input: LayoutInput): Map<string, Frame> => {
  if (input.cache) return input.cache.frames;
  let cache = frameCache.get(input);
  if (!cache) {
    cache = new Map();
    frameCache.set(input, cache);
  }
  return cache;
};
const shadeCache = new Map<string, Hex>();

/** Black (shadow) or the accent (glow) at half strength over the bar; a handful of distinct values. */
function shadeColourOf(input: LayoutInput, glow: boolean, under: Hex): Hex {
  const over = glow ? input.theme.colours.accent : '#000000';
  const key = `${over}${under}`;
  let colour = shadeCache.get(key);
  if (!colour) {
    colour = blend(over, under, 0.5);
    shadeCache.set(key, colour);
  }
  return colour;
}

function frameRuns(grouping: Exclude<GroupingModel, { kind: 'None' }>, input: LayoutInput, section: SectionName, group: string, boxed: boolean): Frame {
  const cache = cacheOf(input);
  const key = `${section}|${group}|${boxed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const frame = makeFrame(grouping, input, section, group, boxed);
  cache.set(key, frame);
  return frame;
}

function makeFrame(grouping: Exclude<GroupingModel, { kind: 'None' }>, input: LayoutInput, section: SectionName, group: string, boxed: boolean): Frame {
  const barBg = input.backgrounds.bar;
  const groupBg = input.backgrounds.group ?? barBg;
  const under = barBg ?? input.backgrounds.terminal;
  const rounded = grouping.rounding.some((r) => r > 0);
  // A unit's own frame (Widget grouping: the group is the unit) belongs to the unit, so its caps can merge
  // with the unit's runs.
  const unit = grouping.kind === 'Widget' ? group : undefined;
  const cap = (text: string, fg: Hex | undefined, bg: Hex | undefined): Run => ({ text, fg, bg, section, group, ...(unit ? { unit } : {}) });
  let capL: Run;
  let capR: Run;
  if (boxed) {
    capL = cap(DECORATIONS[input.icons].box.v, input.theme.colours.border, groupBg);
    capR = cap(DECORATIONS[input.icons].box.v, input.theme.colours.border, groupBg);
  } else if (rounded && input.icons === 'nerd' && groupBg) {
    capL = cap(ROUNDED_CAPS.left, groupBg, barBg);
    capR = cap(ROUNDED_CAPS.right, groupBg, barBg);
  } else {
    capL = cap(' ', undefined, groupBg);
    capR = cap(' ', undefined, groupBg);
  }
  const shade = SHADE_STYLES[grouping.style];
  const shadeColour = shade.sides === 'none' ? under : shadeColourOf(input, shade.glow, under);
  const shadeRun = cap(shade.glyph ? DECORATIONS[input.icons].shade[shade.glyph] : '', shadeColour, barBg);
  return {
    left: [...(shade.sides === 'both' ? [shadeRun] : []), capL],
    right: [capR, ...(shade.sides !== 'none' ? [shadeRun] : [])],
  };
}

const runsWidth = (runs: readonly Run[]) => runs.reduce((n, r) => n + textWidth(r.text), 0);

interface BuiltSection {
  /** The section's runs, made only when it is placed (fitting only needs widths). */
  runs: Run[];
  width: number;
  pieces: Array<{ piece: Piece; offset: number }>;
  /** Group frames (for boxes on tall bars): offset and width within the section. */
  frames: Array<{ offset: number; width: number; group: string }>;
}

function spacer(n: number, section: SectionName | undefined, bg: Hex | undefined, group?: string): Run[] {
  return n > 0 ? [{ text: ' '.repeat(n), ...(section ? { section } : {}), ...(bg ? { bg } : {}), ...(group ? { group } : {}) }] : [];
}

/** Widths of runs that do not change within a bar (caps, shade columns), measured once. */
const runWidths = new WeakMap<readonly Run[], number>();
function widthOf(runs: readonly Run[]): number {
  let w = runWidths.get(runs);
  if (w === undefined) {
    w = runsWidth(runs);
    runWidths.set(runs, w);
  }
  return w;
}

/**
 * A section's width and where each unit sits, by arithmetic on the pieces' known widths; its runs are
 * assembled only when `materialize` is true (once per frame, at placement — fitting rebuilds are cheap).
 */
function buildSection(section: SectionName, pieces: Piece[], input: LayoutInput, boxed: boolean, materialize = false): BuiltSection {
  const g = input.grouping;
  const spacing = input.metrics.widgetSpacing;
  const groupBg = g.kind === 'None' ? undefined : (input.backgrounds.group ?? input.backgrounds.bar);
  const out: BuiltSection = { runs: [], width: 0, pieces: [], frames: [] };
  const push = (runs: readonly Run[], width: number) => {
    if (materialize) for (const r of runs) out.runs.push(r);
    out.width += width;
  };
  const gap = (bg: Hex | undefined, group?: string) => push(materialize ? spacer(spacing, section, bg, group) : [], spacing);
  if (pieces.length === 0) return out;
  if (g.kind === 'Widget') {
    pieces.forEach((piece, i) => {
      if (i > 0) gap(input.backgrounds.bar);
      const group = piece.key;
      const frame = frameRuns(g, input, section, group, boxed);
      const start = out.width;
      push(frame.left, widthOf(frame.left));
      out.pieces.push({ piece, offset: out.width });
      push(piece.runs, piece.width);
      push(frame.right, widthOf(frame.right));
      out.frames.push({ offset: start, width: out.width - start, group });
    });
    return out;
  }
  if (g.kind === 'Alignment') {
    const group = `section:${section}`;
    const frame = frameRuns(g, input, section, group, boxed);
    push(frame.left, widthOf(frame.left));
    pieces.forEach((piece, i) => {
      if (i > 0) gap(groupBg, group);
      out.pieces.push({ piece, offset: out.width });
      push(piece.runs, piece.width);
    });
    push(frame.right, widthOf(frame.right));
    out.frames.push({ offset: 0, width: out.width, group });
    return out;
  }
  // None, and Bar (the bar's own frame is drawn around all sections).
  const bg = g.kind === 'Bar' ? groupBg : input.backgrounds.bar;
  pieces.forEach((piece, i) => {
    if (i > 0) gap(bg, g.kind === 'Bar' ? 'bar' : undefined);
    out.pieces.push({ piece, offset: out.width });
    push(piece.runs, piece.width);
  });
  return out;
}

export function layoutBar(input: LayoutInput): BarLayout {
  const { width, height } = input;
  const g = input.grouping;
  const contentRow = Math.floor((height - 1) / 2);
  const boxed = height >= 3 && g.kind !== 'None';
  const groupBg = g.kind === 'None' ? undefined : (input.backgrounds.group ?? input.backgrounds.bar);
  const barBg = input.backgrounds.bar;

  // The usable span of the content row.
  let start = input.metrics.margin.left + input.metrics.padding.left;
  let end = width - input.metrics.margin.right - input.metrics.padding.right;
  let barFrame: Frame | undefined;
  if (g.kind === 'Bar') {
    // The original's fixed outer margin around the bar's frame (10 px → one column), replacing the padding.
    barFrame = frameRuns(g, input, 'left', 'bar', boxed);
    start = 1 + runsWidth(barFrame.left);
    end = width - 1 - runsWidth(barFrame.right);
  }
  if (end - start < 1) {
    start = 0;
    end = width;
  }

  let limitFor: ReadonlyMap<string, number> = new Map();
  let dropped: ReadonlySet<string> = new Set();
  // A unit's runs depend only on its limit: built once per limit, however often fitting measures.
  const pieceCache = new Map<string, Piece>();
  const groupOf = (key: string): string | undefined =>
    g.kind === 'Widget' ? key : g.kind === 'Alignment' ? `section:${key.slice(0, key.indexOf('['))}` : g.kind === 'Bar' ? 'bar' : undefined;
  const pieceOf = (section: SectionName, w: WidgetUnits, u: UnitView, limit: number): Piece => {
    const key = `${w.position} ${u.id}`;
    const cacheKey = `${key}|${limit}|${boxed}`;
    const perUnit = input.cache?.pieces.get(u);
    let piece = perUnit?.get(cacheKey) ?? pieceCache.get(cacheKey);
    if (!piece) {
      piece = unitRuns(w, u, section, input, g.kind === 'None' ? barBg : groupBg, limit, groupOf);
      pieceCache.set(cacheKey, piece);
      if (input.cache) {
        const m = perUnit ?? new Map<string, Piece>();
        m.set(cacheKey, piece);
        if (!perUnit) input.cache.pieces.set(u, m);
      }
    }
    return piece;
  };
  // The visible units of each section, in order, keyed as fitting knows them.
  const units = (section: SectionName) =>
    input.sections[section].flatMap((w) => w.units.flatMap((u) => (u.state === 'hidden' ? [] : [{ key: `${w.position} ${u.id}`, w, u }])));
  const visible = { left: units('left'), center: units('center'), right: units('right') };
  const make = (section: SectionName, keep: (key: string) => boolean, limitOf: (key: string) => number): Piece[] =>
    visible[section].filter((x) => keep(x.key)).map((x) => pieceOf(section, x.w, x.u, limitOf(x.key)));

  const span = end - start;
  // A message (a config error) takes the centre's place and keeps room for its first words: the sides give
  // way to it as they would to a narrow bar, rather than the message vanishing or pushing a section off.
  const reserve = input.message ? Math.min(textWidth(cellText(input.message, input)), MESSAGE_ROOM) + 2 : 0;
  // Centred on the whole width when it can be, else moved away from the side that reaches the middle
  // just far enough (as GTK's CenterBox does for waybar): a clock is not lost to a long right section.
  // Hidden only when the gap between the sides is narrower than the center.
  const centerAt = (leftWidth: number, rightWidth: number, centerWidth: number): number | undefined => {
    const lo = start + leftWidth + (leftWidth ? 1 : 0);
    const hi = end - rightWidth - (rightWidth ? 1 : 0) - centerWidth;
    return lo <= hi ? Math.min(hi, Math.max(lo, Math.floor((width - centerWidth) / 2))) : undefined;
  };
  const labelOf = (u: UnitView) => Math.max(0, ...u.segments.map((s) => (s.role === 'value' || s.role === 'text' ? textWidth(s.text) : 0)));
  const fit = fitBar({
    sections: {
      left: visible.left.map((x) => ({ key: x.key, label: labelOf(x.u) })),
      center: input.message ? [] : visible.center.map((x) => ({ key: x.key, label: labelOf(x.u) })),
      right: visible.right.map((x) => ({ key: x.key, label: labelOf(x.u) })),
    },
    maxLabelWidth: input.metrics.maxLabelWidth,
    span,
    reserve,
    centerFits: (l, r, c) => c === 0 || centerAt(l, r, c) !== undefined,
    measure: (section, keys, limits) => {
      const wanted = new Set(keys);
      return buildSection(section, make(section, (k) => wanted.has(k), (k) => limits.get(k) ?? input.metrics.maxLabelWidth), input, boxed).width;
    },
  });
  limitFor = fit.limits;
  dropped = new Set(fit.dropped);
  const gaveWay = fit.gaveWay;
  const built = (section: SectionName) =>
    buildSection(section, make(section, (k) => !dropped.has(k), (k) => limitFor.get(k) ?? input.metrics.maxLabelWidth), input, boxed);
  const left = built('left');
  const right = built('right');
  const center: BuiltSection = fit.centerShown && !input.message ? built('center') : { runs: [], width: 0, pieces: [], frames: [] };
  const sideGap = fit.sideGap;

  // The content row.
  const row: Run[] = [];
  let x = 0;
  const place = (at: number, runs: Run[]) => {
    if (at > x) row.push(...spacer(at - x, undefined, g.kind === 'Bar' && at > start ? groupBg : barBg, g.kind === 'Bar' && at > start ? 'bar' : undefined));
    row.push(...runs);
    x = Math.max(x, at) + runsWidth(runs);
  };
  // Where each unit went; the PlacedUnit records are made only if someone asks (preview --format json).
  const spots: Array<{ piece: Piece; x: number }> = [];
  const frames: Array<{ x: number; width: number }> = [];
  const record = (s: BuiltSection, at: number) => {
    for (const { piece, offset } of s.pieces) spots.push({ piece, x: at + offset });
    for (const f of s.frames) frames.push({ x: at + f.offset, width: f.width });
  };

  if (barFrame) place(1, barFrame.left);
  const materialized = (b: BuiltSection, name: SectionName) => buildSection(name, b.pieces.map((p) => p.piece), input, boxed, true).runs;
  place(start, materialized(left, 'left'));
  record(left, start);
  if (input.message) {
    // Between the sides: centred when it can be, else as close to the centre as the sides allow.
    const lo = x + (left.width ? 1 : 0);
    const hi = end - right.width - (right.width ? 1 : 0);
    if (hi - lo >= 1) {
      const text = truncate(cellText(input.message, input), hi - lo, DECORATIONS[input.icons].ellipsis);
      const at = Math.min(hi - textWidth(text), Math.max(lo, Math.floor((width - textWidth(text)) / 2)));
      place(at, [{ text, fg: input.theme.colours.error, ...(barBg ? { bg: barBg } : {}), bold: true }]);
    }
  } else if (center.width > 0) {
    const at = centerAt(left.width, right.width, center.width) ?? Math.floor((width - center.width) / 2);
    place(at, materialized(center, 'center'));
    record(center, at);
  }
  const rightAt = Math.max(x + (x > start ? sideGap : 0), end - right.width);
  place(rightAt, materialized(right, 'right'));
  record(right, rightAt);
  if (barFrame) {
    place(end, barFrame.right);
    frames.push({ x: 1, width: end + runsWidth(barFrame.right) - 1 });
  }
  if (x < width) row.push(...spacer(width - x, undefined, barBg));
  const content = clip(row, width);

  // Other rows: the bar's background, boxes around groups on tall bars, tall grids.
  const rows: Run[][] = Array.from({ length: height }, (_, r) => (r === contentRow ? content : spacer(width, undefined, barBg)));
  if (boxed && 'rounding' in g) {
    const rounded = g.rounding.some((v) => v > 0);
    const border = input.theme.colours.border;
    const b = DECORATIONS[input.icons].box;
    const [tl, tr, bl, br] = rounded ? [b.rtl, b.rtr, b.rbl, b.rbr] : [b.tl, b.tr, b.bl, b.br];
    const sides = SHADE_STYLES[g.style].sides;
    for (const f of frames) {
      // The box goes round the frame, not its shade column(s).
      const w = Math.max(2, f.width - (sides === 'none' ? 0 : sides === 'both' ? 2 : 1));
      const fx = f.x + (sides === 'both' ? 1 : 0);
      overlay(rows, contentRow - 1, fx, [{ text: `${tl}${b.h.repeat(w - 2)}${tr}`, fg: border, ...(barBg ? { bg: barBg } : {}) }], width);
      overlay(rows, contentRow + 1, fx, [{ text: `${bl}${b.h.repeat(w - 2)}${br}`, fg: border, ...(barBg ? { bg: barBg } : {}) }], width);
    }
  }
  for (const s of [left, center, right]) {
    for (const { piece } of s.pieces) {
      if (!piece.grid) continue;
      const p = spots.find((u) => u.piece === piece);
      if (!p) continue;
      const gridX = p.x + piece.runs.findIndex((r) => piece.grid?.lines[piece.grid.contentLine]?.includes(r));
      const top = Math.max(0, Math.min(contentRow - piece.grid.contentLine, height - piece.grid.lines.length));
      piece.grid.lines.forEach((line, i) => {
        if (top + i !== contentRow) overlay(rows, top + i, gridX, line, width);
      });
    }
  }
  const merged = rows.map(merge);
  let placed: PlacedUnit[] | undefined;
  return {
    width,
    height,
    contentRow,
    rows: merged,
    get placed() {
      placed ??= spots.map(({ piece, x }) => placedUnit(piece, x));
      return placed;
    },
    gaveWay,
    targets: targetsOf(merged[contentRow] ?? []),
  };
}

function placedUnit(piece: Piece, x: number): PlacedUnit {
  const first = piece.runs.find((r) => r.text.trim() !== '');
  const icon = piece.unit.segments[0]?.role === 'icon' ? piece.runs[0]?.fg : undefined;
  const last = piece.runs.at(-1);
  return {
    section: piece.section,
    position: piece.widget.position,
    kind: piece.widget.kind,
    id: piece.unit.id,
    name: piece.unit.name,
    text: piece.runs.map((r) => r.text).join(''),
    state: piece.unit.state,
    ...(piece.unit.why ? { why: piece.unit.why } : {}),
    x,
    width: piece.width,
    colours: { ...(first?.fg ? { fg: last?.fg ?? first.fg } : {}), ...(first?.bg ? { bg: first.bg } : {}), ...(icon ? { icon } : {}) },
  };
}

/** The clickable spans of a row: consecutive runs with the same action make one target. */
function targetsOf(row: readonly Run[]): ClickTarget[] {
  const out: ClickTarget[] = [];
  let x = 0;
  for (const r of row) {
    const w = textWidth(r.text);
    if (r.action) {
      const last = out.at(-1);
      if (last && last.action === r.action && last.x + last.width === x) last.width += w;
      else out.push({ x, width: w, action: r.action, ...(r.unit ? { unit: r.unit } : {}) });
    }
    x += w;
  }
  return out;
}

/** Replace the cells of `row` from `x` with `runs`. */
function overlay(rows: Run[][], row: number, x: number, runs: Run[], width: number): void {
  const target = rows[row];
  if (!target || x >= width) return;
  const cells = toCells(target);
  let at = x;
  for (const r of runs) {
    for (const ch of r.text) {
      const w = textWidth(ch);
      if (at + w > width) break;
      cells[at] = { ...r, text: ch };
      for (let k = 1; k < w; k++) cells[at + k] = { ...r, text: '' };
      at += w;
    }
  }
  rows[row] = cells.filter((c): c is Run => c !== undefined);
}

function toCells(runs: Run[]): Array<Run | undefined> {
  const cells: Array<Run | undefined> = [];
  for (const r of runs) {
    for (const ch of r.text) {
      cells.push({ ...r, text: ch });
      for (let k = 1; k < textWidth(ch); k++) cells.push({ ...r, text: '' });
    }
  }
  return cells;
}

/** Exactly `width` cells: longer rows are clipped at the right edge. */
function clip(runs: Run[], width: number): Run[] {
  const out: Run[] = [];
  let x = 0;
  for (const r of runs) {
    const w = textWidth(r.text);
    if (x + w <= width) {
      out.push(r);
      x += w;
      continue;
    }
    let text = '';
    for (const ch of r.text) {
      if (x + textWidth(text + ch) > width) break;
      text += ch;
    }
    if (text) out.push({ ...r, text });
    x += textWidth(text);
    break;
  }
  return out;
}

/** Spaces not in reverse video: their foreground colour and boldness do not show. */
function blank(r: Run): boolean {
  if (r.inverse) return false;
  for (let i = 0; i < r.text.length; i++) if (r.text.charCodeAt(i) !== 32) return false;
  return true;
}

/**
 * Whether two adjacent runs draw as one: the same cells' colours and the same place in the bar (section,
 * group, unit, click action). Blank runs (a group's cap, the gap after an icon) take any foreground: every
 * run less is a <Text> less for Ink to lay out and tokenize each frame, and an SGR change less to write.
 */
function drawsAsOne(a: Run, b: Run): boolean {
  if (a.bg !== b.bg || !a.inverse !== !b.inverse || a.section !== b.section || a.unit !== b.unit || a.group !== b.group || a.action !== b.action) return false;
  return (a.fg === b.fg && !a.bold === !b.bold) || blank(a) || blank(b);
}

/** Adjacent runs that draw as one become one; runs are copied only when merged (the others may be shared). */
function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  const copies = new Set<Run>();
  for (const r of runs) {
    if (r.text === '') continue;
    const last = out[out.length - 1];
    if (last && drawsAsOne(last, r)) {
      // The merged run keeps the style of the one that shows it (not the blank one's).
      const style = blank(last) && !blank(r) ? r : last;
      if (copies.has(last) && style === last) last.text += r.text;
      else {
        const copy = { ...style, text: last.text + r.text, kind: last.kind ?? r.kind };
        copies.add(copy);
        out[out.length - 1] = copy;
      }
    } else out.push(r);
  }
  return out;
}

/** The plain text of a row (what `--format text` prints). */
export function rowText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}
