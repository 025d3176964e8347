import { describe, expect, it } from 'vitest';
import { batteryLevel, batteryView } from '../../widgets/battery/view.js';
import { formatBytes, parseBytes } from '../../src/units/bytes.js';
import { cpuView } from '../../widgets/cpu/view.js';
import { memoryView } from '../../widgets/memory/view.js';
import type { NetworkConfig } from '../../widgets/network/schema.js';
import { networkView } from '../../widgets/network/view.js';
import { storageView } from '../../widgets/storage/view.js';
import type { UpdateConfig } from '../../widgets/update/schema.js';
import { isNewer, updateView } from '../../widgets/update/view.js';
import { segmentText, type UnitView } from '../../widgets/view.js';
import { widgetConfig } from '../helpers.js';

const shown = (units: UnitView[]) => units.filter((u) => u.state !== 'hidden').map((u) => segmentText(u.segments));
const icons = (u: UnitView | undefined) => u?.segments.flatMap((s) => (s.role === 'icon' ? [s.icon] : [])) ?? [];

describe('labels', () => {
  it('follow label_prefix: None, Icon, Text, IconAndText', () => {
    const cpu = (label_prefix: string) => cpuView(widgetConfig('Cpu', { label_prefix }), { reading: { percent: 12.7 } })[0];
    expect([segmentText(cpu('None')?.segments ?? []), icons(cpu('None'))]).toEqual(['12%', []]);
    expect([segmentText(cpu('Icon')?.segments ?? []), icons(cpu('Icon'))]).toEqual(['12%', ['CPU']]);
    expect([segmentText(cpu('Text')?.segments ?? []), icons(cpu('Text'))]).toEqual(['CPU: 12%', []]);
    expect([segmentText(cpu('IconAndText')?.segments ?? []), icons(cpu('IconAndText'))]).toEqual(['CPU: 12%', ['CPU']]);
    // Defaults per widget: Cpu and Memory IconAndText, Battery Icon.
    expect(shown(memoryView(widgetConfig('Memory', {}), { reading: { totalBytes: 1000, usedBytes: 487 } }))).toEqual(['RAM: 48%']);
  });

  it('shows the battery over all batteries, weighted by capacity, with the icon of its level', () => {
    const level = batteryLevel({
      batteries: [
        { name: 'BAT0', percent: 100, state: 'full', now: 20_000_000, full: 20_000_000 },
        { name: 'BAT1', percent: 0, state: 'discharging', now: 0, full: 60_000_000 },
      ],
    });
    expect(level).toEqual({ percent: 25, state: 'discharging' });
    const view = (percent: number, state: 'charging' | 'discharging' | 'full' = 'discharging', extra = {}) =>
      batteryView(widgetConfig('Battery', extra), { reading: { batteries: [{ name: 'BAT0', percent, state }] } })[0];
    expect(icons(view(80))).toEqual(['BATTERY_FULL']);
    expect(icons(view(60))).toEqual(['BATTERY_HIGH']);
    expect(icons(view(30))).toEqual(['BATTERY_MEDIUM']);
    expect(icons(view(11))).toEqual(['BATTERY_LOW']);
    expect(icons(view(10))).toEqual(['BATTERY_WARNING']);
    expect(icons(view(10, 'charging'))).toEqual(['BATTERY_CHARGING']);
    expect(segmentText(view(85, 'discharging', { label_prefix: 'Text' })?.segments ?? [])).toBe('BAT: 85%');
    expect(view(100, 'full', { hide_on_full_charge: true })).toMatchObject({ state: 'hidden', why: '100% and hide_on_full_charge' });
    expect(view(99, 'charging', { hide_on_full_charge: true })?.state).toBe('normal');
    expect(batteryView(widgetConfig('Battery', {}), { reading: { batteries: [] } })).toMatchObject([{ state: 'hidden', why: 'no battery' }]);
  });

  it('formats network amounts with one decimal, never below KiB, rates with /s and totals without', () => {
    expect(formatBytes(0)).toEqual({ number: '0.0', unit: 'KiB' });
    expect(formatBytes(300)).toEqual({ number: '0.3', unit: 'KiB' });
    expect(formatBytes(1_048_576)).toEqual({ number: '1.0', unit: 'MiB' });
    expect(formatBytes(5 * 1024 ** 3)).toEqual({ number: '5.0', unit: 'GiB' });
    const config = widgetConfig<NetworkConfig>('Network', { show_activity: true, show_total_activity: true, label_prefix: 'Text', activity_left_padding: 10 });
    const units = networkView(config, {
      reading: {
        defaultInterface: 'wlan0',
        interfaces: [{ name: 'wlan0', receivedBytes: 3 * 1024 ** 3, transmittedBytes: 200 * 1024 ** 2 }],
        receivedPerSecond: 2.5 * 1024 * 1024,
        transmittedPerSecond: 12_800,
      },
    });
    expect(shown(units)).toEqual(['∑DOWN: 3.0 GiB', '∑UP: 200.0 MiB', 'DOWN:    2.5 MiB/s', 'UP:   12.5 KiB/s', 'NET: wlan0']);
    expect(units.map((u) => u.id)).toEqual(['network:total_received', 'network:total_transmitted', 'network:received', 'network:transmitted', 'network:interface']);
    const iconOnly = networkView(widgetConfig('Network', { show_activity: true, show_total_activity: false }), { reading: { defaultInterface: 'eth0', interfaces: [], receivedPerSecond: 0, transmittedPerSecond: 0 } });
    expect(shown(iconOnly)).toEqual(['0.0 KiB/s', '0.0 KiB/s', 'eth0']);
    expect(icons(iconOnly[0])).toEqual(['ARROW_FAT_DOWN']);
    const offline = networkView(config, { reading: { interfaces: [] } });
    expect(offline.map((u) => u.why)).toEqual(Array(5).fill('no default interface (offline?)'));
  });

  it('switches the arrow icon of a network part that is selected', () => {
    const config = widgetConfig<NetworkConfig>('Network', { show_activity: true, show_total_activity: false, auto_select: { received_over: 1000 } });
    const units = networkView(config, { reading: { defaultInterface: 'eth0', interfaces: [], receivedPerSecond: 5000, transmittedPerSecond: 5000 } });
    expect(icons(units[0])).toEqual(['ARROW_FAT_LINES_DOWN']);
    expect(units[0]?.why).toBe('4.9 KiB/s >= auto_select.received_over 1.0 KiB/s');
    expect(icons(units[1])).toEqual(['ARROW_FAT_UP']);
  });

  it('lists disks by mount with their labels, and skips read-only and removable ones as configured', () => {
    const d = (mount: string, name: string, used: number, extra = {}) => ({ mount, name, fsType: 'ext4', totalBytes: 100, usedBytes: used, availableBytes: 100 - used, readOnly: false, removable: false, ...extra });
    const reading = { disks: [d('/home', 'nvme0n1p3', 45), d('/', 'nvme0n1p2', 71), d('/media/usb', 'sdb1', 10, { removable: true }), d('/snap/core', 'loop3', 100, { readOnly: true })] };
    expect(shown(storageView(widgetConfig('Storage', {}), { reading }))).toEqual(['/ 71%', '/home 45%', '/media/usb 10%']);
    expect(shown(storageView(widgetConfig('Storage', { show_removable_disks: false, show_read_only_disks: true }), { reading }))).toEqual(['/ 71%', '/home 45%', '/snap/core 100%']);
    expect(shown(storageView(widgetConfig('Storage', { storage_display_name: 'MountAndName' }), { reading })).slice(0, 1)).toEqual(['/ nvme0n1p2 71%']);
    expect(shown(storageView(widgetConfig('Storage', { storage_display_name: 'NameAndMount' }), { reading })).slice(0, 1)).toEqual(['nvme0n1p2 / 71%']);
    expect(shown(storageView(widgetConfig('Storage', { label_prefix: 'Icon' }), { reading })).slice(0, 1)).toEqual(['71%']);
  });

  it('keeps the last good reading on a failing source and marks the unit as error', () => {
    const unit = cpuView(widgetConfig('Cpu', {}), { reading: { percent: 40 }, error: 'timed out after 5 s' })[0];
    expect(unit).toMatchObject({ state: 'error', why: 'timed out after 5 s', valueText: '40%' });
    expect(segmentText(unit?.segments ?? [])).toBe('CPU: 40%');
    const never = cpuView(widgetConfig('Cpu', {}), { error: 'EACCES: /proc/stat' })[0];
    expect(segmentText(never?.segments ?? [])).toBe('CPU: ?');
    const disk = storageView(widgetConfig('Storage', {}), {
      reading: { disks: [{ mount: '/mnt/nas', name: 'nas:/export', fsType: 'nfs4', totalBytes: 100, usedBytes: 50, availableBytes: 50, readOnly: false, removable: false, unresponsive: true }] },
    })[0];
    expect(disk).toMatchObject({ state: 'error', valueText: '50%' });
    expect(disk?.why).toContain('/mnt/nas is not answering');
  });

  it('offers an update only for a newer version, in semver order', () => {
    expect(isNewer('0.1.100', '0.1.42')).toBe(true);
    expect(isNewer('0.1.42', '0.1.100')).toBe(false);
    expect(isNewer('v1.0.0', '0.9.9')).toBe(true);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('1.1.0-beta.1', '1.0.0')).toBe(false);
    expect(isNewer('1.1.0-beta.2', '1.1.0-beta.1')).toBe(true);
    const config = widgetConfig<UpdateConfig>('Update', {});
    expect(shown(updateView(config, { reading: { latest: '0.2.0' } }, '0.1.0'))).toEqual(['Update available! v0.2.0']);
    expect(icons(updateView(config, { reading: { latest: '0.2.0' } }, '0.1.0')[0])).toEqual(['ROCKET_LAUNCH']);
    expect(updateView(config, { reading: { latest: '0.1.0' } }, '0.1.0')[0]).toMatchObject({ state: 'hidden', why: 'up to date: 0.1.0, latest 0.1.0' });
    expect(updateView(config, { reading: { problem: 'no answer from x' } }, '0.1.0')[0]).toMatchObject({ state: 'hidden', why: 'no answer from x' });
  });

  it('parses byte amounts for --set', () => {
    expect(parseBytes('2MiB')).toBe(2_097_152);
    expect(parseBytes('2 MiB/s')).toBe(2_097_152);
    expect(parseBytes('1.5G')).toBe(1_610_612_736);
    expect(parseBytes('1MB')).toBe(1_000_000);
    expect(parseBytes('512k')).toBe(524_288);
    expect(parseBytes('1048576')).toBe(1_048_576);
    expect(parseBytes('lots')).toBeUndefined();
  });
});
