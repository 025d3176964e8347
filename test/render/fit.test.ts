/**
 * Fitting as a pure function (src/render/fit.ts), with a simple additive measure: a unit is its label (up to
 * its limit) plus a fixed part (icon, padding), units are a gap apart. The rules a user sees: what fits is left
 * alone; labels are shortened before units go, never below MIN_TRUNCATED; units go from the inner ends,
 * alternately; a wider bar never gives away more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitBar, MIN_TRUNCATED, type FitProblem, type FitSection, type FitUnit } from '../../src/render/fit.js';

interface Shape {
  units: Record<FitSection, Array<{ label: number; fixed: number }>>;
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
        return { key, label: u.label };
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

const unit = fc.record({ label: fc.integer({ min: 0, max: 60 }), fixed: fc.integer({ min: 0, max: 4 }) });
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

  it('drops units from the inner ends of the sides, alternately, left first', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const fit = fitBar(p);
        const l = p.sections.left.map((u) => u.key);
        const r = p.sections.right.map((u) => u.key);
        const expected: string[] = [];
        let fromLeft = true;
        while (expected.length < fit.dropped.length) {
          const key = (fromLeft && l.length > 0) || r.length === 0 ? l.pop() : r.shift();
          if (key !== undefined) expected.push(key);
          fromLeft = !fromLeft;
        }
        expect(fit.dropped).toEqual(expected);
        expect(fit.gaveWay.filter((g) => g.endsWith(' dropped'))).toEqual(expected.map((k) => `${k} dropped`));
      }),
      { numRuns: 1000 },
    );
  });

  it('drops only as many units as it must: keeping the last one dropped would not fit', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const p = problem(s);
        const fit = fitBar(p);
        fc.pre(fit.dropped.length > 0);
        const fewer = { ...fit, dropped: fit.dropped.slice(0, -1) };
        expect(sidesWidth(p, fewer)).toBeGreaterThan(s.span);
      }),
      { numRuns: 1000 },
    );
  });

  it('never gives away more on a wider bar', () => {
    fc.assert(
      fc.property(shape, fc.integer({ min: 1, max: 100 }), (s, more) => {
        const narrow = fitBar(problem(s));
        const wide = fitBar(problem({ ...s, span: s.span + more }));
        expect(wide.dropped.length).toBeLessThanOrEqual(narrow.dropped.length);
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
