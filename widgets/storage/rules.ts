import type { ThresholdRule } from '../../src/thresholds/rules.js';

export const STORAGE_HIDE: ThresholdRule = { id: 'storageHide', widget: 'Storage', field: 'auto_hide_under', comparison: '<=', effect: 'hidden', measures: 'disk used %, truncated (per disk)' };
export const STORAGE_SELECT: ThresholdRule = { id: 'storageSelect', widget: 'Storage', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'disk used %, truncated (per disk)' };
