import { describe, expect, it } from 'vitest';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { Readings } from '../../src/system/readings.js';
import { batteryView } from '../../widgets/battery/view.js';
import { cpuView } from '../../widgets/cpu/view.js';
import { memoryView } from '../../widgets/memory/view.js';
import { networkView } from '../../widgets/network/view.js';
import { storageView } from '../../widgets/storage/view.js';
import type { UnitView } from '../../widgets/view.js';
import { widgetConfig } from '../helpers.js';

const disk = (usedPercent: number) => ({
  disks: [{ mount: '/', name: 'sda1', fsType: 'ext4', totalBytes: 1000, usedBytes: usedPercent * 10, availableBytes: 1000 - usedPercent * 10, readOnly: false, removable: false }],
});
const net = (over: Partial<Readings['network']> & { rx?: number; tx?: number }): Readings['network'] => ({
  defaultInterface: 'eth0',
  interfaces: [{ name: 'eth0', receivedBytes: over.rx ?? 0, transmittedBytes: over.tx ?? 0 }],
  receivedPerSecond: over.receivedPerSecond ?? 0,
  transmittedPerSecond: over.transmittedPerSecond ?? 0,
});

/** For each rule: the threshold, how to build the unit at a value, and the state when the rule holds. */
const RULES = new Map(BUILTIN_WIDGETS.rules.map((r) => [r.id, r]));

const CASES: Record<string, { threshold: number; unit: (value: number) => UnitView | undefined; whenMet: 'selected' | 'hidden' }> = {
  batterySelect: {
    threshold: 20,
    unit: (v) => batteryView(widgetConfig('Battery', { auto_select_under: 20 }), { reading: { batteries: [{ name: 'BAT0', percent: v, state: 'discharging' }] } })[0],
    whenMet: 'selected',
  },
  cpuSelect: { threshold: 90, unit: (v) => cpuView(widgetConfig('Cpu', { auto_select_over: 90 }), { reading: { percent: v } })[0], whenMet: 'selected' },
  memorySelect: {
    threshold: 90,
    unit: (v) => memoryView(widgetConfig('Memory', { auto_select_over: 90 }), { reading: { totalBytes: 1000, usedBytes: v * 10 } })[0],
    whenMet: 'selected',
  },
  storageHide: { threshold: 10, unit: (v) => storageView(widgetConfig('Storage', { auto_hide_under: 10 }), { reading: disk(v) })[0], whenMet: 'hidden' },
  storageSelect: { threshold: 90, unit: (v) => storageView(widgetConfig('Storage', { auto_select_over: 90 }), { reading: disk(v) })[0], whenMet: 'selected' },
  networkReceived: {
    threshold: 1_048_576,
    unit: (v) => networkView(widgetConfig('Network', { show_activity: true, show_total_activity: false, auto_select: { received_over: 1_048_576 } }), { reading: net({ receivedPerSecond: v }) })[0],
    whenMet: 'selected',
  },
  networkTransmitted: {
    threshold: 1_048_576,
    unit: (v) => networkView(widgetConfig('Network', { show_activity: true, show_total_activity: false, auto_select: { transmitted_over: 1_048_576 } }), { reading: net({ transmittedPerSecond: v }) })[1],
    whenMet: 'selected',
  },
  networkTotalReceived: {
    threshold: 5_000_000_000,
    unit: (v) => networkView(widgetConfig('Network', { show_activity: false, show_total_activity: true, auto_select: { total_received_over: 5_000_000_000 } }), { reading: net({ rx: v }) })[0],
    whenMet: 'selected',
  },
  networkTotalTransmitted: {
    threshold: 5_000_000_000,
    unit: (v) => networkView(widgetConfig('Network', { show_activity: false, show_total_activity: true, auto_select: { total_transmitted_over: 5_000_000_000 } }), { reading: net({ tx: v }) })[1],
    whenMet: 'selected',
  },
};

describe('every threshold rule at its boundary', () => {
  it('has a case for every rule in the table', () => {
    expect(Object.keys(CASES).sort()).toEqual([...RULES.keys()].sort());
  });

  for (const [id, c] of Object.entries(CASES)) {
    const rule = RULES.get(id);
    if (!rule) throw new Error(`no rule ${id}`);
    it(`${rule.widget} ${rule.field} (${rule.comparison})`, () => {
      const { threshold } = c;
      const inside = rule.comparison === '>=' ? threshold + 1 : threshold - 1;
      const outside = rule.comparison === '>=' ? threshold - 1 : threshold + 1;
      expect(c.unit(threshold)?.state, 'at the threshold').toBe(c.whenMet);
      expect(c.unit(inside)?.state, 'beyond it').toBe(c.whenMet);
      expect(c.unit(outside)?.state, 'short of it').toBe('normal');
      expect(c.unit(threshold)?.checks[0]).toMatchObject({ rule: { id }, threshold, value: threshold, met: true });
    });
  }

  it('compares whole numbers: CPU and disks truncate, battery rounds', () => {
    const cpu = (v: number) => cpuView(widgetConfig('Cpu', { auto_select_over: 90 }), { reading: { percent: v } })[0];
    expect(cpu(89.99)?.state).toBe('normal');
    expect(cpu(89.99)?.why).toBe('89 < auto_select_over 90');
    expect(cpu(90.01)?.why).toBe('90 >= auto_select_over 90');
    const battery = (v: number) => batteryView(widgetConfig('Battery', { auto_select_under: 20 }), { reading: { batteries: [{ name: 'BAT0', percent: v, state: 'discharging' }] } })[0];
    expect(battery(20.4)?.state).toBe('selected');
    expect(battery(20.5)?.state).toBe('normal');
  });

  it('clamps percentage thresholds to 1–100 when the config is read', () => {
    const cpu = cpuView(widgetConfig('Cpu', { auto_select_over: 150 }), { reading: { percent: 100 } })[0];
    expect(cpu?.checks[0]).toMatchObject({ threshold: 100, met: true });
  });

  it('hides before it selects when both storage rules hold', () => {
    const unit = storageView(widgetConfig('Storage', { auto_hide_under: 50, auto_select_over: 40 }), { reading: disk(45) })[0];
    expect(unit).toMatchObject({ state: 'hidden', why: '45 <= auto_hide_under 50' });
  });
});
