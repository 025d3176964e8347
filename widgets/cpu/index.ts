/** The Cpu kind: global CPU load, polled from the `cpu` source. */
import type { CpuReading } from '../../src/system/readings.js';
import { percentOf } from '../../src/thresholds/simulate.js';
import { defineKind, everySeconds, statusOf } from '../kind.js';
import { clampPercent } from '../percent-unit.js';
import { CPU_SELECT } from './rules.js';
import { cpuSchema, type CpuConfig } from './schema.js';
import { cpuView } from './view.js';

export const cpu = defineKind<CpuConfig>({
  name: 'Cpu',
  variants: ['A', 'B'],
  schema: cpuSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: (c) => ({ ...c, auto_select_over: clampPercent(c.auto_select_over) }),
  poll: { source: 'cpu', timeoutMs: 5_000, intervalMs: everySeconds },
  view: (config, ctx) => cpuView(config, statusOf<CpuReading>(ctx, 'cpu')),
  inputs: (_, ctx) => [ctx.statuses.cpu],
  rules: [CPU_SELECT],
  simulation: {
    keys: ['cpu'],
    hint: 'cpu=N',
    set(r, key, value) {
      if (key.toLowerCase() !== 'cpu') return false;
      r.cpu = { percent: percentOf(key, value) } satisfies CpuReading;
      return true;
    },
  },
});
