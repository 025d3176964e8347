/** CPU widget: global CPU load percentage. The view: no schema, so drawing the bar never loads zod. */
import type { CpuReading } from '../../src/system/readings.js';
import { checkRule, checksOf } from '../../src/thresholds/rules.js';
import type { CpuConfig } from './schema.js';
import { CPU_SELECT } from './rules.js';
import { percentUnit } from '../percent-unit.js';
import type { SourceStatus, UnitView } from '../view.js';

/** The whole-number load the rules compare (truncated, as the original shows it). */
export const cpuValue = (r: CpuReading) => Math.trunc(r.percent);

export function cpuView(config: CpuConfig, status: SourceStatus<CpuReading>): UnitView[] {
  const value = status.reading ? cpuValue(status.reading) : undefined;
  const checks = value === undefined ? [] : checksOf(checkRule(CPU_SELECT, value, config.auto_select_over));
  return [percentUnit({ id: 'cpu', name: 'Cpu', prefix: config.label_prefix, icon: 'CPU', word: 'CPU: ', value, checks, error: status.error })];
}
