/** Rows of `tilebar thresholds`: one per widget unit, from the same views the bar draws. */
import type { SystemWidget } from './system-widgets.js';
import type { SourceStatus, UnitState } from '../../widgets/view.js';
import { displayText } from '../text/safe-text.js';
import { configuredRules, describeRule, type ThresholdRule } from '../thresholds/rules.js';

export type RowState = UnitState | 'disabled' | 'not read';

export interface ThresholdRow {
  /** Identity across refreshes: position + unit id. */
  key: string;
  position: string;
  widget: string;
  value: string;
  rules: string[];
  state: RowState;
  why: string;
}

/** Each poll source's latest status, by source name (`cpu`, `disks`, or a kind's own). */
export type Statuses = Record<string, SourceStatus<unknown> | undefined>;

export function thresholdRows(widgets: readonly SystemWidget[], statuses: Statuses, notReadWhy?: (source: string) => string): ThresholdRow[] {
  return widgets.flatMap((w): ThresholdRow[] => {
    const configured = configuredRules(w.rules, w.config);
    const rulesFor = (unitId?: string) => configured.filter((c) => !c.rule.unit || c.rule.unit === unitId).map(describeRule);
    if (!w.enabled) {
      return [{ key: w.position, position: w.position, widget: w.kind, value: '—', rules: rulesFor(), state: 'disabled', why: 'enable is false: nothing is polled' }];
    }
    const status = statuses[w.source];
    if (!status && notReadWhy) {
      return [{ key: w.position, position: w.position, widget: w.kind, value: '—', rules: rulesFor(), state: 'not read', why: notReadWhy(w.source) }];
    }
    // Names and reasons carry readings (a mount point, an interface, an error from the system): cleaned as the
    // bar cleans its cells, since this table goes to a terminal too.
    return w.view(status ?? {}).map((u) => ({
      key: `${w.position} ${u.id}`,
      position: w.position,
      widget: displayText(u.name),
      value: displayText(u.valueText ?? '—'),
      rules: rulesFor(u.id),
      state: u.state,
      why: displayText(u.why ?? ''),
    }));
  });
}

/** An aligned text table. */
/** How a state is shown in a terminal: painted by the caller (the colour depth is the command's). */
export type StatePainter = (state: RowState, text: string) => string;
const unpainted: StatePainter = (_, text) => text;

export function formatRows(rows: readonly ThresholdRow[], paintState: StatePainter = unpainted): string {
  const header = { position: 'WHERE', widget: 'WIDGET', value: 'VALUE', rules: 'RULE', state: 'STATE', why: 'WHY' };
  const cells = [header, ...rows.map((r) => ({ ...r, rules: r.rules.join(', ') || '—' }))];
  const width = (k: keyof typeof header) => Math.max(...cells.map((c) => c[k].length));
  const cols = ['position', 'widget', 'value', 'rules', 'state'] as const;
  const widths = cols.map(width);
  // Painted after padding, so escapes never count as width; the header is not a state.
  const cell = (c: (typeof cells)[number], k: (typeof cols)[number], i: number) => {
    const text = c[k].padEnd(widths[i] ?? 0);
    return k === 'state' && c !== header ? paintState(c.state as RowState, text) : text;
  };
  return `${cells.map((c) => [...cols.map((k, i) => cell(c, k, i)), c.why].join('  ').trimEnd()).join('\n')}\n`;
}

/** Lines for the rows whose state changed, with the time and the reason: what `--watch` prints. */
export function stateChanges(before: ReadonlyMap<string, ThresholdRow>, after: readonly ThresholdRow[], time: string, paintState: StatePainter = unpainted): string[] {
  return after.flatMap((row) => {
    const old = before.get(row.key);
    if (!old || old.state === row.state) return [];
    return [`${time}  ${row.position} ${row.widget}: ${old.state} → ${paintState(row.state, row.state)} (${row.value})${row.why ? `: ${row.why}` : ''}`];
  });
}

/** The rule table itself: what `--rules` prints. */
export function formatRuleTable(rules: readonly ThresholdRule[]): string {
  const rows = rules.map((r) => [r.widget, r.field, r.comparison, r.effect, r.measures, r.original ? `original: ${r.original}` : '']);
  const header = ['WIDGET', 'FIELD', 'TEST', 'EFFECT', 'COMPARES', ''];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return `${all.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n')}\n`;
}
