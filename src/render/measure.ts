/** Measuring: runs' widths, and a section's width and where each unit sits in it, with its spacing and frames. */
import type { Hex } from '../config/model.js';
import { textWidth } from './text-width.js';
import type { LayoutInput, Piece, Run, SectionName } from './bar-types.js';
import { frameRuns } from './group-frames.js';

export const runsWidth = (runs: readonly Run[]) => runs.reduce((n, r) => n + textWidth(r.text), 0);

export interface BuiltSection {
  /** The section's runs, made only when it is placed (fitting only needs widths). */
  runs: Run[];
  width: number;
  pieces: Array<{ piece: Piece; offset: number }>;
  /** Group frames (for boxes on tall bars): offset and width within the section. */
  frames: Array<{ offset: number; width: number; group: string }>;
}

export function spacer(n: number, section: SectionName | undefined, bg: Hex | undefined, group?: string): Run[] {
  return n > 0 ? [{ text: ' '.repeat(n), ...(section ? { section } : {}), ...(bg ? { bg } : {}), ...(group ? { group } : {}) }] : [];
}

/** Widths of runs that do not change within a bar (caps, shade columns), measured once. */
const runWidths = new WeakMap<readonly Run[], number>();
function widthOf(runs: readonly Run[]): number {
  let w = runWidths.get(runs);
  if (w === undefined) {
    w = runsWidth(runs);
    runWidths.set(runs, w);
  }
  return w;
}

/**
 * A section's width and where each unit sits, by arithmetic on the pieces' known widths; its runs are
 * assembled only when `materialize` is true (once per frame, at placement — fitting rebuilds are cheap).
 */
export function buildSection(section: SectionName, pieces: Piece[], input: LayoutInput, boxed: boolean, materialize = false): BuiltSection {
  const g = input.grouping;
  const spacing = input.metrics.widgetSpacing;
  const groupBg = g.kind === 'None' ? undefined : (input.backgrounds.group ?? input.backgrounds.bar);
  const out: BuiltSection = { runs: [], width: 0, pieces: [], frames: [] };
  const push = (runs: readonly Run[], width: number) => {
    if (materialize) for (const r of runs) out.runs.push(r);
    out.width += width;
  };
  const gap = (bg: Hex | undefined, group?: string) => push(materialize ? spacer(spacing, section, bg, group) : [], spacing);
  if (pieces.length === 0) return out;
  if (g.kind === 'Widget') {
    pieces.forEach((piece, i) => {
      if (i > 0) gap(input.backgrounds.bar);
      const group = piece.key;
      const frame = frameRuns(g, input, section, group, boxed);
      const start = out.width;
      push(frame.left, widthOf(frame.left));
      out.pieces.push({ piece, offset: out.width });
      push(piece.runs, piece.width);
      push(frame.right, widthOf(frame.right));
      out.frames.push({ offset: start, width: out.width - start, group });
    });
    return out;
  }
  if (g.kind === 'Alignment') {
    const group = `section:${section}`;
    const frame = frameRuns(g, input, section, group, boxed);
    push(frame.left, widthOf(frame.left));
    pieces.forEach((piece, i) => {
      if (i > 0) gap(groupBg, group);
      out.pieces.push({ piece, offset: out.width });
      push(piece.runs, piece.width);
    });
    push(frame.right, widthOf(frame.right));
    out.frames.push({ offset: 0, width: out.width, group });
    return out;
  }
  // None, and Bar (the bar's own frame is drawn around all sections).
  const bg = g.kind === 'Bar' ? groupBg : input.backgrounds.bar;
  pieces.forEach((piece, i) => {
    if (i > 0) gap(bg, g.kind === 'Bar' ? 'bar' : undefined);
    out.pieces.push({ piece, offset: out.width });
    push(piece.runs, piece.width);
  });
  return out;
}
