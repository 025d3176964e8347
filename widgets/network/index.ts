/** The Network kind: totals, rates and the default interface, polled from the `network` source. */
import type { InterfaceCounters, NetworkReading } from '../../src/system/readings.js';
import { int, optional } from '../../src/config/model-checks.js';
import { bytesOf } from '../../src/thresholds/simulate.js';
import { defineKind, everySeconds, statusOf } from '../kind.js';
import { NETWORK_RECEIVED, NETWORK_TOTAL_RECEIVED, NETWORK_TOTAL_TRANSMITTED, NETWORK_TRANSMITTED } from './rules.js';
import { networkSchema, type NetworkConfig } from './schema.js';
import { networkView } from './view.js';

function simulatedNetwork(r: Record<string, unknown>): NetworkReading {
  const n: NetworkReading = { interfaces: [], defaultInterface: 'simulated', ...(r.network as NetworkReading | undefined) };
  r.network = n;
  return n;
}

/** The default interface's counters, made when first set. */
function simulatedInterface(r: Record<string, unknown>): InterfaceCounters {
  const n = simulatedNetwork(r);
  const name = n.defaultInterface ?? 'simulated';
  let i = n.interfaces.find((x) => x.name === name);
  if (!i) {
    i = { name, receivedBytes: 0, transmittedBytes: 0 };
    n.interfaces = [...n.interfaces, i];
  }
  return i;
}

export const network = defineKind<NetworkConfig>({
  name: 'Network',
  variants: ['A', 'B'],
  schema: networkSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  poll: { source: 'network', timeoutMs: 5_000, intervalMs: everySeconds },
  view: (config, ctx) => networkView(config, statusOf<NetworkReading>(ctx, 'network')),
  inputs: (_, ctx) => [ctx.statuses.network],
  rules: [NETWORK_RECEIVED, NETWORK_TRANSMITTED, NETWORK_TOTAL_RECEIVED, NETWORK_TOTAL_TRANSMITTED],
  guard: (c, what) => optional(c.activity_left_padding, (v) => int(v, `${what}.activity_left_padding`, 0, 1000)),
  simulation: {
    keys: ['network.received', 'network.transmitted', 'network.total_received', 'network.total_transmitted', 'network.interface'],
    hint: 'network.received=BYTES …',
    set(r, key, value) {
      const lower = key.toLowerCase();
      if (lower === 'network.received') simulatedNetwork(r).receivedPerSecond = bytesOf(key, value);
      else if (lower === 'network.transmitted') simulatedNetwork(r).transmittedPerSecond = bytesOf(key, value);
      else if (lower === 'network.total_received') simulatedInterface(r).receivedBytes = bytesOf(key, value);
      else if (lower === 'network.total_transmitted') simulatedInterface(r).transmittedBytes = bytesOf(key, value);
      else if (lower === 'network.interface') {
        const n = simulatedNetwork(r);
        const old = n.defaultInterface;
        n.defaultInterface = value;
        n.interfaces = n.interfaces.map((i) => (i.name === old ? { ...i, name: value } : i));
      } else return false;
      return true;
    },
    finish(r) {
      // Rates need both directions to show: an unset one reads 0.
      const n = r.network as NetworkReading | undefined;
      if (n && (n.receivedPerSecond !== undefined || n.transmittedPerSecond !== undefined)) {
        r.network = { ...n, receivedPerSecond: n.receivedPerSecond ?? 0, transmittedPerSecond: n.transmittedPerSecond ?? 0 };
      }
    },
  },
});
