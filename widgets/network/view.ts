/** Network widget's view: totals, activity rates and the default interface. No schema here (no zod). */
import type { NetworkReading } from '../../src/system/readings.js';
import { checkRule, checksOf, type ThresholdRule } from '../../src/thresholds/rules.js';
import { NETWORK_RECEIVED, NETWORK_TOTAL_RECEIVED, NETWORK_TOTAL_TRANSMITTED, NETWORK_TRANSMITTED } from './rules.js';
import { bytesText, formatBytes } from '../../src/units/bytes.js';
import type { IconName } from '../icons.js';
import type { NetworkConfig } from './schema.js';
import { WAITING } from '../percent-unit.js';
import { decide, prefixed, type SourceStatus, type UnitView } from '../view.js';

interface Part {
  id: 'total_received' | 'total_transmitted' | 'received' | 'transmitted';
  name: string;
  word: string;
  down: boolean;
  rate: boolean;
  rule: ThresholdRule;
  threshold: number | undefined;
}

/**
 * Units in the original's order: totals (down, up), activity (down, up), interface. Totals are byte
 * counts, labelled without the `/s` the original wrongly puts on them.
 */
export function networkView(config: NetworkConfig, status: SourceStatus<NetworkReading>): UnitView[] {
  const sel = config.auto_select;
  const parts: Part[] = [
    ...(config.show_total_activity
      ? ([
          { id: 'total_received', name: 'Network total received', word: '∑DOWN: ', down: true, rate: false, rule: NETWORK_TOTAL_RECEIVED, threshold: sel?.total_received_over },
          { id: 'total_transmitted', name: 'Network total sent', word: '∑UP: ', down: false, rate: false, rule: NETWORK_TOTAL_TRANSMITTED, threshold: sel?.total_transmitted_over },
        ] as const)
      : []),
    ...(config.show_activity
      ? ([
          { id: 'received', name: 'Network received', word: 'DOWN: ', down: true, rate: true, rule: NETWORK_RECEIVED, threshold: sel?.received_over },
          { id: 'transmitted', name: 'Network sent', word: 'UP: ', down: false, rate: true, rule: NETWORK_TRANSMITTED, threshold: sel?.transmitted_over },
        ] as const)
      : []),
  ];
  const r = status.reading;
  const iface = r?.defaultInterface ? r.interfaces.find((i) => i.name === r.defaultInterface) : undefined;
  const units = parts.map((p): UnitView => {
    const base = { id: `network:${p.id}`, name: p.name };
    const raw = !r ? undefined : p.rate ? (p.down ? r.receivedPerSecond : r.transmittedPerSecond) : iface && (p.down ? iface.receivedBytes : iface.transmittedBytes);
    if (raw === undefined) {
      if (status.error) return { ...base, segments: [], state: 'error', why: status.error, error: status.error, checks: [] };
      const why = !r ? WAITING : !r.defaultInterface ? 'no default interface (offline?)' : 'no rate yet';
      return { ...base, segments: [], state: 'hidden', why, checks: [] };
    }
    const value = Math.trunc(raw);
    const checks = checksOf(checkRule(p.rule, value, p.threshold));
    const { state, why } = decide(checks, status.error, (n) => `${bytesText(n)}${p.rate ? '/s' : ''}`);
    const { number, unit } = formatBytes(value);
    const shown = `${number} ${unit}`;
    const icon: IconName = state === 'selected' ? (p.down ? 'ARROW_FAT_LINES_DOWN' : 'ARROW_FAT_LINES_UP') : p.down ? 'ARROW_FAT_DOWN' : 'ARROW_FAT_UP';
    const valueText = p.rate ? shown.padStart(config.activity_left_padding) : shown;
    return {
      ...base,
      segments: prefixed(config.label_prefix, icon, p.word, [
        { role: 'value', text: valueText.slice(0, valueText.length - unit.length - 1) },
        { role: 'unit', text: ` ${unit}${p.rate ? '/s' : ''}` },
      ]),
      state,
      ...(why ? { why } : {}),
      value,
      valueText: `${shown}${p.rate ? '/s' : ''}`,
      checks,
      ...(status.error ? { error: status.error } : {}),
    };
  });
  if (config.show_default_interface) {
    const name = r?.defaultInterface;
    units.push(
      name
        ? {
            id: 'network:interface',
            name: 'Network interface',
            segments: prefixed(config.label_prefix, 'WIFI_HIGH', 'NET: ', [{ role: 'text', text: name }]),
            state: status.error ? 'error' : 'normal',
            ...(status.error ? { why: status.error, error: status.error } : {}),
            valueText: name,
            checks: [],
          }
        : { id: 'network:interface', name: 'Network interface', segments: [], state: 'hidden', why: r ? 'no default interface (offline?)' : WAITING, checks: [] },
    );
  }
  return units;
}
