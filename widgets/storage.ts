/** Storage widget: one unit per mounted disk with its used percentage. */
import * as z from 'zod';
import { STORAGE_DISPLAY_NAMES } from '../src/config/vocabulary.js';
import { names, percent, once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';

export const storageConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** A disk is hidden when its used percentage is at or under this value. */
    auto_hide_under: percent().optional(),
    /** A disk is selected when its used percentage is at or over this value. */
    auto_select_over: percent().optional(),
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
    show_read_only_disks: z.boolean().default(false),
    show_removable_disks: z.boolean().default(true),
    /** Newer than the spec (the original's HEAD); accepted so that current files load. */
    storage_display_name: names('a storage display name', STORAGE_DISPLAY_NAMES).default('Mount'),
  }));
export type StorageConfig = z.output<ReturnType<typeof storageConfig>>;
