/** Memory widget: the share of memory in use. Its schema, built from the kit the config core hands it. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';

export const memorySchema = (k: SchemaKit) => k.usageConfig();
export type MemoryConfig = z.output<ReturnType<typeof memorySchema>>;
