/** Network widget: totals, activity rates and the default interface. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const networkSchema = (k: SchemaKit) =>
  k.withMeta(
    k.z.strictObject({
      enable: k.enable(),
      show_activity: k.withMeta(k.z.boolean(), { fill: false }),
      show_total_activity: k.withMeta(k.z.boolean(), { fill: false }),
      /** Characters reserved for the rate value so the label keeps its width (more than a row holds is an error). */
      activity_left_padding: k.uint().max(1000).default(0),
      /** Byte thresholds; a part is selected when its value reaches its threshold. */
      auto_select: k.z
        .strictObject({
          received_over: k.u64().optional(),
          total_received_over: k.u64().optional(),
          total_transmitted_over: k.u64().optional(),
          transmitted_over: k.u64().optional(),
        })
        .optional(),
      data_refresh_interval: k.refreshInterval(10),
      label_prefix: k.prefix('Icon'),
      show_default_interface: k.z.boolean().default(true),
    }),
    {
      keyAliases: {
        show_network_activity: 'show_activity',
        show_total_data_transmitted: 'show_total_activity',
        network_activity_fill_characters: 'activity_left_padding',
      },
    },
  );
export type NetworkConfig = z.output<ReturnType<typeof networkSchema>>;
