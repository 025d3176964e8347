/**
 * The clock widgets (Date and Time) as instances, ticked by the scheduler's heartbeat, which fires on every whole
 * wall-clock second (re-aligned each time, so it never drifts). The bar redraws when a clock crosses its
 * boundary — every second for formats with seconds, on the minute otherwise — and the frame writer then
 * writes only rows whose text changed.
 */
import { widgetEnabled } from '../../widgets/kind.js';
import type { BarModel } from '../config/model.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import { placedWidgets } from '../config/positions.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

export interface ClockWidget {
  position: string;
  kind: string;
  enabled: boolean;
  /** How often its text can change: 1 s for formats with seconds, else a minute (icons and zones move on minutes). */
  everyMs: number;
}

/** The widgets whose kind moves with the clock (`WidgetKind.clockStepMs`). */
export function clockWidgets(model: Pick<BarModel, 'left' | 'center' | 'right'>, widgets: WidgetRegistry): ClockWidget[] {
  return placedWidgets(model).flatMap(({ position, widget }): ClockWidget[] => {
    const kind = widgets.kind(widget.kind);
    if (!kind?.clockStepMs) return [];
    const enabled = widgetEnabled(kind, widget.config);
    return [{ position, kind: kind.name, enabled, everyMs: kind.clockStepMs(widget.config) }];
  });
}

/**
 * On each heartbeat, tell whether some clock crossed its boundary (a second, or a minute), without
 * formatting anything; the frame then formats each clock once.
 */
export function subscribeClockBoundaries(scheduler: Scheduler, clocks: readonly ClockWidget[], onBoundary: (wallTime: number) => void): () => void {
  const enabled = clocks.filter((c) => c.enabled);
  const last = new Map<ClockWidget, number>();
  return scheduler.onTick((wallTime) => {
    let crossed = false;
    for (const c of enabled) {
      const slot = Math.floor(wallTime / c.everyMs);
      if (last.get(c) !== slot) {
        last.set(c, slot);
        crossed = true;
      }
    }
    if (crossed) onBoundary(wallTime);
  });
}
