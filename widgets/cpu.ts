/** CPU widget: global CPU load percentage. */
import type * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { usageConfig } from '../src/config/schema/widget-fields.js';
import type { CpuReading } from '../src/system/readings.js';
import { checkRule, checksOf } from '../src/thresholds/rules.js';
import { percentUnit } from './percent-unit.js';
import type { SourceStatus, UnitView } from './view.js';

export const cpuConfig = once(usageConfig);
export type CpuConfig = z.output<ReturnType<typeof cpuConfig>>;

/** The whole-number load the rules compare (truncated, as the original shows it). */
export const cpuValue = (r: CpuReading) => Math.trunc(r.percent);

export function cpuView(config: CpuConfig, status: SourceStatus<CpuReading>): UnitView[] {
  const value = status.reading ? cpuValue(status.reading) : undefined;
  const checks = value === undefined ? [] : checksOf(checkRule('cpuSelect', value, config.auto_select_over));
  return [percentUnit({ id: 'cpu', name: 'Cpu', prefix: config.label_prefix, icon: 'CPU', word: 'CPU: ', value, checks, error: status.error })];
}
