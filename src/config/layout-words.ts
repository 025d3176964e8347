/**
 * What each window-manager layout is, in words: `tilebar schema` shows them (the layouts' schema and the Tiler
 * widget's options). No zod here, so the Tiler's own words can share them.
 */
import type { DEFAULT_LAYOUTS } from './vocabulary.js';

export const LAYOUT_VALUES: Readonly<Record<(typeof DEFAULT_LAYOUTS)[number], string>> = {
  BSP: 'Binary space partition: each new window splits the last one in two, alternating direction.',
  Columns: 'Side-by-side columns of equal width.',
  Rows: 'Stacked rows of equal height.',
  VerticalStack: 'One main window on the left, the rest stacked on the right.',
  HorizontalStack: 'One main window on top, the rest side by side below.',
  UltrawideVerticalStack: 'A main window in the middle, stacks on both sides (for very wide screens).',
  Grid: 'Windows in a grid of near-equal cells.',
  RightMainVerticalStack: 'One main window on the right, the rest stacked on the left.',
  Scrolling: 'Columns on a strip wider than the screen, scrolled to the focused one.',
};
