import { loadConfigText, type LoadResult } from '../src/config/load.js';
import type { Problem } from '../src/config/problem.js';
import type { Variant } from '../src/config/variant.js';
import { BUILTIN_WIDGETS } from '../widgets/kinds.js';

/** Load a document given as an object or text, as variant A unless told. */
export function load(doc: unknown, variant: Variant = 'A'): LoadResult {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2);
  return loadConfigText(text, 'bar.json', { kinds: BUILTIN_WIDGETS, variant });
}

/** A minimal valid document with the given widgets on the right and extra root keys. */
export function bar(right: unknown[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { left_widgets: [], right_widgets: right, ...extra };
}

export const errors = (r: LoadResult): Problem[] => r.problems.filter((p) => p.severity === 'error');
export const warnings = (r: LoadResult): Problem[] => r.problems.filter((p) => p.severity === 'warning');
export const notes = (r: LoadResult): Problem[] => r.problems.filter((p) => p.severity === 'note');

/** The one problem at `path` (fails the test if there is not exactly one). */
export function at(r: LoadResult, path: string): Problem {
  const hits = r.problems.filter((p) => p.path === path);
  if (hits.length !== 1) {
    throw new Error(`expected one problem at ${path}, got ${JSON.stringify(r.problems, null, 2)}`);
  }
  return hits[0] as Problem;
}

export function model(r: LoadResult) {
  if (!r.model) throw new Error(`expected the document to load, got ${JSON.stringify(r.problems, null, 2)}`);
  return r.model;
}

/** A widget's normalised config, from the config a user writes (`enable: true` added). */
export function widgetConfig<T>(kind: string, config: Record<string, unknown>): T {
  const m = model(load({ left_widgets: [{ [kind]: { enable: true, ...config } }], right_widgets: [] }));
  return m.left[0]?.config as T;
}
