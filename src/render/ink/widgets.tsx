/**
 * A component per widget kind. Each renders one unit of its widget — what the kind's pure view
 * (`widgets/<kind>-view.ts`) made of the widget's config and readings, as the layout fitted it — as its
 * styled runs, a <Text> each, and is memoised: a unit whose cells did not change is not rendered again. The
 * kinds draw alike today (the views already say what differs); the components are where a kind's own
 * drawing goes.
 */
import { memo, type FunctionComponent, type ReactNode } from 'react';
import { sameProps, Styled, type RunsProps } from './runs.js';

function unitOf(kind: string): FunctionComponent<RunsProps> {
  const Unit = memo(function Unit({ runs, depth }: RunsProps): ReactNode {
    return runs.map((r, i) => <Styled key={i} run={r} depth={depth} />);
  }, sameProps);
  Unit.displayName = kind;
  return Unit as unknown as FunctionComponent<RunsProps>;
}

export const Applications = unitOf('Applications');
export const Battery = unitOf('Battery');
export const Cpu = unitOf('Cpu');
export const DateWidget = unitOf('Date');
export const Keyboard = unitOf('Keyboard');
export const Media = unitOf('Media');
export const Memory = unitOf('Memory');
export const Network = unitOf('Network');
export const Storage = unitOf('Storage');
export const Tiler = unitOf('Tiler');
export const TimeWidget = unitOf('Time');
export const Update = unitOf('Update');
/** Runs of the layout's own (a message): no widget kind. */
export const Plain = unitOf('Plain');

const BY_KIND: Readonly<Record<string, FunctionComponent<RunsProps>>> = {
  Applications, Battery, Cpu, Date: DateWidget, Keyboard, Media, Memory, Network, Storage, Tiler, Time: TimeWidget, Update,
};

export function unitComponent(kind: string | undefined): FunctionComponent<RunsProps> {
  return (kind !== undefined && Object.hasOwn(BY_KIND, kind) ? BY_KIND[kind] : undefined) ?? Plain;
}
