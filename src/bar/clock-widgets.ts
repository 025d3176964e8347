/**
 * The Date and Time widgets as instances, ticked by the scheduler's heartbeat, which fires on every whole
 * wall-clock second (re-aligned each time, so it never drifts). The bar redraws when a clock crosses its
 * boundary — every second for formats with seconds, on the minute otherwise — and the frame writer then
 * writes only rows whose text changed.
 */
import type { BarModel, WidgetModel } from '../config/model.js';
import type { Variant } from '../config/variant.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import { placedWidgets } from './positions.js';
import type { ClockReading } from '../time/clock.js';
import { clockResolution } from '../time/clock.js';
import { dateFormatOf, dateView } from '../../widgets/date-view.js';
import { timeFormatOf, timeView } from '../../widgets/time-view.js';
import type { UnitView } from '../../widgets/view.js';

export interface ClockWidget {
  position: string;
  kind: 'Date' | 'Time';
  enabled: boolean;
  /** How often its text can change: 1 s for formats with seconds, else a minute (icons and zones move on minutes). */
  everyMs: number;
  view(clock: ClockReading, rows: number): UnitView[];
}

type ClockModel = Extract<WidgetModel, { kind: 'Date' | 'Time' }>;

export function clockWidgets(model: Pick<BarModel, 'left' | 'center' | 'right'>, variant: Variant): ClockWidget[] {
  return placedWidgets(model).flatMap(({ position, widget }): ClockWidget[] => {
    if (widget.kind !== 'Date' && widget.kind !== 'Time') return [];
    const c = widget as ClockModel;
    const view =
      c.kind === 'Date'
        ? (clock: ClockReading) => dateView(c.config, clock, variant)
        : (clock: ClockReading, rows: number) => timeView(c.config, clock, rows);
    const format = c.kind === 'Date' ? dateFormatOf(c.config).format : timeFormatOf(c.config);
    const everyMs = format === undefined || clockResolution(format) === 'second' ? 1000 : 60_000;
    return [{ position, kind: c.kind, enabled: c.config.enable, everyMs, view }];
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
