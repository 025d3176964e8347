/** Storage widget: one unit per mounted disk with its used percentage. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { STORAGE_DISPLAY_NAMES } from './formats.js';

export const storageSchema = (k: SchemaKit) =>
  k.z.strictObject({
    enable: k.enable(),
    /** A disk is hidden when its used percentage is at or under this value. */
    auto_hide_under: k.percent().optional(),
    /** A disk is selected when its used percentage is at or over this value. */
    auto_select_over: k.percent().optional(),
    data_refresh_interval: k.refreshInterval(10),
    label_prefix: k.prefix('IconAndText'),
    show_read_only_disks: k.z.boolean().default(false),
    show_removable_disks: k.z.boolean().default(true),
    /** Newer than the spec (the original's HEAD); accepted so that current files load. */
    storage_display_name: k.names('a storage display name', STORAGE_DISPLAY_NAMES).default('Mount'),
  });
export type StorageConfig = z.output<ReturnType<typeof storageSchema>>;
