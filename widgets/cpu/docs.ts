/** What the Cpu widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'The CPU load: how busy the processors are, in percent.',
  fields: {
    auto_select_over: { description: 'Highlights the widget when the CPU load reaches this percentage (1–100 percent).', examples: [80] },
    data_refresh_interval: 'Seconds between two readings of the CPU load; 0 reads at every tick of the clock (each second).',
  },
};
