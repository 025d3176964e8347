/** Update widget: tells when a newer tilebar is published. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const updateSchema = (k: SchemaKit) =>
  k.z.strictObject({
    enable: k.enable(),
    /** Hours between checks. */
    data_refresh_interval: k.refreshInterval(12),
    label_prefix: k.prefix('IconAndText'),
  });
export type UpdateConfig = z.output<ReturnType<typeof updateSchema>>;
