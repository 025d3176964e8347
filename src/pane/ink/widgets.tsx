/**
 * A component per widget kind. Each renders one unit of its widget — what the kind's pure view
 * (`widgets/<kind>/view.ts`) made of the widget's config and readings, as the layout fitted it — as its styled
 * runs, a <Text> each, and is memoised: a unit whose cells did not change is not rendered again. A kind with
 * its own drawing gives its component (`WidgetKind.component`); the others share the default, named after the
 * kind (what React's tools show). Which kinds there are comes from the registry in context, not a list here.
 */
import { createContext, memo, useContext, type FunctionComponent, type ReactNode } from 'react';
import type { WidgetRegistry } from '../../../widgets/registry.js';
import { sameProps, Styled, type RunsProps } from './runs.js';

function unitOf(kind: string): FunctionComponent<RunsProps> {
  const Unit = memo(function Unit({ runs }: RunsProps): ReactNode {
    return runs.map((r, i) => <Styled key={i} run={r} />);
  }, sameProps);
  Unit.displayName = kind;
  return Unit as unknown as FunctionComponent<RunsProps>;
}

/** Runs of the layout's own (a message): no widget kind. */
export const Plain = unitOf('Plain');

/** The widget kinds of the bar being drawn (the App provides its appearance's). */
export const WidgetsContext = createContext<WidgetRegistry | undefined>(undefined);

/** One default component per kind name, made once: a new function each frame would remount every unit. */
const defaults = new Map<string, FunctionComponent<RunsProps>>();

export function unitComponent(kind: string | undefined, widgets: WidgetRegistry | undefined): FunctionComponent<RunsProps> {
  const known = kind === undefined ? undefined : widgets?.kind(kind);
  if (!known) return Plain;
  if (known.component) return known.component;
  let Unit = defaults.get(known.name);
  if (!Unit) defaults.set(known.name, (Unit = unitOf(known.name)));
  return Unit;
}

/** The component for a unit of this kind, from the registry in context. */
export function useUnitComponent(kind: string | undefined): FunctionComponent<RunsProps> {
  return unitComponent(kind, useContext(WidgetsContext));
}
