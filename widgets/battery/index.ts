/** The Battery kind: charge and state over all batteries, polled from the `battery` source. */
import type { Battery, BatteryReading, BatteryState } from '../../src/system/readings.js';
import { percentOf, SettingError } from '../../src/thresholds/simulate.js';
import { quote } from '../../src/text/safe-text.js';
import { defineKind, everySeconds, statusOf } from '../kind.js';
import { clampPercent } from '../percent-unit.js';
import { BATTERY_SELECT } from './rules.js';
import { batterySchema, type BatteryConfig } from './schema.js';
import { batteryView } from './view.js';

const BATTERY_STATES: readonly BatteryState[] = ['charging', 'discharging', 'full', 'not charging', 'unknown'];

/** The simulated battery, made on the first setting that needs it. */
function simulated(r: Record<string, unknown>): Battery {
  const b = (r.battery as BatteryReading | undefined)?.batteries[0] ?? { name: 'simulated', percent: 100, state: 'discharging' };
  r.battery = { batteries: [b] } satisfies BatteryReading;
  return b;
}

export const battery = defineKind<BatteryConfig>({
  name: 'Battery',
  variants: ['A', 'B'],
  schema: batterySchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: (c) => ({ ...c, auto_select_under: clampPercent(c.auto_select_under) }),
  poll: { source: 'battery', timeoutMs: 5_000, intervalMs: everySeconds },
  view: (config, ctx) => batteryView(config, statusOf<BatteryReading>(ctx, 'battery')),
  inputs: (_, ctx) => [ctx.statuses.battery],
  rules: [BATTERY_SELECT],
  simulation: {
    keys: ['battery', 'battery.state'],
    hint: 'battery=N',
    set(r, key, value) {
      const lower = key.toLowerCase();
      if (lower === 'battery') simulated(r).percent = percentOf(key, value);
      else if (lower === 'battery.state') {
        const state = BATTERY_STATES.find((s) => s === value.toLowerCase().replace('-', ' '));
        if (!state) throw new SettingError(`--set ${key}: expected one of ${BATTERY_STATES.join(', ')}, found ${quote(value)}`);
        simulated(r).state = state;
      } else return false;
      return true;
    },
  },
});
