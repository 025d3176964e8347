/** What the Battery widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'The battery\'s charge in percent and whether it is charging, over all the machine\'s batteries.',
  fields: {
    auto_select_under: { description: 'Highlights the widget when the charge falls to this percentage or below (1–100 percent).', examples: [20] },
    data_refresh_interval: 'Seconds between two readings of the battery; 0 reads at every tick of the clock (each second).',
    hide_on_full_charge: 'Hide the widget while the battery is full.',
  },
};
