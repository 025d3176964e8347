/**
 * The bar as rows of styled runs, exactly `width` cells each: pure, no terminal, no Ink.
 *
 * One content row holds three sections: left from the left edge, right to the right edge, center
 * centred on the whole width, or moved just far enough to sit between the sides when one of them
 * reaches the middle. The unit of spacing and grouping is the widget *unit* (a disk, a network part), as
 * in the original. When the width is too small, what gives way, in order: (1) the center section, when
 * even moved it does not fit between the sides; (2) the ordinary units — labels, longest first, truncated
 * with `…` down to 8 cells, then whole units, from the inner ends of the left and right sections,
 * alternately; (3) the same of the workspaces and the clock (`rankOf`), each side keeping one unit while
 * both fit, and what went coming back where it fits (fit.ts); (4) a hard clip at the right edge. Nothing
 * ever wraps.
 */
import type { UnitView } from '../../widgets/view.js';
import { DECORATIONS } from './icons.js';
import { textWidth } from './text-width.js';
import { fitBar, RANK } from './fit.js';
import type { BarLayout, LayoutInput, Piece, PlacedUnit, Run, SectionName, WidgetUnits } from './bar-types.js';
import type { UnitView as _U } from '../../widgets/view.js';
import { cellText, truncate, unitRuns } from './paint.js';
import { frameRuns, type Frame } from './group-frames.js';
import { buildSection, runsWidth, spacer, type BuiltSection } from './measure.js';
import { clip, merge, targetsOf } from './rows.js';
import { drawBoxes, drawGrids } from './boxes.js';

/**
 * Columns the sides keep on a wide bar with a message: past them, the message (a config error) takes the rest
 * of the bar, so that at 200 columns what is wrong, the value found, the line and the column show whole
 * (`config error: Cpu.auto_select_over: expected an integer 0–255, found "lots" (bar.json:14:29 in …`: over 100
 * columns); the log has the whole report. (A fixed 44 columns cut it at `expected a…` however wide the pane: issue 43.)
 */
const MESSAGE_SIDES_ROOM = 80;
/** What it keeps however narrow the bar: enough for `config error: Cpu.auto_select`. */
const MESSAGE_MIN_ROOM = 28;

export function layoutBar(input: LayoutInput): BarLayout {
  const { width, height } = input;
  const g = input.grouping;
  const contentRow = Math.floor((height - 1) / 2);
  const boxed = height >= 3 && g.kind !== 'None';
  const groupBg = g.kind === 'None' ? undefined : (input.backgrounds.group ?? input.backgrounds.bar);
  const barBg = input.backgrounds.bar;

  const { start, end, barFrame } = contentSpan(input, boxed);

  const { left, center, right, gaveWay, sideGap, centerAt } = fitSections(input, boxed, start, end);

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
      const hint = input.messageTone === 'hint';
      place(at, [{ text, fg: hint ? input.theme.colours.accent : input.theme.colours.error, ...(barBg ? { bg: barBg } : {}), bold: !hint }]);
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
  // Only units with a grid are looked up among the spots: a section can hold thousands of units.
  const gridded = [left, center, right].flatMap((s) => s.pieces.map((p) => p.piece)).filter((piece) => piece.grid);
  // Without grids, the other rows follow from the size and where the boxes are (the rest is the appearance's, which
  // the cache belongs to): kept while those stay, they are not drawn again each second — on a 3-row bar their
  // overlays and merges were half of each frame's layout allocation (bench/alloc-frame.mjs) — and a renderer
  // that compares rows finds them the very same.
  const aroundKey = input.cache && gridded.length === 0 ? `${width} ${height} ${contentRow} ${boxed} ${frames.map((f) => `${f.x}:${f.width}`).join(' ')}` : undefined;
  const kept = aroundKey !== undefined && input.cache?.around?.key === aroundKey ? input.cache.around.rows : undefined;
  let merged: Run[][];
  if (kept) merged = kept.map((r, i) => (i === contentRow ? merge(content) : r));
  else {
    const rows: Run[][] = Array.from({ length: height }, (_, r) => (r === contentRow ? content : spacer(width, undefined, barBg)));
    if (boxed && 'rounding' in g) drawBoxes(rows, frames, { grouping: g, theme: input.theme, icons: input.icons, contentRow, width, ...(barBg ? { bg: barBg } : {}) });
    drawGrids(rows, gridded.flatMap((piece) => spots.filter((u) => u.piece === piece).slice(0, 1)), { contentRow, width });
    merged = rows.map(merge);
    if (aroundKey !== undefined && input.cache) input.cache.around = { key: aroundKey, rows: merged };
  }
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

/**
 * The sections as they fit between `start` and `end`: fitting (fit.ts) measures them with the units' runs
 * at trial label limits, then each is built with what fitting kept.
 */
function fitSections(input: LayoutInput, boxed: boolean, start: number, end: number) {
  const { width } = input;
  const g = input.grouping;
  const groupBg = g.kind === 'None' ? undefined : (input.backgrounds.group ?? input.backgrounds.bar);
  const barBg = input.backgrounds.bar;
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
  // A message (a config error) takes the centre's place and keeps room for itself: the sides give way to it
  // as they would to a narrow bar, rather than the message vanishing or pushing a section off. It keeps half of
  // the bar (28 columns at least), so that the sides stay, or on a wide bar all but MESSAGE_SIDES_ROOM columns;
  // what does not fit is cut at its end, with an ellipsis.
  const room = Math.max(MESSAGE_MIN_ROOM, Math.floor(span / 2), span - MESSAGE_SIDES_ROOM);
  const reserve = input.message ? Math.min(textWidth(cellText(input.message, input)), room) + 2 : 0;
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
      left: visible.left.map((x) => ({ key: x.key, label: labelOf(x.u), rank: rankOf(x.w, x.u) })),
      center: input.message ? [] : visible.center.map((x) => ({ key: x.key, label: labelOf(x.u) })),
      right: visible.right.map((x) => ({ key: x.key, label: labelOf(x.u), rank: rankOf(x.w, x.u) })),
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
  return { left, center, right, gaveWay, sideGap, centerAt };
}

/**
 * How long a unit stays on a narrow bar (fit.ts): the workspaces (where the user goes) and the clock (Time and
 * Date) outlast every other unit, as in waybar's and polybar's usual bars; the rest are equal, and give way from
 * the inner ends of the sides.
 */
export function rankOf(w: Pick<WidgetUnits, 'kind'>, u: Pick<UnitView, 'id'>): number {
  return u.id === 'tiler:workspaces' || w.kind === 'Time' || w.kind === 'Date' ? RANK.kept : RANK.ordinary;
}

/** The columns the sections may use: inside the margins and padding, or inside the bar's own frame. */
function contentSpan(input: LayoutInput, boxed: boolean): { start: number; end: number; barFrame?: Frame } {
  const { width } = input;
  const g = input.grouping;
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
  return { start, end, ...(barFrame ? { barFrame } : {}) };
}
