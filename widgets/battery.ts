/** Battery widget: charge percentage and state, over all of the machine's batteries. */
import * as z from 'zod';
import { percent, once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

export const batteryConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** Selected when the charge is at or under this percentage. */
    auto_select_under: percent().optional(),
    data_refresh_interval: refreshInterval(10),
    hide_on_full_charge: z.boolean().default(false),
    label_prefix: prefix('Icon'),
  }));
export type BatteryConfig = z.output<ReturnType<typeof batteryConfig>>;
