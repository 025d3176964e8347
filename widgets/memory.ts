/** Memory widget: used memory percentage. */
import type * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { usageConfig } from '../src/config/schema/widget-fields.js';
import type { MemoryReading } from '../src/system/readings.js';
import { checkRule, checksOf } from '../src/thresholds/rules.js';
import { percentUnit } from './percent-unit.js';
import type { SourceStatus, UnitView } from './view.js';

export const memoryConfig = once(usageConfig);
export type MemoryConfig = z.output<ReturnType<typeof memoryConfig>>;

/** used × 100 / total, floored. */
export const memoryValue = (r: MemoryReading) => (r.totalBytes > 0 ? Math.floor((r.usedBytes * 100) / r.totalBytes) : 0);

export function memoryView(config: MemoryConfig, status: SourceStatus<MemoryReading>): UnitView[] {
  const value = status.reading ? memoryValue(status.reading) : undefined;
  const checks = value === undefined ? [] : checksOf(checkRule('memorySelect', value, config.auto_select_over));
  return [percentUnit({ id: 'memory', name: 'Memory', prefix: config.label_prefix, icon: 'MEMORY', word: 'RAM: ', value, checks, error: status.error })];
}
