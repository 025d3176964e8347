/**
 * Fitting a bar into its width: a pure function of the units' label widths and ranks, the room there is and how
 * wide a section is with a given set of units and label limits. It says what gives way, in this order:
 *
 * 1. the centre section, when the gap between the sides cannot hold it;
 * 2. the side units of the lowest rank: first their labels, shortened together to a common length that frees
 *    enough columns, then one cell at a time from the longest, never below MIN_TRUNCATED cells (`…` included);
 *    then the units themselves, from the inner ends of the two sides, alternately (left first); then the next
 *    rank the same way. A unit's rank says how long it stays (the caller's: the workspaces and the clock outrank
 *    the rest), so a label of a higher rank is never cut while a unit of a lower rank could go instead;
 * 3. each side keeps one unit (its highest-ranked, outermost) while both fit; only then does one of those go
 *    (the lower rank, else the left one), so at least one unit is always kept.
 *
 * Units drop as a prefix of that order, as few as fit; then whatever went and fits in the columns left over comes
 * back (the highest-ranked first), so no run of blank columns is left where a unit would have fitted, and the
 * labels kept are shortened only as far as the units kept need.
 *
 * Painting (colours, frames, caps), boxes and placement are paint.ts's, group-frames.ts's, boxes.ts's and place.ts's; measuring is the caller's (`measure`),
 * so the rules here are tested on their own (test/render/fit.test.ts).
 */

export type FitSection = 'left' | 'center' | 'right';

/** Labels are shortened to fit down to this many cells (`…` included), then units give way instead. */
export const MIN_TRUNCATED = 8;

/** Ranks the bar gives (place.ts): most units are ordinary; the workspaces and the clock stay longest. */
export const RANK = { ordinary: 0, kept: 1 } as const;

export interface FitUnit {
  /** Unique in the bar. */
  key: string;
  /** The width of its longest shortenable text (a value or a text segment), unshortened. */
  label: number;
  /** How long it stays: units of a lower rank give way, labels and all, before any of a higher rank (0 if absent). */
  rank?: number;
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

/** What the steps of fitting share: the problem, each unit's rank and label, and how far past the span the sides reach. */
interface Context {
  p: FitProblem;
  left: readonly string[];
  right: readonly string[];
  rank: (key: string) => number;
  /** A label's width as drawn when nothing is cut (max_label_width applies). */
  uncut: (key: string) => number;
  label: (key: string) => number;
  /** The ranks present on the sides, lowest first. */
  ranks: readonly number[];
  sideGap: number;
  width: (section: FitSection, dropped: ReadonlySet<string>, limits: ReadonlyMap<string, number>) => number;
  /** How far past the span the sides reach, with the column between them and a message's room. */
  over: (dropped: ReadonlySet<string>, limits: ReadonlyMap<string, number>) => number;
}

function contextOf(p: FitProblem): Context {
  const rankOf = new Map<string, number>();
  const labelOf = new Map<string, number>();
  for (const section of ['left', 'right'] as const) {
    for (const u of p.sections[section]) {
      rankOf.set(u.key, u.rank ?? 0);
      labelOf.set(u.key, u.label);
    }
  }
  const rank = (key: string) => rankOf.get(key) ?? 0;
  const left = p.sections.left.map((u) => u.key);
  const right = p.sections.right.map((u) => u.key);
  // The column between the sides: 1 when both have units (each keeps one while both fit).
  const sideGap = left.length > 0 && right.length > 0 ? 1 : 0;
  const width = (section: FitSection, dropped: ReadonlySet<string>, limits: ReadonlyMap<string, number>) => {
    const keys = p.sections[section].filter((u) => !dropped.has(u.key)).map((u) => u.key);
    return keys.length === 0 ? 0 : p.measure(section, keys, limits);
  };
  return {
    p,
    left,
    right,
    rank,
    label: (key) => labelOf.get(key) ?? 0,
    uncut: (key) => Math.min(labelOf.get(key) ?? 0, p.maxLabelWidth),
    ranks: [...new Set([...left, ...right].map(rank))].sort((a, b) => a - b),
    sideGap,
    width,
    over: (dropped, limits) => width('left', dropped, limits) + width('right', dropped, limits) + sideGap + p.reserve - p.span,
  };
}

export function fitBar(p: FitProblem): Fit {
  const c = contextOf(p);
  const gaveWay: string[] = [];
  const none = new Set<string>();
  const uncutAll = new Map<string, number>();
  const centerShown = p.reserve > 0 ? false : p.centerFits(c.width('left', none, uncutAll), c.width('right', none, uncutAll), c.width('center', none, uncutAll));
  if (p.reserve === 0 && !centerShown && p.sections.center.length > 0) gaveWay.push('center section hidden');

  const { victims, firstPass } = dropOrder(c);
  /** With the first n victims gone: the highest rank whose labels may be cut (those of the next unit to go and below). */
  const cuttableUpTo = (n: number) => (n < firstPass ? c.rank(victims[n] ?? '') : Infinity);
  /** Whether the sides fit with the first n victims gone and every label that may be cut at its shortest. */
  const fitsDropping = (n: number) => {
    const dropped = new Set(victims.slice(0, n));
    const upTo = cuttableUpTo(n);
    const shortest = new Map<string, number>();
    for (const k of [...c.left, ...c.right]) if (!dropped.has(k) && c.rank(k) <= upTo && c.uncut(k) > MIN_TRUNCATED) shortest.set(k, MIN_TRUNCATED);
    return c.over(dropped, shortest) <= 0;
  };
  // How many must go, by bisection: dropping more never widens a section, nor does cutting more labels (a few
  // measures, not one per unit: a section can hold thousands).
  let lo = 0;
  let hi = victims.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fitsDropping(mid)) hi = mid;
    else lo = mid + 1;
  }
  const dropped = new Set(victims.slice(0, lo));
  const upTo = cuttableUpTo(lo);
  let limits = giveBack(c, dropped, shorten(c, dropped, upTo));
  limits = putBack(c, dropped, limits, upTo);
  // A limit only for what is really shortened.
  for (const [key, l] of limits) if (dropped.has(key) || l >= c.uncut(key)) limits.delete(key);

  if (limits.size > 0) gaveWay.push('labels truncated');
  const order = victims.filter((k) => dropped.has(k));
  for (const key of order) gaveWay.push(`${key} dropped`);
  return { limits, dropped: order, centerShown, sideGap: c.sideGap, gaveWay };
}

