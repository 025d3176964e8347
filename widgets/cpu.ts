/** CPU widget: global CPU load percentage. */
import type * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { usageConfig } from '../src/config/schema/widget-fields.js';

export const cpuConfig = once(usageConfig);
export type CpuConfig = z.output<ReturnType<typeof cpuConfig>>;
