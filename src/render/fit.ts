/**
 * Fitting a bar into its width: a pure function of the units' label widths, the room there is and how wide a
 * section is with a given set of units and label limits. It says what gives way, in this order:
 *
 * 1. the centre section, when the gap between the sides cannot hold it;
 * 2. labels, shortened together to a common length that frees enough columns, then one cell at a time from the
 *    longest, never below MIN_TRUNCATED cells (`…` included);
 * 3. whole units, from the inner ends of the two sides, alternately (left first), keeping at least one.
 *
 * Painting (colours, frames, caps), boxes and placement are paint.ts's, group-frames.ts's, boxes.ts's and place.ts's; measuring is the caller's (`measure`),
 * so the rules here are tested on their own (test/render/fit.test.ts).
 */

export type FitSection = 'left' | 'center' | 'right';

/** Labels are shortened to fit down to this many cells (`…` included), then units give way instead. */
export const MIN_TRUNCATED = 8;

export interface FitUnit {
  /** Unique in the bar. */
  key: string;
  /** The width of its longest shortenable text (a value or a text segment), unshortened. */
  label: number;
}

export interface FitProblem {
  sections: Readonly<Record<FitSection, readonly FitUnit[]>>;
  /** The longest a label may be (the config's max_label_width, in cells). */
  maxLabelWidth: number;
  /** Columns between the bar's ends (margins, padding and the bar's own frame taken off). */
  span: number;
  /** Columns kept for a message in the centre (0 without one), besides the sides. */
  reserve: number;
  /** Whether a centre this wide has a place between sides this wide (the caller's geometry). */
  centerFits: (left: number, right: number, center: number) => boolean;
  /** A section's width holding these units, in this order, with these label limits (cells). */
  measure: (section: FitSection, keys: readonly string[], limits: ReadonlyMap<string, number>) => number;
}

export interface Fit {
  /** Label limits that differ from maxLabelWidth, by unit key. */
  limits: ReadonlyMap<string, number>;
  /** Units left out, in the order they gave way. */
  dropped: readonly string[];
  centerShown: boolean;
  /** The column kept between the sides: 1 when both had units before anything gave way. */
  sideGap: number;
  /** What gave way, for `preview --format json` and tests. */
  gaveWay: string[];
}

export function fitBar(p: FitProblem): Fit {
  const limits = new Map<string, number>();
  const dropped = new Set<string>();
  const gaveWay: string[] = [];
  const limitOf = (key: string) => limits.get(key) ?? p.maxLabelWidth;
  const kept = (section: FitSection) => p.sections[section].filter((u) => !dropped.has(u.key));
  const widthOf = (section: FitSection) => {
    const keys = kept(section).map((u) => u.key);
    return keys.length === 0 ? 0 : p.measure(section, keys, limits);
  };
  let left = widthOf('left');
  let right = widthOf('right');
  const measureSides = () => {
    left = widthOf('left');
    right = widthOf('right');
  };
  const sideGap = left > 0 && right > 0 ? 1 : 0;
  const over = () => left + right + sideGap + p.reserve - p.span;

  const centerShown = p.reserve > 0 ? false : p.centerFits(left, right, widthOf('center'));
  if (p.reserve === 0 && !centerShown && kept('center').length > 0) gaveWay.push('center section hidden');

  // Labels: first in one step, to a common level that frees enough columns (widths add up, so this is
  // arithmetic, not trial); then one cell at a time from the longest for what measuring says is left.
  const shortenable = () =>
    [...kept('left'), ...kept('right')].map((u) => ({ key: u.key, w: Math.min(u.label, limitOf(u.key)) })).filter((x) => x.w > MIN_TRUNCATED);
  if (over() > 0) {
    const items = shortenable();
    const widest = Math.max(MIN_TRUNCATED, ...items.map((x) => x.w));
    let level = widest;
    const freed = (l: number) => items.reduce((n, x) => n + Math.max(0, x.w - l), 0);
    while (level > MIN_TRUNCATED && freed(level) < over()) level--;
    if (items.length > 0 && level < widest) {
      for (const x of items) if (x.w > level) limits.set(x.key, level);
      gaveWay.push('labels truncated');
      measureSides();
    }
  }
  while (over() > 0) {
    // The longest first; among equals, the first in the bar (left to right).
    const target = shortenable().reduce<{ key: string; w: number } | undefined>((best, x) => (best === undefined || x.w > best.w ? x : best), undefined);
    if (!target) break;
    limits.set(target.key, target.w - 1);
    if (!gaveWay.includes('labels truncated')) gaveWay.push('labels truncated');
    measureSides();
  }

  // Units: the order of victims follows from the counts alone; how many must go is found by bisection, since
  // dropping more never widens a section (a few measures, not one per unit: a section can hold thousands).
  if (over() > 0) {
    const victims: string[] = [];
    const l = kept('left').map((u) => u.key);
    const r = kept('right').map((u) => u.key);
    let fromLeft = true;
    while (l.length + r.length > 1) {
      const key = (fromLeft && l.length > 0) || r.length === 0 ? l.pop() : r.shift();
      if (key !== undefined) victims.push(key);
      fromLeft = !fromLeft;
    }
    const dropFirst = (n: number) => {
      dropped.clear();
      for (const key of victims.slice(0, n)) dropped.add(key);
      measureSides();
    };
    let lo = 0;
    let hi = victims.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      dropFirst(mid);
      if (over() <= 0) hi = mid;
      else lo = mid + 1;
    }
    dropFirst(lo);
    for (const key of victims.slice(0, lo)) gaveWay.push(`${key} dropped`);
  }
  return { limits, dropped: [...dropped], centerShown, sideGap, gaveWay };
}
