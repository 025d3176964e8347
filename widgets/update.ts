/** Update widget: tells when a newer tilebar is published. */
import * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

export const updateConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** Hours between checks. */
    data_refresh_interval: refreshInterval(12),
    label_prefix: prefix('IconAndText'),
  }));
export type UpdateConfig = z.output<ReturnType<typeof updateConfig>>;
