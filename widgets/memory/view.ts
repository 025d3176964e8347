/** Memory widget: used memory percentage. The view: no schema, so drawing the bar never loads zod. */
import type { MemoryReading } from '../../src/system/readings.js';
import { checkRule, checksOf } from '../../src/thresholds/rules.js';
import type { MemoryConfig } from './schema.js';
import { MEMORY_SELECT } from './rules.js';
import { percentUnit } from '../percent-unit.js';
import type { SourceStatus, UnitView } from '../view.js';

/** used × 100 / total, floored. */
export const memoryValue = (r: MemoryReading) => (r.totalBytes > 0 ? Math.floor((r.usedBytes * 100) / r.totalBytes) : 0);

export function memoryView(config: MemoryConfig, status: SourceStatus<MemoryReading>): UnitView[] {
  const value = status.reading ? memoryValue(status.reading) : undefined;
  const checks = value === undefined ? [] : checksOf(checkRule(MEMORY_SELECT, value, config.auto_select_over));
  return [percentUnit({ id: 'memory', name: 'Memory', prefix: config.label_prefix, icon: 'MEMORY', word: 'RAM: ', value, checks, error: status.error })];
}
