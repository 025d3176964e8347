/** Network widget: totals, activity rates and the default interface. */
import * as z from 'zod';
import { u64, uint, withMeta, once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

/** Byte thresholds; a part is selected when its value reaches its threshold. */
export const networkSelectConfig = once(() =>
  z.strictObject({
    received_over: u64().optional(),
    total_received_over: u64().optional(),
    total_transmitted_over: u64().optional(),
    transmitted_over: u64().optional(),
  }));

export const networkConfig = once(() =>
  withMeta(
    z.strictObject({
      enable: enable(),
      show_activity: withMeta(z.boolean(), { fill: false }),
      show_total_activity: withMeta(z.boolean(), { fill: false }),
      /** Characters reserved for the rate value so the label keeps its width (more than a row holds is an error). */
      activity_left_padding: uint().max(1000).default(0),
      auto_select: networkSelectConfig().optional(),
      data_refresh_interval: refreshInterval(10),
      label_prefix: prefix('Icon'),
      show_default_interface: z.boolean().default(true),
    }),
    {
      keyAliases: {
        show_network_activity: 'show_activity',
        show_total_data_transmitted: 'show_total_activity',
        network_activity_fill_characters: 'activity_left_padding',
      },
    },
  ));
export type NetworkConfig = z.output<ReturnType<typeof networkConfig>>;
