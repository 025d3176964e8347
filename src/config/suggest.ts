/** Did-you-mean helpers shared by key, enum and widget-kind checks. */

/** Lower-case and drop `-`, `_`, spaces: the spelling-insensitive form users get wrong. */
export function looseForm(s: string): string {
  return s.toLowerCase().replace(/[-_\s]/g, '');
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + cost);
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

/** The single candidate equal to `found` ignoring case and separators, if exactly one exists. */
export function looseMatch(found: string, candidates: readonly string[]): string | undefined {
  const key = looseForm(found);
  const hits = candidates.filter((c) => looseForm(c) === key);
  return hits.length === 1 ? hits[0] : undefined;
}

/** The closest candidates by edit distance on the loose form, within a length-scaled budget. */
export function nearest(found: string, candidates: readonly string[], max = 3): string[] {
  const key = looseForm(found);
  const budget = Math.max(1, Math.min(4, Math.floor(key.length / 3)));
  return candidates
    .map((c) => ({ c, d: editDistance(key, looseForm(c)) }))
    .filter((x) => x.d <= budget)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, max)
    .map((x) => x.c);
}

export function didYouMean(found: string, candidates: readonly string[]): string | undefined {
  const exact = looseMatch(found, candidates);
  if (exact) return `did you mean ${JSON.stringify(exact)}?`;
  const near = nearest(found, candidates);
  if (near.length === 0) return undefined;
  return `did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?`;
}
