/**
 * Fitting as a pure function (src/render/fit.ts), with a simple additive measure: a unit is its label (up to
 * its limit) plus a fixed part (icon, padding), units are a gap apart. The rules a user sees: what fits is left
 * alone; a rank's labels are shortened before its units go, never below MIN_TRUNCATED; the lower ranks go first,
 * each from the inner ends, alternately; each side keeps a unit while both fit; no unit is left out that would
 * fit; a wider bar never gives away more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitBar, MIN_TRUNCATED, type FitProblem, type FitSection, type FitUnit } from '../../src/render/fit.js';

interface Shape {
  units: Record<FitSection, Array<{ label: number; fixed: number; rank?: number }>>;
  maxLabelWidth: number;
  span: number;
  gap: number;
}

function problem(s: Shape, reserve = 0): FitProblem & { fixed: Map<string, number>; labels: Map<string, number> } {
  const fixed = new Map<string, number>();
  const labels = new Map<string, number>();
  const sections = Object.fromEntries(
    (['left', 'center', 'right'] as const).map((section) => [
      section,
      s.units[section].map((u, i): FitUnit => {
        const key = `${section}[${i}]`;
        fixed.set(key, u.fixed);
        labels.set(key, u.label);
        return { key, label: u.label, ...(u.rank !== undefined ? { rank: u.rank } : {}) };
      }),
    ]),
  ) as Record<FitSection, FitUnit[]>;
  return {
    sections,
    maxLabelWidth: s.maxLabelWidth,
    span: s.span,
    reserve,
    fixed,
    labels,
    centerFits: (l, r, c) => c === 0 || l + r + c + 2 <= s.span,
    measure: (_section, keys, limits) =>
      keys.reduce((n, k) => n + (fixed.get(k) ?? 0) + Math.min(labels.get(k) ?? 0, limits.get(k) ?? s.maxLabelWidth), 0) + s.gap * Math.max(0, keys.length - 1),
  };
}

const unit = fc.record({ label: fc.integer({ min: 0, max: 60 }), fixed: fc.integer({ min: 0, max: 4 }), rank: fc.integer({ min: 0, max: 2 }) });
const shape = fc.record({
  units: fc.record({ left: fc.array(unit, { maxLength: 8 }), center: fc.array(unit, { maxLength: 3 }), right: fc.array(unit, { maxLength: 8 }) }),
  maxLabelWidth: fc.integer({ min: 1, max: 80 }),
  span: fc.integer({ min: 1, max: 300 }),
  gap: fc.integer({ min: 0, max: 2 }),
});

/** The sides' width after the fit, with the gap between them. */
function sidesWidth(p: ReturnType<typeof problem>, fit: ReturnType<typeof fitBar>): number {
  const width = (section: FitSection) => {
    const keys = p.sections[section].map((u) => u.key).filter((k) => !fit.dropped.includes(k));
    return keys.length === 0 ? 0 : p.measure(section, keys, fit.limits);
  };
  return width('left') + width('right') + fit.sideGap;
}

/**
 * The order units go in, as the rules say it: the lower ranks first, each from the inner ends, alternately, left
 * first, each side's best (its highest rank, outermost) last; then one of those two (the lower rank, else the left).
 */
function dropOrder(p: ReturnType<typeof problem>) {
  const rank = (k: string) => p.sections.left.concat(p.sections.right).find((u) => u.key === k)?.rank ?? 0;
  // Each side's keeper: its highest rank, the outermost of those.
  const best = (keys: string[]) => keys.reduce<string | undefined>((b, k) => (b === undefined || rank(k) > rank(b) ? k : b), undefined);
  const l = p.sections.left.map((u) => u.key);
  const r = p.sections.right.map((u) => u.key);
  const keepL = best(l);
  const keepR = best([...r].reverse());
  const order: string[] = [];
  for (const n of [0, 1, 2]) {
    const ln = l.filter((k) => rank(k) === n && k !== keepL);
    const rn = r.filter((k) => rank(k) === n && k !== keepR);
    let fromLeft = true;
    while (ln.length + rn.length > 0) {
      const key = (fromLeft && ln.length > 0) || rn.length === 0 ? ln.pop() : rn.shift();
      if (key !== undefined) order.push(key);
      fromLeft = !fromLeft;
    }
  }
  const keepers = [keepL, keepR].filter((k): k is string => k !== undefined);
  if (keepers.length === 2) order.push(rank(keepers[1] ?? '') < rank(keepers[0] ?? '') ? (keepers[1] ?? '') : (keepers[0] ?? ''));
  return { order, rank, keepL, keepR, l, r };
}

