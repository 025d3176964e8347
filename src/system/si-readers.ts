/** Readers on systeminformation: every platform it supports (the Linux default is ./linux/readers.ts). */
import si from 'systeminformation';
import type { Disk, Reader, Readings } from './readings.js';
import { deltaReader, networkReading, type NetworkSample, type Sleep } from './sampler.js';

export function siCpuReader(sleep: Sleep): Reader<Readings['cpu']> {
  // currentLoad() measures since its own previous call; the first call only sets its baseline.
  return deltaReader(
    () => si.currentLoad(),
    (_, load) => ({ percent: Math.min(100, Math.max(0, load.currentLoad)) }),
    sleep,
  );
}

/**
 * Memory from systeminformation. On macOS it counts from vm_stat; when vm_stat gave it nothing it falls back to
 * Node's total − free, which counts macOS's caches as used (a busy Mac near 100 %): `vmStatOrNothing` makes that
 * fallback no reading. (Elsewhere the fallback may be the only figure there is, so it stays.)
 */
export function siMemoryReader(vmStatOrNothing = false): Reader<Readings['memory']> {
  return async () => {
    const m = await si.mem();
    // A running machine always has memory in use (wired pages at least): none means systeminformation read no
    // figures (on macOS a vm_stat cut short), which is no reading rather than 0 % used.
    if (!(m.total > 0 && m.total - m.available > 0)) throw new Error('memory: systeminformation read no figures (vm_stat?)');
    // Its fallback leaves exactly free memory available; counted from vm_stat, caches are available too.
    if (vmStatOrNothing && m.available === m.free) throw new Error('memory: vm_stat gave no figures');
    return { totalBytes: m.total, usedBytes: Math.max(0, m.total - m.available) };
  };
}

/**
 * systeminformation answers networkStats for an interface asked again within 500 ms from what it kept, without
 * running netstat (macOS) or PowerShell (Windows): the first reading's two samples are taken further apart, or it
 * would compare a sample with itself and open on a made-up 0 B/s.
 */
const SI_NETWORK_FIRST_GAP_MS = 500 + 50;

export function siNetworkReader(sleep: Sleep, now: () => number): Reader<Readings['network']> {
  const sample = async (): Promise<NetworkSample> => {
    const defaultInterface = await si.networkInterfaceDefault().catch(() => '');
    const stats = await si.networkStats('*');
    // With no default route systeminformation names the first interface with an address instead; one whose link
    // is down (ifconfig's "status: inactive") carries no traffic, so the machine is offline.
    const linkDown = stats.some((s) => s.iface === defaultInterface && s.operstate === 'down');
    return {
      at: now(),
      // systeminformation gives an interface whose netstat printed nothing counters of 0: such a sample is left out,
      // or the next real counter would read as every byte since boot arriving in one poll.
      interfaces: stats
        .filter((s) => Number.isFinite(s.rx_bytes) && Number.isFinite(s.tx_bytes) && s.rx_bytes + s.tx_bytes > 0)
        .map((s) => ({ name: s.iface, receivedBytes: s.rx_bytes, transmittedBytes: s.tx_bytes })),
      ...(defaultInterface && !linkDown ? { defaultInterface } : {}),
    };
  };
  return deltaReader(sample, networkReading, sleep, SI_NETWORK_FIRST_GAP_MS);
}

/** `shown` picks the volumes a user has from all that are mounted (on macOS: macUserVolumes). */
export function siDisksReader(shown: (disks: Disk[]) => Disk[] = (disks) => disks): Reader<Readings['disks']> {
  return async () => {
    const [sizes, devices] = await Promise.all([si.fsSize(), si.blockDevices().catch(() => [])]);
    return {
      disks: shown(sizes.map((f) => {
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
      })),
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
