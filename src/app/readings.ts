/**
 * The core's readings as the one-shot commands take them (`preview`, `thresholds`, a feed's readers): which
 * widgets read the machine, reading them once or subscribing them to the scheduler, and the thresholds' report.
 * Commands import these from here, as front ends import the store from store.ts: src/app stays the one door
 * to the core, whatever moves inside it.
 */
export { readOnce, subscribeSources, type SourceReaders } from '../bar/live-sources.js';
export { systemWidgets, type SystemWidget } from '../bar/system-widgets.js';
export { formatRows, formatRuleTable, stateChanges, thresholdRows, type RowState, type StatePainter, type Statuses, type ThresholdRow } from '../bar/threshold-report.js';
