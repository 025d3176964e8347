/** What the Update widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'Tells you when a newer tilebar is published.',
  fields: {
    data_refresh_interval: { description: 'Hours between two checks for a newer version; 0 checks at every tick of the clock.', examples: [12, 24] },
  },
};
