/** Battery widget's view: one level over all batteries, its icon and the unit. No schema here (no zod). */
import type { BatteryReading, BatteryState } from '../../src/system/readings.js';
import { checkRule, checksOf } from '../../src/thresholds/rules.js';
import { BATTERY_SELECT } from './rules.js';
import type { BatteryConfig } from './schema.js';
import type { IconName } from '../icons.js';
import { percentUnit } from '../percent-unit.js';
import type { SourceStatus, UnitView } from '../view.js';

export interface BatteryLevel {
  percent: number;
  state: BatteryState;
}

/**
 * All batteries as one: charge weighted by capacity when every battery reports it (a 20 Wh and a 60 Wh
 * battery at 100 % and 0 % make 25 %, not 50 %), else the mean; charging if any charges.
 */
export function batteryLevel(r: BatteryReading): BatteryLevel | undefined {
  const bs = r.batteries;
  if (bs.length === 0) return undefined;
  const weighed = bs.every((b) => b.now !== undefined && b.full !== undefined && b.full > 0);
  const exact = weighed
    ? (bs.reduce((s, b) => s + (b.now ?? 0), 0) * 100) / bs.reduce((s, b) => s + (b.full ?? 0), 0)
    : bs.reduce((s, b) => s + b.percent, 0) / bs.length;
  const states = bs.map((b) => b.state);
  const state: BatteryState = states.includes('charging')
    ? 'charging'
    : states.includes('discharging')
      ? 'discharging'
      : states.every((s) => s === 'full')
        ? 'full'
        : (states[0] ?? 'unknown');
  return { percent: Math.max(0, Math.min(100, Math.round(exact))), state };
}

/** Charging shows the plug; otherwise the level picks the icon (the original keeps a stale icon when full). */
export function batteryIcon({ percent, state }: BatteryLevel): IconName {
  if (state === 'charging') return 'BATTERY_CHARGING';
  if (state === 'full' || percent > 75) return 'BATTERY_FULL';
  if (percent > 50) return 'BATTERY_HIGH';
  if (percent > 25) return 'BATTERY_MEDIUM';
  if (percent > 10) return 'BATTERY_LOW';
  return 'BATTERY_WARNING';
}

export function batteryView(config: BatteryConfig, status: SourceStatus<BatteryReading>): UnitView[] {
  const level = status.reading ? batteryLevel(status.reading) : undefined;
  if (status.reading && !level && !status.error) {
    return [{ id: 'battery', name: 'Battery', segments: [], state: 'hidden', why: 'no battery', checks: [] }];
  }
  const checks = level ? checksOf(checkRule(BATTERY_SELECT, level.percent, config.auto_select_under)) : [];
  const unit = percentUnit({
    id: 'battery',
    name: 'Battery',
    prefix: config.label_prefix,
    icon: level ? batteryIcon(level) : 'BATTERY_WARNING',
    word: 'BAT: ',
    value: level?.percent,
    checks,
    error: status.error,
  });
  if (level && config.hide_on_full_charge && level.percent === 100 && unit.state !== 'error') {
    return [{ ...unit, state: 'hidden', why: '100% and hide_on_full_charge' }];
  }
  return [level ? { ...unit, valueText: `${level.percent}% ${level.state}` } : unit];
}
