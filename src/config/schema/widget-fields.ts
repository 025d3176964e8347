/** Fields most widget configurations share. */
import * as z from 'zod';
import { percent, u64 } from '../schema-kit.js';
import { labelPrefix, type LabelPrefix } from './common.js';

export const enable = () => z.boolean();

/** Seconds between polls (hours for Update); 0 means every clock tick (1 s). */
export const refreshInterval = (defaultValue: number) => u64().default(defaultValue);

/** The spec leaves label_prefix defaults open; these are the original bar's per-widget defaults. */
export const prefix = (defaultValue: LabelPrefix) => labelPrefix().default(defaultValue);

/** Cpu and Memory share the spec's four properties: a percentage selected at or over a threshold. */
export const usageConfig = () =>
  z.strictObject({
    enable: enable(),
    /** Selected when the percentage is at or over this value. */
    auto_select_over: percent().optional(),
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
  });
