/** Painting a unit: its segments as runs in the theme's colours for its state, its label shortened to a limit. */
import type { Hex } from '../config/model.js';
import type { ResolvedTheme } from '../../themes/resolve-theme.js';
import type { ClickAction, GridCell, Segment, UnitState, UnitView } from '../../widgets/view.js';
import { DECORATIONS, glyph, textForSet } from './icons.js';
import { displayText } from '../text/safe-text.js';
import { textWidth } from './text-width.js';
import type { LayoutInput, Piece, Run, SectionName, WidgetUnits } from './bar-types.js';

interface Palette {
  icon: Hex;
  text: Hex;
  dim: Hex;
  fill?: Hex;
}

/** `under`: what the unit sits on (its group's fill, or the bar's background); a selected unit has its own. */
function paletteFor(state: UnitState, theme: ResolvedTheme, under: Hex | undefined): Palette {
  const c = theme.colours;
  if (state === 'selected') return { icon: c.autoSelectIcon, text: c.autoSelectLabel, dim: c.autoSelectLabel, fill: c.autoSelectFill };
  if (state === 'error') return { icon: c.error, text: c.error, dim: c.error, ...(under ? { fill: under } : {}) };
  return { icon: c.accent, text: c.text, dim: c.dim, ...(under ? { fill: under } : {}) };
}

export const truncate = (text: string, max: number, ellipsis = '…'): string => {
  if (textWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}${ellipsis}`) > max) break;
    out += ch;
  }
  return `${out}${ellipsis}`;
};

/**
 * The one place text from outside (readings, window titles, workspace names, config strings) becomes cells:
 * cleaned of control characters before anything measures or writes it, then as the icon set can show it.
 */
export const cellText = (text: string, input: LayoutInput) => textForSet(displayText(text), input.icons);

/** The runs of one unit; `limit` caps each text segment's width (max_label_width, or shortening to fit). */
export function unitRuns(
  w: WidgetUnits,
  unit: UnitView,
  section: SectionName,
  input: LayoutInput,
  groupBg: Hex | undefined,
  limit: number,
  groupOf: (key: string) => string | undefined,
): Piece {
  const key = `${w.position} ${unit.id}`;
  const group = groupOf(key);
  const p = paletteFor(unit.state, input.theme, groupBg);
  const runs: Run[] = [];
  let grid: Piece['grid'];
  const c = input.theme.colours;
  // Plain object literals (no conditional spreads): this runs for every unit on every frame.
  const selectedUnit = unit.state === 'selected';
  const kind = w.kind;
  const run = (text: string, fg: Hex, bg: Hex | undefined, action: ClickAction | undefined, inverse = selectedUnit): Run => ({ text, fg, bg, section, unit: key, kind, group, action, inverse });
  const segments = unit.segments;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    if (s.role === 'grid') {
      const toRuns = (line: GridCell[]) => line.map((cell) => run(cellText(cell.text, input), cell.lit ? c.accent : p.dim, p.fill, undefined));
      const lines = s.lines.map(toRuns);
      if (lines.length === 1) runs.push(...(lines[0] ?? []));
      else {
        // A tall grid: its second line sits on the content row.
        const contentLine = Math.min(1, lines.length - 1);
        runs.push(...(lines[contentLine] ?? []));
        grid = { lines, contentLine };
      }
      continue;
    }
    // A selected element (focused workspace, current layout) has the selected fill and text colour.
    const bg = s.selected ? c.selectedFill : p.fill;
    if (s.role === 'icon') {
      const g = glyph(s.icon, input.icons);
      const inverse = selectedUnit || s.selected === true;
      runs.push(run(g.padEnd(input.metrics.iconWidth - textWidth(g) + g.length), s.selected ? c.selectedText : s.tone === 'dim' ? p.dim : p.icon, bg, s.action, inverse));
      // The original's icon-to-text gap; it stays when a word or value follows (not before a spacer: a
      // single-space text segment, as between media buttons, is the gap itself).
      const next = segments[i + 1];
      if (next && next.role !== 'icon' && next.role !== 'glyph' && !(next.role === 'text' && next.text === ' ')) runs.push(run(' ', p.text, bg, s.action, inverse));
    } else if (s.role === 'glyph') {
      runs.push(run(cellText(s.text, input), s.selected ? c.selectedText : p.icon, bg, s.action, selectedUnit || s.selected === true));
    } else {
      const clean = cellText(s.text, input);
      const text = s.role === 'value' || s.role === 'text' ? truncate(clean, limit, DECORATIONS[input.icons].ellipsis) : clean;
      runs.push(run(text, s.selected ? c.selectedText : s.tone === 'dim' ? p.dim : p.text, bg, s.action, selectedUnit || s.selected === true));
    }
  }
  let width = 0;
  for (const r of runs) width += textWidth(r.text);
  return { key, section, widget: w, unit, runs, width, ...(grid ? { grid } : {}) };
}
