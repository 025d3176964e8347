/** Fields most widget configurations share. */
import * as z from 'zod';
import { u64 } from '../schema-kit.js';
import { labelPrefix, type LabelPrefix } from './common.js';

export const enable = () => z.boolean();

/** Seconds between polls (hours for Update); 0 means every clock tick (1 s). */
export const refreshInterval = (defaultValue: number) => u64().default(defaultValue);

/** The spec leaves label_prefix defaults open; these are the original bar's per-widget defaults. */
export const prefix = (defaultValue: LabelPrefix) => labelPrefix().default(defaultValue);
