/** What the Network widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

const over = (what: string) => ({ description: `Highlights ${what} when it reaches this many bytes (1 MiB is 1048576).`, examples: [1048576] });

export const docs: KindDocs = {
  description: 'The network: how fast data comes and goes, the totals since start-up, and the interface in use.',
  fields: {
    show_activity: 'Show how fast data is received and sent, per second.',
    show_total_activity: 'Show the totals received and sent since the machine started.',
    activity_left_padding: 'Characters kept for each rate, so the widget keeps its width as the numbers change.',
    auto_select: 'Byte thresholds that highlight a part of the widget.',
    'auto_select.received_over': over('the receive rate (bytes per second)'),
    'auto_select.transmitted_over': over('the send rate (bytes per second)'),
    'auto_select.total_received_over': over('the total received'),
    'auto_select.total_transmitted_over': over('the total sent'),
    data_refresh_interval: 'Seconds between two readings of the network; 0 reads at every tick of the clock (each second).',
    show_default_interface: 'Show the name of the interface the default route goes through.',
  },
};
