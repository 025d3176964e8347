/**
 * The bar's system widgets as instances: where each sits, which source it reads, how often, and its view.
 * The bar, `tilebar thresholds` and `--watch` all start from this list.
 */
import type { BarModel, WidgetModel } from '../config/model.js';
import type { Readings, SourceKey } from '../system/readings.js';
import { placedWidgets } from './positions.js';
import { batteryView } from '../../widgets/battery-view.js';
import { cpuView } from '../../widgets/cpu-view.js';
import { memoryView } from '../../widgets/memory-view.js';
import { networkView } from '../../widgets/network-view.js';
import { storageView } from '../../widgets/storage-view.js';
import { updateView } from '../../widgets/update-view.js';
import type { SourceStatus, UnitView } from '../../widgets/view.js';

export const SYSTEM_WIDGET_KINDS = ['Battery', 'Cpu', 'Memory', 'Network', 'Storage', 'Update'] as const;
export type SystemWidgetKind = (typeof SYSTEM_WIDGET_KINDS)[number];

export const SOURCE_OF: Readonly<Record<SystemWidgetKind, SourceKey>> = {
  Battery: 'battery',
  Cpu: 'cpu',
  Memory: 'memory',
  Network: 'network',
  Storage: 'disks',
  Update: 'update',
};

/** How long one poll of a source may take. Disks also bound each mount separately (1 s). */
export const SOURCE_TIMEOUT_MS: Readonly<Record<SourceKey, number>> = {
  cpu: 5_000,
  memory: 5_000,
  network: 5_000,
  disks: 5_000,
  battery: 5_000,
  update: 10_000,
};

export interface SystemWidget {
  /** `right[2]`: the list and index in the config. */
  position: string;
  kind: SystemWidgetKind;
  enabled: boolean;
  /** The widget's normalised config (thresholds are read from it). */
  config: Readonly<Record<string, unknown>>;
  source: SourceKey;
  /** 0 = every heartbeat (1 s). */
  intervalMs: number;
  view(status: SourceStatus<Readings[SourceKey]>): UnitView[];
}

type SystemModel = Extract<WidgetModel, { kind: SystemWidgetKind }>;
const isSystem = (w: WidgetModel): w is SystemModel => (SYSTEM_WIDGET_KINDS as readonly string[]).includes(w.kind);

export function systemWidgets(model: Pick<BarModel, 'left' | 'center' | 'right'>, currentVersion: string): SystemWidget[] {
  return placedWidgets(model).flatMap(({ position, widget }) => (isSystem(widget) ? [instance(position, widget, currentVersion)] : []));
}

function instance(position: string, w: SystemModel, currentVersion: string): SystemWidget {
  // data_refresh_interval is in seconds, for Update in hours.
  const unitMs = w.kind === 'Update' ? 3_600_000 : 1000;
  const common = { position, kind: w.kind, enabled: w.config.enable, config: w.config as Readonly<Record<string, unknown>>, source: SOURCE_OF[w.kind], intervalMs: w.config.data_refresh_interval * unitMs };
  const view = (status: SourceStatus<Readings[SourceKey]>): UnitView[] => {
    switch (w.kind) {
      case 'Battery':
        return batteryView(w.config, status as SourceStatus<Readings['battery']>);
      case 'Cpu':
        return cpuView(w.config, status as SourceStatus<Readings['cpu']>);
      case 'Memory':
        return memoryView(w.config, status as SourceStatus<Readings['memory']>);
      case 'Network':
        return networkView(w.config, status as SourceStatus<Readings['network']>);
      case 'Storage':
        return storageView(w.config, status as SourceStatus<Readings['disks']>);
      case 'Update':
        return updateView(w.config, status as SourceStatus<Readings['update']>, currentVersion);
    }
  };
  return { ...common, view };
}
