import type { ThresholdRule } from '../../src/thresholds/rules.js';

export const BATTERY_SELECT: ThresholdRule = { id: 'batterySelect', widget: 'Battery', field: 'auto_select_under', comparison: '<=', effect: 'selected', measures: 'charge %, rounded (all batteries, weighted by capacity)' };