describe('fitting a bar into its width', () => {
  it('leaves a bar that fits alone', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const natural = sidesWidth(p, { limits: new Map(), dropped: [], centerShown: true, sideGap: s.units.left.length && s.units.right.length ? 1 : 0, gaveWay: [] });
        fc.pre(natural <= s.span);
        const fit = fitBar(p);
        expect(fit.limits.size).toBe(0);
        expect(fit.dropped).toEqual([]);
        expect(fit.gaveWay.filter((g) => g !== 'center section hidden')).toEqual([]);
      }),
    );
  });

  it('fits the sides whenever one unit can, shortening labels no lower than MIN_TRUNCATED, and keeps a unit', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const fit = fitBar(p);
        const all = [...p.sections.left, ...p.sections.right];
        for (const [key, limit] of fit.limits) {
          expect(limit).toBeGreaterThanOrEqual(MIN_TRUNCATED);
          expect(limit).toBeLessThan(Math.min(p.labels.get(key) ?? 0, s.maxLabelWidth));
        }
        if (all.length > 0) expect(fit.dropped.length).toBeLessThan(all.length);
        // It fits, unless only one unit is left and it is too wide even shortened (the caller clips it).
        const kept = all.filter((u) => !fit.dropped.includes(u.key));
        if (kept.length > 1) expect(sidesWidth(p, fit)).toBeLessThanOrEqual(s.span);
        // Labels were shortened before any unit went.
        if (fit.dropped.length > 0 && fit.gaveWay.includes('labels truncated')) expect(fit.gaveWay.indexOf('labels truncated')).toBeLessThan(fit.gaveWay.findIndex((g) => g.endsWith('dropped')));
      }),
      { numRuns: 2000 },
    );
  });

  it('drops the lower ranks first, each from the inner ends of the sides, alternately, left first, and each side last its best', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const fit = fitBar(p);
        const { order, rank, keepL, keepR, l, r } = dropOrder(p);
        // What went is taken from the front of that order (some may have come back), in that order.
        const last = Math.max(-1, ...fit.dropped.map((k) => order.indexOf(k)));
        expect(fit.dropped).toEqual(order.slice(0, last + 1).filter((k) => fit.dropped.includes(k)));
        expect(fit.gaveWay.filter((g) => g.endsWith(' dropped'))).toEqual(fit.dropped.map((k) => `${k} dropped`));
        // Each side keeps a unit unless both sides' best, shortened all they may be, do not fit together.
        if (keepL !== undefined && keepR !== undefined && (l.every((k) => fit.dropped.includes(k)) || r.every((k) => fit.dropped.includes(k)))) {
          const shortest = new Map([keepL, keepR].map((k) => [k, MIN_TRUNCATED]));
          expect(p.measure('left', [keepL], shortest) + p.measure('right', [keepR], shortest) + 1).toBeGreaterThan(s.span);
        }
        // A label is cut only when every unit of a lower rank that may go has gone.
        for (const key of fit.limits.keys()) {
          for (const k of order.slice(0, -1)) if (rank(k) < rank(key)) expect(fit.dropped, `${key} cut while ${k} stays`).toContain(k);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves out no unit that would fit: none of those dropped fits back in the columns left', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const fit = fitBar(p);
        fc.pre(fit.dropped.length > 0);
        for (const key of fit.dropped) {
          const back = sidesWidth(p, { ...fit, dropped: fit.dropped.filter((k) => k !== key) });
          // (A unit of no columns, with no gap either, is nothing to see: it may stay out beside a cut label.)
          if (back === sidesWidth(p, fit)) continue;
          expect(back, key).toBeGreaterThan(s.span);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never gives away more on a wider bar: what it must drop comes no later in the order units go in', () => {
    fc.assert(
      fc.property(shape, fc.integer({ min: 1, max: 100 }), (s, more) => {
        const p = problem(s);
        const narrow = fitBar(p);
        const wide = fitBar(problem({ ...s, span: s.span + more }));
        // Filling the columns left can keep more units on the narrower bar (smaller ones, in place of one that went),
        // never more important ones.
        const { order } = dropOrder(p);
        const last = (f: typeof narrow) => Math.max(-1, ...f.dropped.map((k) => order.indexOf(k)));
        expect(last(wide)).toBeLessThanOrEqual(last(narrow));
        if (narrow.dropped.length === 0) expect(wide.dropped).toEqual([]);
        if (narrow.centerShown) expect(wide.centerShown).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('hides the centre when the gap cannot hold it, and keeps room for a message instead of a centre', () => {
    const s: Shape = { units: { left: [{ label: 10, fixed: 2 }], center: [{ label: 30, fixed: 2 }], right: [{ label: 10, fixed: 2 }] }, maxLabelWidth: 80, span: 50, gap: 1 };
    expect(fitBar(problem(s))).toMatchObject({ centerShown: false, gaveWay: ['center section hidden'] });
    expect(fitBar(problem({ ...s, span: 60 }))).toMatchObject({ centerShown: true, gaveWay: [] });
    const withMessage = fitBar(problem({ ...s, units: { ...s.units, center: [] }, span: 40 }, 30));
    expect(withMessage.centerShown).toBe(false);
    expect(withMessage.gaveWay).toContain('labels truncated');
  });
});
