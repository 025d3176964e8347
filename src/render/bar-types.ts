/** The bar as data: styled runs, units ready to place, and what a layout gives its front ends. */
import type { GroupingModel, Hex } from '../config/model.js';
import type { ResolvedTheme } from '../../themes/resolve-theme.js';
import type { Backgrounds } from '../../themes/transparency.js';
import type { ClickAction, Run, SectionName, UnitState, UnitView } from '../../widgets/view.js';
import type { CellMetrics } from './cells.js';
import type { IconSet } from './icons.js';

// What a unit draws (styled runs) is the widget kinds' vocabulary too (a kind may bring its own component):
// it is written down in widgets/view.ts and read here.
export type { Run, SectionName };

export interface ClickTarget {
  x: number;
  width: number;
  action: ClickAction;
  unit?: string;
}

export interface WidgetUnits {
  /** `right[3]` */
  position: string;
  kind: string;
  units: UnitView[];
}

export interface LayoutInput {
  width: number;
  height: number;
  metrics: CellMetrics;
  grouping: GroupingModel;
  sections: Readonly<Record<SectionName, readonly WidgetUnits[]>>;
  theme: ResolvedTheme;
  backgrounds: Backgrounds;
  icons: IconSet;
  /** A one-line message (a config error) shown in place of the center section. */
  message?: string;
  /** `hint`: the message is not an error (a hovered item's command): the accent colour, not the error one. */
  messageTone?: 'error' | 'hint';
  /** Pieces and frames kept across frames of one bar (one appearance): see LayoutCache. */
  cache?: LayoutCache;
}

/**
 * What a running bar keeps between frames: each unit's runs (keyed by the unit object, which the
 * ComposeCache keeps while the unit is unchanged), each group's frame, and the rows around the content row. Create one per appearance. With the
 * ComposeCache it halves a clock tick's compose + layout (bench/run.mjs: config.example.json at 160 × 3, 0.52 →
 * 0.26 ms; 30 widgets at 400 × 1, 0.46 → 0.25 ms); React's memo then skips the units whose runs are the same.
 */
export class LayoutCache {
  readonly pieces = new WeakMap<UnitView, Map<string, Piece>>();
  readonly frames = new Map<string, Frame>();
  /** The last layout's rows, with what the rows other than the content row were drawn from (place.ts). */
  around?: { key: string; rows: readonly Run[][] };
}

export interface PlacedUnit {
  section: SectionName;
  position: string;
  kind: string;
  id: string;
  name: string;
  text: string;
  state: UnitState;
  why?: string;
  x: number;
  width: number;
  colours: { fg?: Hex; bg?: Hex; icon?: Hex };
}

export interface BarLayout {
  width: number;
  height: number;
  contentRow: number;
  rows: Run[][];
  placed: PlacedUnit[];
  /** What gave way to fit the width (for `preview --format json` and tests). */
  gaveWay: string[];
  /** Clickable cells of the content row, left to right. */
  targets: ClickTarget[];
}

/** A unit ready to place: its runs, and how to shorten its text. */
export interface Piece {
  key: string;
  section: SectionName;
  widget: WidgetUnits;
  unit: UnitView;
  runs: Run[];
  width: number;
  /** Extra lines below/above the content row (a tall binary clock): index 0 is the top line. */
  grid?: { lines: Run[][]; contentLine: number };
}

/** A group's frame: the runs before and after its units. */
export interface Frame {
  left: Run[];
  right: Run[];
}
