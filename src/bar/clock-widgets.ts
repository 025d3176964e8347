/**
 * The Date and Time widgets as instances, ticked by the scheduler's heartbeat, which fires on every whole
 * wall-clock second (re-aligned each time, so it never drifts). A widget reports a change only when its
 * text does: every second for formats with seconds, on the minute for `%H:%M`, and so on.
 */
import type { BarModel, WidgetModel } from '../config/model.js';
import type { Variant } from '../config/variant.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import { placedWidgets } from './positions.js';
import type { ClockReading } from '../time/clock.js';
import { clockResolution } from '../time/clock.js';
import { dateFormatOf, dateView } from '../../widgets/date.js';
import { timeFormatOf, timeView } from '../../widgets/time.js';
import { gridText, segmentText, type UnitView } from '../../widgets/view.js';

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

/** A unit's look, to tell whether anything visible changed. */
function fingerprint(units: readonly UnitView[]): string {
  return units.map((u) => `${u.state}|${segmentText(u.segments)}|${u.segments.map((s) => (s.role === 'icon' ? s.icon : s.role === 'grid' ? gridText(s.lines) : '')).join()}`).join('\n');
}

/** Tick the clock widgets; `onChange` gets a widget's units when they look different from before. */
export function subscribeClocks(
  scheduler: Scheduler,
  clocks: readonly ClockWidget[],
  systemZone: () => string,
  rows: number,
  onChange: (widget: ClockWidget, units: UnitView[], wallTime: number) => void,
): () => void {
  const last = new Map<ClockWidget, string>();
  const tick = (wallTime: number) => {
    const clock: ClockReading = { epochMs: wallTime, systemZone: systemZone() };
    for (const widget of clocks) {
      if (!widget.enabled) continue;
      const units = widget.view(clock, rows);
      const print = fingerprint(units);
      if (last.get(widget) === print) continue;
      last.set(widget, print);
      onChange(widget, units, wallTime);
    }
  };
  return scheduler.onTick(tick);
}

/**
 * The running bar's cheap version: on each heartbeat, only tell whether some clock crossed its boundary
 * (a second, or a minute), without formatting anything; the frame then formats each clock once.
 */
export function subscribeClockBoundaries(scheduler: Scheduler, clocks: readonly ClockWidget[], onBoundary: () => void): () => void {
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
    if (crossed) onBoundary();
  });
}
