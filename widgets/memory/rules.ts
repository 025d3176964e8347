import type { ThresholdRule } from '../../src/thresholds/rules.js';

export const MEMORY_SELECT: ThresholdRule = { id: 'memorySelect', widget: 'Memory', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'memory used %, truncated' };