/**
 * The order units go in: rank by rank from the lowest, each from the inner ends of the sides, alternately (left
 * first), each side's keeper (its highest rank, outermost) left out; then the lower-ranked keeper (else the left
 * one). `firstPass`: how many go before the keepers.
 */
function dropOrder(c: Context): { victims: string[]; firstPass: number } {
  const { left, right, rank } = c;
  const keeper = (keys: readonly string[]): string | undefined =>
    keys.reduce<string | undefined>((best, k) => (best === undefined || rank(k) > rank(best) ? k : best), undefined);
  const keepLeft = keeper(left);
  const keepRight = keeper([...right].reverse());
  const victims: string[] = [];
  for (const r of c.ranks) {
    const l = left.filter((k) => rank(k) === r && k !== keepLeft); // popped: inner end first
    const rr = right.filter((k) => rank(k) === r && k !== keepRight); // shifted: inner end first
    let fromLeft = true;
    while (l.length + rr.length > 0) {
      const key = (fromLeft && l.length > 0) || rr.length === 0 ? l.pop() : rr.shift();
      if (key !== undefined) victims.push(key);
      fromLeft = !fromLeft;
    }
  }
  const firstPass = victims.length;
  const keepers = [keepLeft, keepRight].filter((k): k is string => k !== undefined).sort((a, b) => rank(a) - rank(b));
  victims.push(...keepers.slice(0, -1));
  return { victims, firstPass };
}

/**
 * Labels of the units kept, shortened as little as fits: rank by rank from the lowest, up to `upTo`, each rank
 * first to a common level that frees enough columns (widths add up, so this is arithmetic, not trial), then one
 * cell at a time from the longest for what measuring says is left.
 */
