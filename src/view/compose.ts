/**
 * What every widget shows right now, by section: each widget's kind makes its units from the moment's
 * snapshot (its source's status, the instant, the window manager's state, the media and keyboard statuses).
 */
import type { BarModel } from '../config/model.js';
import type { Statuses } from '../bar/threshold-report.js';
import type { ClockReading } from '../time/clock.js';
import type { IconSet } from '../render/icons.js';
import type { SectionName, WidgetUnits } from '../render/bar-types.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import { widgetEnabled, type ViewContext } from '../../widgets/kind.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import type { UnitView } from '../../widgets/view.js';
import type { TilerState } from '../tiler/state.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaStatus } from '../media/player.js';

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
 * clocks — and the layout, keyed by these same unit objects, reuses everything else (see LayoutCache, and
 * there what the two save a tick). Each kind says what its view reads (`WidgetKind.inputs`).
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

export function composeSections(model: BarModel, state: BarState, rows: number, version: string, widgets: WidgetRegistry, cache = new ComposeCache(), icons: IconSet = 'unicode'): Record<SectionName, WidgetUnits[]> {
  const ctx: ViewContext = { ...state, rows, variant: model.variant, version, icons };
  const seen = new Set<string>();
  const section = (name: SectionName, list: BarModel['left']): WidgetUnits[] =>
    list.flatMap((w, i): WidgetUnits[] => {
      const kind = widgets.kind(w.kind);
      if (!kind) return [];
      if (!widgetEnabled(kind, w.config)) return [];
      const position = `${name}[${i}]`;
      const firstOfKind = !seen.has(kind.name);
      seen.add(kind.name);
      // Each kind says what its view reads: its units are made again only when one of those changed (a widget's
      // place changes only with the model, which starts a new cache).
      return [{ position, kind: kind.name, units: cache.units(position, kind.inputs(w.config, ctx, position), () => kind.view(w.config, ctx, { position, firstOfKind })) }];
    });
  return { left: section('left', model.left), center: section('center', model.center), right: section('right', model.right) };
}
