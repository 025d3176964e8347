/** Keyboard widget (variant A): the active keyboard layout. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const keyboardSchema = (k: SchemaKit) =>
  k.z.strictObject({
    enable: k.enable(),
    data_refresh_interval: k.refreshInterval(10),
    label_prefix: k.prefix('IconAndText'),
  });
export type KeyboardConfig = z.output<ReturnType<typeof keyboardSchema>>;
