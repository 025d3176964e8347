/** The Memory kind: the share of memory in use, polled from the `memory` source. */
import type { MemoryReading } from '../../src/system/readings.js';
import { percentOf } from '../../src/thresholds/simulate.js';
import { defineKind, everySeconds, statusOf } from '../kind.js';
import { clampPercent } from '../percent-unit.js';
import { MEMORY_SELECT } from './rules.js';
import { memorySchema, type MemoryConfig } from './schema.js';
import { memoryView } from './view.js';

export const memory = defineKind<MemoryConfig>({
  name: 'Memory',
  variants: ['A', 'B'],
  schema: memorySchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: (c) => ({ ...c, auto_select_over: clampPercent(c.auto_select_over) }),
  poll: { source: 'memory', timeoutMs: 5_000, intervalMs: everySeconds },
  view: (config, ctx) => memoryView(config, statusOf<MemoryReading>(ctx, 'memory')),
  inputs: (_, ctx) => [ctx.statuses.memory],
  rules: [MEMORY_SELECT],
  simulation: {
    keys: ['memory'],
    hint: 'memory=N',
    set(r, key, value) {
      const lower = key.toLowerCase();
      if (lower !== 'memory' && lower !== 'ram') return false;
      r.memory = { totalBytes: 100 * 1024 ** 3, usedBytes: percentOf(key, value) * 1024 ** 3 } satisfies MemoryReading;
      return true;
    },
  },
});
