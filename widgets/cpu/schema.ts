/** CPU widget: global CPU load percentage. Its schema, built from the kit the config core hands it. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const cpuSchema = (k: SchemaKit) => k.usageConfig();
export type CpuConfig = z.output<ReturnType<typeof cpuSchema>>;
