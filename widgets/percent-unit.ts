/** The one-unit percentage label that Cpu, Memory and Battery share: `[icon] [WORD: ]12%`. */
import type { LabelPrefix } from '../src/config/schema/common.js';
import type { RuleCheck } from '../src/thresholds/rules.js';
import type { IconName } from './icons.js';
import { decide, prefixed, type UnitView } from './view.js';

export interface PercentUnit {
  id: string;
  name: string;
  prefix: LabelPrefix;
  icon: IconName;
  word: string;
  /** The whole-number percentage the rules compare, undefined before the first reading. */
  value: number | undefined;
  checks: RuleCheck[];
  error: string | undefined;
}

export const WAITING = 'waiting for the first reading';

export function percentUnit(u: PercentUnit): UnitView {
  if (u.value === undefined) {
    return u.error
      ? { id: u.id, name: u.name, segments: prefixed(u.prefix, u.icon, u.word, [{ role: 'value', text: '?' }]), state: 'error', why: u.error, error: u.error, checks: [] }
      : { id: u.id, name: u.name, segments: [], state: 'hidden', why: WAITING, checks: [] };
  }
  const { state, why } = decide(u.checks, u.error);
  return {
    id: u.id,
    name: u.name,
    segments: prefixed(u.prefix, u.icon, u.word, [
      { role: 'value', text: String(u.value) },
      { role: 'unit', text: '%' },
    ]),
    state,
    ...(why ? { why } : {}),
    value: u.value,
    valueText: `${u.value}%`,
    checks: u.checks,
    ...(u.error ? { error: u.error } : {}),
  };
}

/** Percentage thresholds are clamped to 1–100 when read, as the original bar does (documented range 1–100). */
export const clampPercent = (v: number | undefined): number | undefined => (v === undefined ? undefined : Math.min(100, Math.max(1, v)));
