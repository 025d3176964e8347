/** The Update kind: whether a newer tilebar is published, polled (hours apart) from the `update` source. */
import type { UpdateReading } from '../../src/system/readings.js';
import { NOT_PUBLISHED } from '../../src/system/update-check.js';
import { publication } from '../../src/publication.js';
import { defineKind, statusOf } from '../kind.js';
import { updateSchema, type UpdateConfig } from './schema.js';
import { updateView } from './view.js';

export const update = defineKind<UpdateConfig>({
  name: 'Update',
  variants: ['A', 'B'],
  schema: updateSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  // Its interval is in hours; the registry's answer can wait (10 s).
  poll: { source: 'update', timeoutMs: 10_000, intervalMs: (c) => c.data_refresh_interval * 3_600_000 },
  // Said by `check` at the widget; `thresholds` and the bar say it as the reading's problem (update-check.ts).
  unavailable: async () => (publication() ? undefined : NOT_PUBLISHED),
  view: (config, ctx) => updateView(config, statusOf<UpdateReading>(ctx, 'update'), ctx.version),
  inputs: (_, ctx) => [ctx.statuses.update],
  simulation: {
    keys: ['update'],
    hint: 'update=VERSION',
    set(r, key, value) {
      if (key.toLowerCase() !== 'update') return false;
      r.update = { latest: value.replace(/^v/, '') } satisfies UpdateReading;
      return true;
    },
  },
});
