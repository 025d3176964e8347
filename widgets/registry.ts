/**
 * A set of widget kinds as one value: what the config core validates against, what the bar polls and draws,
 * what `thresholds` and `preview --set` simulate, what `check` asks of the machine. The bar's own set is
 * `BUILTIN_KINDS` (kinds.ts); a test, or another front end, makes its own with `widgetRegistry([...])`.
 */
import type { ConfigKinds } from '../src/config/widget-kinds.js';
import type { ThresholdRule } from '../src/thresholds/rules.js';
import type { KindSimulation } from '../src/thresholds/simulate.js';
import type { WidgetKind } from './kind.js';

/** Kinds newer than the spec that only make sense in a GUI: accepted with a warning, not shown. */
export const SKIPPED_WIDGET_KINDS: Readonly<Record<string, string>> = {
  Systray: 'the Systray widget needs a graphical tray and is skipped in a terminal bar',
};

export interface WidgetRegistry extends ConfigKinds {
  readonly kinds: readonly WidgetKind[];
  kind(name: string): WidgetKind | undefined;
  /** Every kind's threshold rules, in the list's order. */
  readonly rules: readonly ThresholdRule[];
  /** Every kind's `--set` simulation, in the list's order. */
  readonly simulations: readonly KindSimulation[];
  /** The names of the poll sources the kinds read. */
  readonly sources: ReadonlySet<string>;
}

export function widgetRegistry(kinds: readonly WidgetKind[], skipped: Readonly<Record<string, string>> = SKIPPED_WIDGET_KINDS): WidgetRegistry {
  const byName = new Map<string, WidgetKind>();
  for (const kind of kinds) {
    for (const name of [kind.name, ...(kind.aliases ?? [])]) {
      // Two kinds under one name would make a file mean two things: a mistake in the list, said at once.
      if (byName.has(name)) throw new Error(`two widget kinds are named ${name}`);
      byName.set(name, kind);
    }
  }
  return {
    kinds,
    skipped,
    kind: (name) => byName.get(name),
    rules: kinds.flatMap((k) => k.rules ?? []),
    simulations: kinds.flatMap((k) => (k.simulation ? [k.simulation] : [])),
    sources: new Set(kinds.flatMap((k) => (k.poll ? [k.poll.source] : []))),
  };
}