function shorten(c: Context, dropped: ReadonlySet<string>, upTo: number): Map<string, number> {
  const limits = new Map<string, number>();
  const limitOf = (key: string) => limits.get(key) ?? c.p.maxLabelWidth;
  let excess = c.over(dropped, limits);
  for (const r of c.ranks) {
    if (excess <= 0 || r > upTo) break;
    const shortenable = () =>
      [...c.left, ...c.right].filter((k) => !dropped.has(k) && c.rank(k) === r).map((key) => ({ key, w: Math.min(c.label(key), limitOf(key)) })).filter((x) => x.w > MIN_TRUNCATED);
    const items = shortenable();
    const widest = Math.max(MIN_TRUNCATED, ...items.map((x) => x.w));
    let level = widest;
    const freed = (l: number) => items.reduce((n, x) => n + Math.max(0, x.w - l), 0);
    while (level > MIN_TRUNCATED && freed(level) < excess) level--;
    if (items.length > 0 && level < widest) {
      for (const x of items) if (x.w > level) limits.set(x.key, level);
      excess = c.over(dropped, limits);
    }
    while (excess > 0) {
      // The longest first; among equals, the first in the bar (left to right).
      const target = shortenable().reduce<{ key: string; w: number } | undefined>((best, x) => (best === undefined || x.w > best.w ? x : best), undefined);
      if (!target) break;
      limits.set(target.key, target.w - 1);
      excess = c.over(dropped, limits);
    }
  }
  return limits;
}

/**
 * A common level can free more than was needed: the columns over go back to the labels, the highest rank first
 * (all at once, as widths add up; cell by cell where measuring says they did not).
 */
function giveBack(c: Context, dropped: ReadonlySet<string>, cutLimits: Map<string, number>): Map<string, number> {
  let limits = cutLimits;
  const cut = [...limits.keys()].sort((a, b) => c.rank(b) - c.rank(a));
  let spare = -c.over(dropped, limits);
  if (spare <= 0 || cut.length === 0) return limits;
  const back = new Map(limits);
  for (const key of cut) {
    const l = back.get(key) ?? 0;
    const more = Math.min(spare, c.uncut(key) - l);
    back.set(key, l + more);
    spare -= more;
  }
  if (c.over(dropped, back) <= 0) return back;
  for (const key of cut) {
    for (let l = limits.get(key) ?? 0; l < c.uncut(key) && c.over(dropped, limits) < 0; l++) {
      const longer = new Map([...limits, [key, l + 1]]);
      if (c.over(dropped, longer) > 0) break;
      limits = longer;
    }
  }
  return limits;
}

/**
 * What went and fits in the columns left over comes back (taken out of `dropped`), the highest-ranked first, with
 * its own label shortened if need be (as far as `upTo` allows) but never another's: the units that stayed keep
 * what they have. One measure of each unit alone rules most out; the rest measure the sides.
 */
function putBack(c: Context, dropped: Set<string>, kept: Map<string, number>, upTo: number): Map<string, number> {
  let limits = kept;
  let slack = -c.over(dropped, limits);
  let highestCut = Math.max(-Infinity, ...[...limits.keys()].map(c.rank));
  const onLeft = new Set(c.left);
  // Per side, the narrowest unit (alone) found not to fit: a wider one will not either, as the slack only shrinks.
  const tooWide: Record<FitSection, number> = { left: Infinity, center: Infinity, right: Infinity };
  for (const key of [...dropped].reverse()) {
    if (slack < 0) break;
    // Never beside a label of a higher rank that was cut: that label would have had those columns first.
    if (highestCut > c.rank(key)) continue;
    const section: FitSection = onLeft.has(key) ? 'left' : 'right';
    const canCut = c.rank(key) <= upTo && c.uncut(key) > MIN_TRUNCATED;
    const alone = c.p.measure(section, [key], new Map(canCut ? [[key, MIN_TRUNCATED]] : []));
    if (alone > slack || alone >= tooWide[section]) continue;
    const back = new Set(dropped);
    back.delete(key);
    const at = (l: number) => new Map([...limits, [key, l]]);
    let fits = c.over(back, limits) <= 0 ? limits : undefined;
    if (!fits && canCut && c.over(back, at(MIN_TRUNCATED)) <= 0) {
      // The longest label that fits, by bisection between MIN_TRUNCATED (which fits) and uncut (which does not).
      let a = MIN_TRUNCATED;
      let b = c.uncut(key) - 1;
      while (a < b) {
        const mid = (a + b + 1) >> 1;
        if (c.over(back, at(mid)) <= 0) a = mid;
        else b = mid - 1;
      }
      fits = at(a);
      highestCut = Math.max(highestCut, c.rank(key));
    }
    if (!fits) {
      tooWide[section] = alone;
      continue;
    }
    limits = fits;
    dropped.delete(key);
    slack = -c.over(dropped, limits);
  }
  return limits;
}
