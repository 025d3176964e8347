/** What the Memory widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'The memory in use, in percent of the machine\'s memory.',
  fields: {
    auto_select_over: { description: 'Highlights the widget when the memory in use reaches this percentage (1–100 percent).', examples: [90] },
    data_refresh_interval: 'Seconds between two readings of the memory; 0 reads at every tick of the clock (each second).',
  },
};
