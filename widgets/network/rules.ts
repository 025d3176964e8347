import type { ThresholdRule } from '../../src/thresholds/rules.js';

const common = { widget: 'Network', comparison: '>=', effect: 'selected', original: '>' } as const;

export const NETWORK_RECEIVED: ThresholdRule = { ...common, id: 'networkReceived', field: 'auto_select.received_over', measures: 'bytes/s received, truncated', unit: 'network:received' };
export const NETWORK_TRANSMITTED: ThresholdRule = { ...common, id: 'networkTransmitted', field: 'auto_select.transmitted_over', measures: 'bytes/s sent, truncated', unit: 'network:transmitted' };
export const NETWORK_TOTAL_RECEIVED: ThresholdRule = { ...common, id: 'networkTotalReceived', field: 'auto_select.total_received_over', measures: 'bytes received since the interface came up', unit: 'network:total_received' };
export const NETWORK_TOTAL_TRANSMITTED: ThresholdRule = { ...common, id: 'networkTotalTransmitted', field: 'auto_select.total_transmitted_over', measures: 'bytes sent since the interface came up', unit: 'network:total_transmitted' };
