/**
 * What every widget shows right now, by section: the system widgets from their sources' statuses, the
 * clocks from the instant, the launcher from its config, the Tiler from the window manager's state.
 * Keyboard and Media have no source in a terminal and show nothing.
 */
import type { BarModel } from '../config/model.js';
import type { Statuses } from '../thresholds/report.js';
import type { ClockReading } from '../time/clock.js';
import type { SectionName, WidgetUnits } from '../render/layout.js';
import { applicationsView } from '../../widgets/applications.js';
import { dateView } from '../../widgets/date.js';
import { timeView } from '../../widgets/time.js';
import { tilerView, type TilerViewOptions } from '../../widgets/tiler-view.js';
import type { TilerState } from '../tiler/state.js';
import { SYSTEM_WIDGET_KINDS, systemWidgets } from './system-widgets.js';

export interface BarState {
  statuses: Statuses;
  clock: ClockReading;
  /** The window manager's state for the Tiler widgets; undefined = not connected. */
  tiler?: TilerState;
  tilerOptions?: TilerViewOptions;
}

export function composeSections(model: BarModel, state: BarState, rows: number, version: string): Record<SectionName, WidgetUnits[]> {
  const system = new Map(systemWidgets(model, version).map((w) => [w.position, w]));
  const section = (name: SectionName, widgets: BarModel['left']): WidgetUnits[] =>
    widgets.flatMap((w, i): WidgetUnits[] => {
      const position = `${name}[${i}]`;
      if (w.kind !== 'Tiler' && (!('enable' in w.config) || !w.config.enable)) return [];
      if ((SYSTEM_WIDGET_KINDS as readonly string[]).includes(w.kind)) {
        const instance = system.get(position);
        return instance ? [{ position, kind: w.kind, units: instance.view(state.statuses[instance.source] ?? {}) }] : [];
      }
      switch (w.kind) {
        case 'Date':
          return [{ position, kind: w.kind, units: dateView(w.config, state.clock, model.variant) }];
        case 'Time':
          return [{ position, kind: w.kind, units: timeView(w.config, state.clock, rows) }];
        case 'Applications':
          return [{ position, kind: w.kind, units: applicationsView(w.config) }];
        case 'Tiler':
          return [{ position, kind: w.kind, units: tilerView(w.config, state.tiler, state.tilerOptions) }];
        default:
          return [];
      }
    });
  return { left: section('left', model.left), center: section('center', model.center), right: section('right', model.right) };
}
