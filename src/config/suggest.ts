/**
 * Did-you-mean helpers shared by key, enum and widget-kind checks. Every one is linear in what it is given:
 * a value longer than any name gets no suggestion at all, and a candidate is measured only when its length
 * is within the edit budget of the value's (a 5 MB theme name costs one length test per candidate).
 */
import { compareNames } from '../text/compare.js';

/** Names, keys and zones are short; a longer value is not a misspelling of one. */
export const MAX_SUGGESTIBLE = 64;

/** Lower-case and drop `-`, `_`, spaces: the spelling-insensitive form users get wrong. */
export function looseForm(s: string): string {
  return s.toLowerCase().replace(/[-_\s]/g, '');
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rows: the one before last is for a transposition of two neighbours ("Mocah" for "Mocha"), which a
  // typist makes as one slip and Levenshtein alone counts as two (the optimal string alignment distance).
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      row[j] = d;
    }
    before = prev;
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The single candidate equal to `found` ignoring case and separators, if exactly one exists. */
export function looseMatch(found: string, candidates: readonly string[]): string | undefined {
  if (found.length > MAX_SUGGESTIBLE) return undefined;
  const key = looseForm(found);
  const hits = candidates.filter((c) => looseForm(c) === key);
  return hits.length === 1 ? hits[0] : undefined;
}

/** The closest candidates by edit distance on the loose form, within a length-scaled budget. */
export function nearest(found: string, candidates: readonly string[], max = 3): string[] {
  if (found.length > MAX_SUGGESTIBLE) return [];
  const key = looseForm(found);
  const budget = Math.max(1, Math.min(4, Math.floor(key.length / 3)));
  const scored: Array<{ c: string; d: number }> = [];
  for (const c of candidates) {
    const loose = looseForm(c);
    // The distance is at least the difference in length: no need to compute it when that is over budget.
    if (Math.abs(loose.length - key.length) > budget) continue;
    const d = editDistance(key, loose);
    if (d <= budget) scored.push({ c, d });
  }
  // Only the closest: "Dracla" is one slip from "Dracula" and two from "Darcula"; offering both says less.
  const best = Math.min(...scored.map((x) => x.d));
  return scored
    .filter((x) => x.d === best)
    .sort((x, y) => compareNames(x.c, y.c))
    .slice(0, max)
    .map((x) => x.c);
}

/**
 * The one candidate `found` plainly meant, for `--fix`: equal but for case and separators, or the only one
 * closest within the budget ("Baterry" → "Battery"). Undefined when there is none, or a choice to make.
 */
export function uniqueSuggestion(found: string, candidates: readonly string[]): string | undefined {
  const exact = looseMatch(found, candidates);
  if (exact) return exact;
  const near = nearest(found, candidates);
  return near.length === 1 ? near[0] : undefined;
}

export function didYouMean(found: string, candidates: readonly string[]): string | undefined {
  const exact = looseMatch(found, candidates);
  if (exact) return `did you mean ${JSON.stringify(exact)}?`;
  const near = nearest(found, candidates);
  if (near.length === 0) return undefined;
  return `did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?`;
}
