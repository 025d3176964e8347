/** What the Keyboard widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'The keyboard layout in use (variant A, Windows).',
  fields: {
    data_refresh_interval: 'Seconds between two readings of the layout; 0 reads at every tick of the clock (each second).',
  },
};
