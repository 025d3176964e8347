/** Readers on systeminformation: every platform it supports (the Linux default is ./linux/readers.ts). */
import si from 'systeminformation';
import type { Reader, Readings } from './readings.js';
import { deltaReader, networkReading, type NetworkSample, type Sleep } from './sampler.js';

export function siCpuReader(sleep: Sleep): Reader<Readings['cpu']> {
  // currentLoad() measures since its own previous call; the first call only sets its baseline.
  return deltaReader(
    () => si.currentLoad(),
    (_, load) => ({ percent: Math.min(100, Math.max(0, load.currentLoad)) }),
    sleep,
  );
}

export function siMemoryReader(): Reader<Readings['memory']> {
  return async () => {
    const m = await si.mem();
    return { totalBytes: m.total, usedBytes: Math.max(0, m.total - m.available) };
  };
}

export function siNetworkReader(sleep: Sleep, now: () => number): Reader<Readings['network']> {
  const sample = async (): Promise<NetworkSample> => {
    const defaultInterface = await si.networkInterfaceDefault().catch(() => '');
    const stats = await si.networkStats('*');
    return {
      at: now(),
      interfaces: stats.map((s) => ({ name: s.iface, receivedBytes: s.rx_bytes, transmittedBytes: s.tx_bytes })),
      ...(defaultInterface ? { defaultInterface } : {}),
    };
  };
  return deltaReader(sample, networkReading, sleep);
}

export function siDisksReader(): Reader<Readings['disks']> {
  return async () => {
    const [sizes, devices] = await Promise.all([si.fsSize(), si.blockDevices().catch(() => [])]);
    return {
      disks: sizes.map((f) => {
        const device = devices.find((d) => d.mount === f.mount || d.name === f.fs || d.device === f.fs);
        return {
          mount: f.mount,
          name: device?.label || device?.name || f.fs,
          fsType: f.type,
          totalBytes: f.size,
          usedBytes: f.used,
          availableBytes: f.available,
          readOnly: f.rw === false,
          removable: device?.removable ?? false,
        };
      }),
    };
  };
}

export function siBatteryReader(): Reader<Readings['battery']> {
  return async () => {
    const b = await si.battery();
    if (!b.hasBattery) return { batteries: [] };
    const state = b.isCharging ? 'charging' : b.acConnected && b.percent >= 100 ? 'full' : b.acConnected ? 'not charging' : 'discharging';
    return { batteries: [{ name: b.model || 'battery', percent: b.percent, state }] };
  };
}
