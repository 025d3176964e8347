/** Runs of the layout as Ink <Text>: one style each, and the equality that lets React skip unchanged ones. */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { ColourDepth } from '../../colour/depth.js';
import { inkColour } from '../../colour/ink-colour.js';
import type { Run } from '../bar-types.js';

export interface RunsProps {
  runs: readonly Run[];
  depth: ColourDepth;
}

/** Runs that stand for the same cells: the layout keeps a unit's runs while it is unchanged, so most are. */
export function sameRuns(a: readonly Run[], b: readonly Run[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Run;
    const y = b[i] as Run;
    if (x !== y && (x.text !== y.text || x.fg !== y.fg || x.bg !== y.bg || !x.bold !== !y.bold || !x.inverse !== !y.inverse)) return false;
  }
  return true;
}

export const sameProps = (a: RunsProps, b: RunsProps): boolean => a.depth === b.depth && sameRuns(a.runs, b.runs);

/** A run of one style. Without colour, a selected run is drawn in reverse video (see Run.inverse). */
export function Styled({ run, depth }: { run: Run; depth: ColourDepth }): ReactNode {
  const color = run.fg ? inkColour(run.fg, depth) : undefined;
  const backgroundColor = run.bg ? inkColour(run.bg, depth) : undefined;
  return (
    <Text {...(color ? { color } : {})} {...(backgroundColor ? { backgroundColor } : {})} bold={run.bold === true} inverse={depth === 'none' && run.inverse === true}>
      {run.text}
    </Text>
  );
}
