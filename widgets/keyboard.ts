/** Keyboard widget (variant A): the active keyboard layout. */
import * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

export const keyboardConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** Seconds (the spec leaves the unit open; the original uses seconds). */
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
  }));
export type KeyboardConfig = z.output<ReturnType<typeof keyboardConfig>>;
