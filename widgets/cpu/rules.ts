import type { ThresholdRule } from '../../src/thresholds/rules.js';

export const CPU_SELECT: ThresholdRule = { id: 'cpuSelect', widget: 'Cpu', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'CPU busy %, truncated' };
