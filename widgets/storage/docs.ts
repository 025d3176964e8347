/** What the Storage widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'One entry per mounted disk, with the share of it in use, in percent.',
  fields: {
    auto_hide_under: { description: 'Hides a disk whose use is at or under this percentage (1–100 percent).', examples: [10] },
    auto_select_over: { description: 'Highlights a disk whose use reaches this percentage (1–100 percent).', examples: [90] },
    data_refresh_interval: 'Seconds between two readings of the disks; 0 reads at every tick of the clock (each second).',
    show_read_only_disks: 'Show disks mounted read-only too.',
    show_removable_disks: 'Show removable disks (USB sticks, card readers) too.',
    storage_display_name: {
      description: 'How each disk is named.',
      values: {
        Mount: 'Where it is mounted, as / or /home.',
        Name: 'Its device name, as nvme0n1p2.',
        MountAndName: 'Where it is mounted, then its device name.',
        NameAndMount: 'Its device name, then where it is mounted.',
      },
    },
  },
};
