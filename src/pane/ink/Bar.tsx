/**
 * The bar as Ink components. The pure layout (place.ts and the modules it uses) decides what each row holds — which units, how their
 * labels are shortened, what gave way, where the gaps are — and these components render that decision:
 * <Bar> → a <Row> box per terminal row → the three lists as <Section> boxes → <Group> boxes (the grouping's
 * frames) → a unit as its widget kind's component (<Cpu>, <Battery>, …) → a <Text> per run of one style. Yoga
 * places every box and text by their widths. Each run is a <Text> of its own, not nested in its unit's: Ink
 * colours and re-tokenizes each top-level text on every frame, and short ones are cheaper — a cap or a gap
 * repeats and is tokenized once a frame (bench/ink-tick.mjs: 4.5 → 2.8 ms a tick). Nothing below the root
 * clips (`overflow` slices every string on every frame). Colours reach Ink already reduced (inkColour).
 */
import { Box } from 'ink';
import { memo, useContext, type ReactNode } from 'react';
import type { ColourDepth } from '../../colour/depth.js';
import type { BarLayout, Run, SectionName } from '../../render/bar-types.js';
import { PaintContext, paintFor } from './paint.js';
import { sameProps, Styled, type RunsProps } from './runs.js';
import { WidgetsContext, unitComponent } from './widgets.js';

interface BarProps {
  layout: BarLayout;
  /** The colour depth the runs are painted at (PaintContext, for every component below). */
  depth: ColourDepth;
  /** No escapes at all: a text frame. */
  plain?: boolean;
}

export function Bar({ layout, depth, plain = false }: BarProps): ReactNode {
  return (
    <PaintContext value={paintFor(depth, plain)}>
      <Box flexDirection="column" width={layout.width} height={layout.height} flexShrink={0}>
        {layout.rows.map((runs, i) => (
          <Row key={i} runs={runs} width={layout.width} />
        ))}
      </Box>
    </PaintContext>
  );
}

/** One row of the terminal: its sections and the runs between them (margins, the bar's own frame). */
const Row = memo(function Row({ runs, width }: RunsProps & { width: number }): ReactNode {
  return (
    <Box width={width} height={1} flexShrink={0}>
      {chunk(runs, (r) => r.section).map(([section, inSection], i) =>
        section === undefined ? <Loose key={i} runs={inSection} /> : <Section key={`${section}${i}`} name={section} runs={inSection} />,
      )}
    </Box>
  );
}, (a, b) => a.width === b.width && sameProps(a, b));

/** One of the three lists: a box that Yoga places by the widths of what it holds. */
const Section = memo(
  function Section({ runs }: RunsProps & { name: SectionName }): ReactNode {
    return (
      <Box flexShrink={0}>
        {chunk(runs, (r) => r.group).map(([group, inGroup], i) => (group === undefined ? <Units key={i} runs={inGroup} /> : <Group key={group} runs={inGroup} />))}
      </Box>
    );
  },
  (a, b) => a.name === b.name && sameProps(a, b),
);

/** A grouping frame (a unit's, a section's or the whole bar's): caps, shade columns and what it holds. */
const Group = memo(function Group({ runs }: RunsProps): ReactNode {
  return (
    <Box flexShrink={0}>
      <Units runs={runs} />
    </Box>
  );
}, sameProps);

/** Units in order, each as its widget kind's component; runs of no unit (caps, gaps) as they are. */
function Units({ runs }: RunsProps): ReactNode {
  const widgets = useContext(WidgetsContext);
  return chunk(runs, (r) => r.unit).map(([unit, inUnit], i) => {
    if (unit === undefined) return <Loose key={i} runs={inUnit} />;
    const Unit = unitComponent(inUnit[0]?.kind, widgets);
    return <Unit key={unit} runs={inUnit} />;
  });
}

/** Runs of no unit: one <Text> each (a cap, a gap, a shade column, a message). */
function Loose({ runs }: RunsProps): ReactNode {
  return runs.map((r, i) => <Styled key={i} run={r} />);
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
