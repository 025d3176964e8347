/** Storage widget's view: one unit per mounted disk with its used percentage. No schema here (no zod). */
import { MAX_DISKS, type Disk, type DisksReading } from '../../src/system/readings.js';
import { checkRule, checksOf } from '../../src/thresholds/rules.js';
import { WAITING } from '../percent-unit.js';
import { STORAGE_HIDE, STORAGE_SELECT } from './rules.js';
import type { StorageConfig } from './schema.js';
import { decide, prefixed, showsText, type SourceStatus, type UnitView } from '../view.js';
import { STORAGE_DISPLAY_NAMES } from './formats.js';

export { STORAGE_DISPLAY_NAMES };


/** Used share as `df` computes it: used / (used + available), floored; root-reserved blocks count as neither. */
export function diskValue(d: Pick<Disk, 'usedBytes' | 'availableBytes'>): number {
  const usable = d.usedBytes + d.availableBytes;
  return usable > 0 ? Math.floor((d.usedBytes * 100) / usable) : 0;
}

function diskLabel(d: Disk, display: StorageConfig['storage_display_name']): string {
  switch (display) {
    case 'Mount':
      return d.mount;
    case 'Name':
      return d.name;
    // The original runs the two together without a space (`C:\Local Disk`).
    case 'MountAndName':
      return `${d.mount} ${d.name}`;
    case 'NameAndMount':
      return `${d.name} ${d.mount}`;
  }
}

export function storageView(config: StorageConfig, status: SourceStatus<DisksReading>): UnitView[] {
  const r = status.reading;
  if (!r) {
    return status.error
      ? [{ id: 'disk', name: 'Storage', segments: prefixed(config.label_prefix, 'HARD_DRIVES', '', [{ role: 'value', text: '?' }]), state: 'error', why: status.error, error: status.error, checks: [] }]
      : [{ id: 'disk', name: 'Storage', segments: [], state: 'hidden', why: WAITING, checks: [] }];
  }
  // Disks are ordered by mount point: stable, unlike the original's sort by label text. A reading with more than
  // MAX_DISKS shows the first ones and says how many it leaves out.
  const sorted = [...r.disks].sort((a, b) => (a.mount < b.mount ? -1 : a.mount > b.mount ? 1 : 0));
  const omitted = Math.max(0, sorted.length - MAX_DISKS) + (r.omitted ?? 0);
  const units = sorted.slice(0, MAX_DISKS).map((d): UnitView => {
      const base = { id: `disk:${d.mount}`, name: `Storage ${d.mount}` };
      if (d.readOnly && !config.show_read_only_disks) return { ...base, segments: [], state: 'hidden', why: 'read-only (show_read_only_disks is false)', checks: [] };
      if (d.removable && !config.show_removable_disks) return { ...base, segments: [], state: 'hidden', why: 'removable (show_removable_disks is false)', checks: [] };
      const value = diskValue(d);
      const checks = checksOf(checkRule(STORAGE_HIDE, value, config.auto_hide_under), checkRule(STORAGE_SELECT, value, config.auto_select_over));
      const error = status.error ?? (d.unresponsive ? `${d.mount} is not answering (a dead network mount?); showing the last known size` : undefined);
      const { state, why } = decide(checks, error);
      const label = showsText(config.label_prefix) ? [{ role: 'label', text: `${diskLabel(d, config.storage_display_name)} ` } as const] : [];
      return {
        ...base,
        segments: prefixed(config.label_prefix, 'HARD_DRIVES', '', [...label, { role: 'value', text: String(value) }, { role: 'unit', text: '%' }]),
        state,
        ...(why ? { why } : {}),
        value,
        valueText: `${value}%`,
        checks,
        ...(error ? { error } : {}),
      };
    });
  if (omitted > 0) {
    units.push({ id: 'disk:more', name: 'Storage (more)', segments: [{ role: 'text', text: `+${omitted} more`, tone: 'dim' }], state: 'normal', why: `${omitted} more disks than the ${MAX_DISKS} shown`, checks: [] });
  }
  return units;
}
