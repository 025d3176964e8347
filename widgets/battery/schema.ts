/** Battery widget: charge percentage and state, over all of the machine's batteries. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const batterySchema = (k: SchemaKit) =>
  k.z.strictObject({
    enable: k.enable(),
    /** Selected when the charge is at or under this percentage. */
    auto_select_under: k.percent().optional(),
    data_refresh_interval: k.refreshInterval(10),
    hide_on_full_charge: k.z.boolean().default(false),
    label_prefix: k.prefix('Icon'),
  });
export type BatteryConfig = z.output<ReturnType<typeof batterySchema>>;
