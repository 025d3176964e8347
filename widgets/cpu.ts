/** CPU widget: global CPU load percentage. */
import * as z from 'zod';
import { percent, once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

export const cpuConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** Selected when the load is at or over this percentage. */
    auto_select_over: percent().optional(),
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
  }));
export type CpuConfig = z.output<ReturnType<typeof cpuConfig>>;
