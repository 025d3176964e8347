/** Memory widget: used memory percentage. */
import type * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { usageConfig } from '../src/config/schema/widget-fields.js';

export const memoryConfig = once(usageConfig);
export type MemoryConfig = z.output<ReturnType<typeof memoryConfig>>;
