/**
 * The bar's polled widgets as instances: where each sits, which source it reads, how often and within what
 * time, and its view of that source's status. The bar, `tilebar thresholds` and `--watch` all start from this
 * list; which kinds are polled, and how, each kind says (`WidgetKind.poll`).
 */
import type { BarModel } from '../config/model.js';
import type { ThresholdRule } from '../thresholds/rules.js';
import type { ClockReading } from '../time/clock.js';
import { placedWidgets } from '../config/positions.js';
import { widgetEnabled, type ViewContext } from '../../widgets/kind.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import type { SourceStatus, UnitView } from '../../widgets/view.js';

export interface SystemWidget {
  /** `right[2]`: the list and index in the config. */
  position: string;
  kind: string;
  enabled: boolean;
  /** The widget's normalised config (thresholds are read from it). */
  config: Readonly<Record<string, unknown>>;
  source: string;
  /** 0 = every heartbeat (1 s). */
  intervalMs: number;
  /** How long one poll may take. */
  timeoutMs: number;
  /** Its kind's threshold rules. */
  rules: readonly ThresholdRule[];
  view(status: SourceStatus<unknown>): UnitView[];
}

/** A view's context when only its source's status matters (`thresholds` has no clock or window manager). */
const STILL_CLOCK: ClockReading = { epochMs: 0, systemZone: 'UTC' };

export function systemWidgets(model: Pick<BarModel, 'left' | 'center' | 'right' | 'variant'>, widgets: WidgetRegistry, version: string): SystemWidget[] {
  return placedWidgets(model).flatMap(({ position, widget }): SystemWidget[] => {
    const kind = widgets.kind(widget.kind);
    const poll = kind?.poll;
    if (!kind || !poll) return [];
    const config = widget.config;
    const context = (status: SourceStatus<unknown>): ViewContext => ({ statuses: { [poll.source]: status }, clock: STILL_CLOCK, rows: 1, variant: model.variant, version, icons: 'unicode' });
    return [
      {
        position,
        kind: kind.name,
        enabled: widgetEnabled(kind, config),
        config,
        source: poll.source,
        intervalMs: poll.intervalMs(config),
        timeoutMs: poll.timeoutMs,
        rules: kind.rules ?? [],
        view: (status) => kind.view(config, context(status)),
      },
    ];
  });
}
