/** The Storage kind: one unit per mounted disk, polled from the `disks` source. */
import type { Disk, DisksReading } from '../../src/system/readings.js';
import { percentOf, SettingError } from '../../src/thresholds/simulate.js';
import { defineKind, everySeconds, statusOf } from '../kind.js';
import { clampPercent } from '../percent-unit.js';
import { STORAGE_HIDE, STORAGE_SELECT } from './rules.js';
import { storageSchema, type StorageConfig } from './schema.js';
import { storageView } from './view.js';

/** Simulated disks by mount while settings are read, so thousands of `storage.*` settings cost linear time. */
const simulatedDisks = new WeakMap<object, Map<string, Disk>>();

export const storage = defineKind<StorageConfig>({
  name: 'Storage',
  variants: ['A', 'B'],
  schema: storageSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: (c) => ({ ...c, auto_select_over: clampPercent(c.auto_select_over), auto_hide_under: clampPercent(c.auto_hide_under) }),
  poll: { source: 'disks', timeoutMs: 5_000, intervalMs: everySeconds },
  view: (config, ctx) => storageView(config, statusOf<DisksReading>(ctx, 'disks')),
  inputs: (_, ctx) => [ctx.statuses.disks],
  rules: [STORAGE_HIDE, STORAGE_SELECT],
  simulation: {
    keys: ['storage.<mount>'],
    hint: 'storage.<mount>=N',
    set(r, key, value) {
      const lower = key.toLowerCase();
      if (!lower.startsWith('storage.') && !lower.startsWith('disk.')) return false;
      const mount = key.slice(key.indexOf('.') + 1);
      if (!mount) throw new SettingError(`--set ${key}: name the mount point, e.g. storage./home=91`);
      const used = percentOf(key, value);
      let disks = simulatedDisks.get(r);
      if (!disks) simulatedDisks.set(r, (disks = new Map()));
      // Later settings of a mount win, and move it to the end, where it was last said.
      disks.delete(mount);
      disks.set(mount, { mount, name: mount, fsType: 'simulated', totalBytes: 100 * 1024 ** 3, usedBytes: used * 1024 ** 3, availableBytes: (100 - used) * 1024 ** 3, readOnly: false, removable: false });
      return true;
    },
    finish(r) {
      const disks = simulatedDisks.get(r);
      if (disks && disks.size > 0) r.disks = { disks: [...disks.values()] } satisfies DisksReading;
    },
  },
});
