/** Runs of the layout as Ink <Text>: one style each, and the equality that lets React skip unchanged ones. */
import { Text } from 'ink';
import { memo, useContext, type ReactNode } from 'react';
import type { Run, RunsProps } from '../../../widgets/view.js';
import { PaintContext, paintRun } from './paint.js';

export type { RunsProps };

/** A run that stands for the same cells as another. */
const sameRun = (x: Run, y: Run): boolean => x === y || (x.text === y.text && x.fg === y.fg && x.bg === y.bg && !x.bold === !y.bold && !x.inverse === !y.inverse);

/** Runs that stand for the same cells: the layout keeps a unit's runs while it is unchanged, so most are. */
export function sameRuns(a: readonly Run[], b: readonly Run[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Run;
    const y = b[i] as Run;
    if (!sameRun(x, y)) return false;
  }
  return true;
}

export const sameProps = (a: RunsProps, b: RunsProps): boolean => sameRuns(a.runs, b.runs);

/**
 * A run of one style, painted at the depth in context (a depth that changes renders every run again). Memoised:
 * a cap or a gap whose row changed elsewhere is not painted again.
 */
export const Styled = memo(function Styled({ run }: { run: Run }): ReactNode {
  return <Text>{paintRun(run, useContext(PaintContext))}</Text>;
}, (a, b) => sameRun(a.run, b.run));
