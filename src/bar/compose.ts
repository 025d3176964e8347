/**
 * What every widget shows right now, by section: the system widgets from their sources' statuses, the
 * clocks from the instant, the launcher from its config, the Tiler from the window manager's state.
 * Media and Keyboard from their event sources' latest status (hidden until their first answer).
 */
import type { BarModel } from '../config/model.js';
import type { Statuses } from '../thresholds/report.js';
import type { ClockReading } from '../time/clock.js';
import type { IconSet } from '../render/icons.js';
import type { SectionName, WidgetUnits } from '../render/bar-types.js';
import { applicationsView } from '../../widgets/applications-view.js';
import { dateView } from '../../widgets/date-view.js';
import { timeView } from '../../widgets/time-view.js';
import { tilerView, type TilerViewOptions } from '../../widgets/tiler-view.js';
import type { UnitView } from '../../widgets/view.js';
import type { TilerState } from '../tiler/state.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaStatus } from '../media/player.js';
import { keyboardView } from '../../widgets/keyboard-view.js';
import { mediaView } from '../../widgets/media-view.js';
import { SYSTEM_WIDGET_KINDS, systemWidgets, type SystemWidget } from './system-widgets.js';
import { clockWidgets } from './clock-widgets.js';

export interface BarState {
  statuses: Statuses;
  clock: ClockReading;
  /** The window manager's state for the Tiler widgets; undefined = not connected. */
  tiler?: TilerState;
  tilerOptions?: TilerViewOptions;
  media?: MediaStatus;
  keyboard?: KeyboardStatus;
}

/**
 * Remembers each widget's units while what they are made from is unchanged (a source's status object, the
 * second on the clock, the window manager's state), so a frame where only the time moved rebuilds only the
 * clocks — and the layout, keyed by these same unit objects, reuses everything else (see LayoutCache).
 */
export class ComposeCache {
  private readonly memo = new Map<string, { inputs: readonly unknown[]; units: UnitView[] }>();

  units(position: string, inputs: readonly unknown[], make: () => UnitView[]): UnitView[] {
    const hit = this.memo.get(position);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((v, i) => Object.is(v, inputs[i]))) return hit.units;
    const units = make();
    this.memo.set(position, { inputs, units });
    return units;
  }
}

/** The system widget instances of a model, made once per model (not per frame). */
const instancesOf = new WeakMap<BarModel, Map<string, SystemWidget>>();
/** How often each clock's text can change (a second, or a minute), by position, once per model. */
const clockStepsOf = new WeakMap<BarModel, Map<string, number>>();

export function composeSections(model: BarModel, state: BarState, rows: number, version: string, cache = new ComposeCache(), icons: IconSet = 'unicode'): Record<SectionName, WidgetUnits[]> {
  let system = instancesOf.get(model);
  if (!system) {
    system = new Map(systemWidgets(model, version).map((w) => [w.position, w]));
    instancesOf.set(model, system);
  }
  let steps = clockStepsOf.get(model);
  if (!steps) {
    steps = new Map(clockWidgets(model, model.variant).map((c) => [c.position, c.everyMs]));
    clockStepsOf.set(model, steps);
  }
  const second = Math.floor(state.clock.epochMs / 1000);
  // A clock is formatted again only when its second or minute changes: a date shown all day costs one
  // formatting a minute, not one a second.
  const slot = (position: string) => Math.floor(state.clock.epochMs / (steps.get(position) ?? 1000));
  const section = (name: SectionName, widgets: BarModel['left']): WidgetUnits[] =>
    widgets.flatMap((w, i): WidgetUnits[] => {
      const position = `${name}[${i}]`;
      if (w.kind !== 'Tiler' && (!('enable' in w.config) || !w.config.enable)) return [];
      if ((SYSTEM_WIDGET_KINDS as readonly string[]).includes(w.kind)) {
        const instance = system.get(position);
        if (!instance) return [];
        const status = state.statuses[instance.source];
        return [{ position, kind: w.kind, units: cache.units(position, [status], () => instance.view(status ?? {})) }];
      }
      switch (w.kind) {
        case 'Date':
          return [{ position, kind: w.kind, units: cache.units(position, [slot(position), state.clock.systemZone], () => dateView(w.config, state.clock, model.variant)) }];
        case 'Time':
          return [{ position, kind: w.kind, units: cache.units(position, [slot(position), state.clock.systemZone, rows], () => timeView(w.config, state.clock, rows)) }];
        case 'Applications':
          return [{ position, kind: w.kind, units: cache.units(position, [], () => applicationsView(w.config, icons === 'nerd')) }];
        case 'Tiler':
          return [{ position, kind: w.kind, units: cache.units(position, [state.tiler, state.tilerOptions?.pickerOpen, state.tilerOptions?.noManager, state.tilerOptions?.down, Math.floor(second / 10)], () => tilerView(w.config, state.tiler, state.tilerOptions)) }];
        case 'Media':
          return [{ position, kind: w.kind, units: cache.units(position, [state.media], () => mediaView(w.config, state.media)) }];
        case 'Keyboard':
          return [{ position, kind: w.kind, units: cache.units(position, [state.keyboard], () => keyboardView(w.config, state.keyboard)) }];
        default:
          return [];
      }
    });
  return { left: section('left', model.left), center: section('center', model.center), right: section('right', model.right) };
}
