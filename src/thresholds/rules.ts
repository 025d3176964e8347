/**
 * Every threshold rule of the format in one table: the widgets apply these and `tilebar thresholds`
 * prints them, so what the debugger says is what the bar does. All rules are inclusive ("over 90" means
 * 90 or more), on whole numbers: the original is inclusive for percentages but strict (`>`) for the
 * Network byte thresholds; one byte per second of difference is not worth a second kind of rule.
 */
import { bytesText } from '../../widgets/bytes.js';

export type Comparison = '>=' | '<=';
export type RuleEffect = 'selected' | 'hidden';

export interface ThresholdRule {
  widget: 'Battery' | 'Cpu' | 'Memory' | 'Storage' | 'Network';
  /** The config key, as a path below the widget's config. */
  field: string;
  comparison: Comparison;
  effect: RuleEffect;
  /** What the threshold is compared with. */
  measures: string;
  /** The original bar's comparison, where it differs. */
  original?: string;
  /** For rules of one part of a widget: the unit they apply to (`network:received`). */
  unit?: string;
}

export const THRESHOLD_RULES = {
  batterySelect: { widget: 'Battery', field: 'auto_select_under', comparison: '<=', effect: 'selected', measures: 'charge %, rounded (all batteries, weighted by capacity)' },
  cpuSelect: { widget: 'Cpu', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'CPU busy %, truncated' },
  memorySelect: { widget: 'Memory', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'memory used %, truncated' },
  storageHide: { widget: 'Storage', field: 'auto_hide_under', comparison: '<=', effect: 'hidden', measures: 'disk used %, truncated (per disk)' },
  storageSelect: { widget: 'Storage', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'disk used %, truncated (per disk)' },
  networkReceived: { widget: 'Network', field: 'auto_select.received_over', comparison: '>=', effect: 'selected', measures: 'bytes/s received, truncated', original: '>', unit: 'network:received' },
  networkTransmitted: { widget: 'Network', field: 'auto_select.transmitted_over', comparison: '>=', effect: 'selected', measures: 'bytes/s sent, truncated', original: '>', unit: 'network:transmitted' },
  networkTotalReceived: { widget: 'Network', field: 'auto_select.total_received_over', comparison: '>=', effect: 'selected', measures: 'bytes received since the interface came up', original: '>', unit: 'network:total_received' },
  networkTotalTransmitted: { widget: 'Network', field: 'auto_select.total_transmitted_over', comparison: '>=', effect: 'selected', measures: 'bytes sent since the interface came up', original: '>', unit: 'network:total_transmitted' },
} as const satisfies Record<string, ThresholdRule>;

export type RuleId = keyof typeof THRESHOLD_RULES;

export interface RuleCheck {
  rule: RuleId;
  threshold: number;
  value: number;
  met: boolean;
}

export function checkRule(rule: RuleId, value: number, threshold: number | undefined): RuleCheck | undefined {
  if (threshold === undefined) return undefined;
  const { comparison } = THRESHOLD_RULES[rule];
  const met = comparison === '>=' ? value >= threshold : value <= threshold;
  return { rule, threshold, value, met };
}

/** `auto_select_over 90 (>=)`; byte thresholds also in binary units: `received_over 1048576 (>=, 1.0 MiB/s)`. */
export function describeRule(check: Pick<RuleCheck, 'rule' | 'threshold'>): string {
  const r = THRESHOLD_RULES[check.rule];
  const unit = (r as ThresholdRule).unit;
  if (!unit) return `${r.field} ${check.threshold} (${r.comparison})`;
  return `${r.field} ${check.threshold} (${r.comparison}, ${bytesText(check.threshold)}${unit.startsWith('network:total') ? '' : '/s'})`;
}

/** `93 >= auto_select_over 90`, or `93 < auto_select_over 95` when not met. */
export function explainCheck(check: RuleCheck, format: (n: number) => string = String): string {
  const r = THRESHOLD_RULES[check.rule];
  const op = check.met ? r.comparison : r.comparison === '>=' ? '<' : '>';
  return `${format(check.value)} ${op} ${r.field} ${format(check.threshold)}`;
}

/** The checks of the thresholds that are configured (an absent threshold checks nothing). */
export function checksOf(...checks: Array<RuleCheck | undefined>): RuleCheck[] {
  return checks.filter((c): c is RuleCheck => c !== undefined);
}

/** The thresholds a widget's config sets, as rule ids with values (`auto_select.received_over` included). */
export function configuredRules(kind: string, config: Readonly<Record<string, unknown>>): Array<{ rule: RuleId; threshold: number }> {
  return (Object.entries(THRESHOLD_RULES) as Array<[RuleId, ThresholdRule]>).flatMap(([rule, r]) => {
    if (r.widget !== kind) return [];
    const value = r.field.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), config);
    return typeof value === 'number' ? [{ rule, threshold: value }] : [];
  });
}
