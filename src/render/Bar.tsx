/**
 * Ink components of the bar: <Bar> → rows → <Section> → <Group> → <Label>, over a computed layout. The
 * layout (layout.ts) decides every cell; these components only say how runs nest and how they are coloured
 * at the chosen depth (colours reach Ink already reduced, see inkColour).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ColourDepth } from '../colour/depth.js';
import { inkColour } from '../colour/ink-colour.js';
import type { BarLayout, Run } from './layout.js';

interface Props {
  layout: BarLayout;
  depth: ColourDepth;
}

export function Bar({ layout, depth }: Props): ReactNode {
  return (
    <Box flexDirection="column" width={layout.width}>
      {layout.rows.map((runs, i) => (
        <Text key={i} wrap="truncate-end">
          {nest(runs, depth)}
        </Text>
      ))}
    </Box>
  );
}

export function Section({ name, children }: { name: string; children: ReactNode }): ReactNode {
  return <Text key={name}>{children}</Text>;
}

export function Group({ children }: { children: ReactNode }): ReactNode {
  return <Text>{children}</Text>;
}

export function Label({ runs, depth }: { runs: readonly Run[]; depth: ColourDepth }): ReactNode {
  return (
    <Text>
      {runs.map((r, i) => (
        <Piece key={i} run={r} depth={depth} />
      ))}
    </Text>
  );
}

function Piece({ run, depth }: { run: Run; depth: ColourDepth }): ReactNode {
  const color = run.fg ? inkColour(run.fg, depth) : undefined;
  const backgroundColor = run.bg ? inkColour(run.bg, depth) : undefined;
  return (
    <Text {...(color ? { color } : {})} {...(backgroundColor ? { backgroundColor } : {})} bold={run.bold === true} inverse={depth === 'none' && run.inverse === true}>
      {run.text}
    </Text>
  );
}

/** Consecutive runs of one section, then of one group, then of one unit, become nested components. */
function nest(runs: readonly Run[], depth: ColourDepth): ReactNode[] {
  return chunk(runs, (r) => r.section).map(([section, inSection], i) =>
    section === undefined ? (
      <Label key={i} runs={inSection} depth={depth} />
    ) : (
      <Section key={i} name={section}>
        {chunk(inSection, (r) => r.group).map(([group, inGroup], j) => {
          const labels = chunk(inGroup, (r) => r.unit).map(([, inUnit], k) => <Label key={k} runs={inUnit} depth={depth} />);
          return group === undefined ? labels : <Group key={j}>{labels}</Group>;
        })}
      </Section>
    ),
  );
}

function chunk<K>(runs: readonly Run[], keyOf: (r: Run) => K): Array<[K, Run[]]> {
  const out: Array<[K, Run[]]> = [];
  for (const r of runs) {
    const k = keyOf(r);
    const last = out.at(-1);
    if (last && last[0] === k) last[1].push(r);
    else out.push([k, [r]]);
  }
  return out;
}
