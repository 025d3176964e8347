/**
 * An order for names shown in a list (configurations, mounts, suggestions): letters' case ignored, ties in
 * code-unit order, the same on every machine. Not `localeCompare`: the first call in a process loads ICU's
 * collation data (~10 ms, a twentieth of `tilebar check`), and a bar's few names need no language's rules.
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}
