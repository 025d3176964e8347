/**
 * Threshold rules: each widget kind declares its own (`widgets/<kind>/rules.ts`); its view applies them and
 * `tilebar thresholds` prints them, so what the debugger says is what the bar does. All rules are inclusive ("over 90" means
 * 90 or more), on whole numbers: the original is inclusive for percentages but strict (`>`) for the
 * Network byte thresholds; one byte per second of difference is not worth a second kind of rule.
 */
import { bytesText } from '../units/bytes.js';

export type Comparison = '>=' | '<=';
export type RuleEffect = 'selected' | 'hidden';

export interface ThresholdRule {
  /** Its name in `thresholds --rules --json`: `cpuSelect`. */
  id: string;
  /** The widget kind it belongs to. */
  widget: string;
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

export interface RuleCheck {
  rule: ThresholdRule;
  threshold: number;
  value: number;
  met: boolean;
}

export function checkRule(rule: ThresholdRule, value: number, threshold: number | undefined): RuleCheck | undefined {
  if (threshold === undefined) return undefined;
  const { comparison } = rule;
  const met = comparison === '>=' ? value >= threshold : value <= threshold;
  return { rule, threshold, value, met };
}

/** `auto_select_over 90 (>=)`; byte thresholds also in binary units: `received_over 1048576 (>=, 1.0 MiB/s)`. */
export function describeRule(check: Pick<RuleCheck, 'rule' | 'threshold'>): string {
  const r = check.rule;
  const unit = r.unit;
  if (!unit) return `${r.field} ${check.threshold} (${r.comparison})`;
  return `${r.field} ${check.threshold} (${r.comparison}, ${bytesText(check.threshold)}${unit.startsWith('network:total') ? '' : '/s'})`;
}

/** `93 >= auto_select_over 90`, or `93 < auto_select_over 95` when not met. */
export function explainCheck(check: RuleCheck, format: (n: number) => string = String): string {
  const r = check.rule;
  const op = check.met ? r.comparison : r.comparison === '>=' ? '<' : '>';
  return `${format(check.value)} ${op} ${r.field} ${format(check.threshold)}`;
}

/** The checks of the thresholds that are configured (an absent threshold checks nothing). */
export function checksOf(...checks: Array<RuleCheck | undefined>): RuleCheck[] {
  return checks.filter((c): c is RuleCheck => c !== undefined);
}

/** The thresholds a widget's config sets, among its kind's rules (`auto_select.received_over` included). */
export function configuredRules(rules: readonly ThresholdRule[], config: Readonly<Record<string, unknown>>): Array<{ rule: ThresholdRule; threshold: number }> {
  return rules.flatMap((rule) => {
    const value = rule.field.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), config);
    return typeof value === 'number' ? [{ rule, threshold: value }] : [];
  });
}
