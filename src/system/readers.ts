/** The readers for this machine: direct /proc and /sys reads on Linux, systeminformation elsewhere. */
import type { Readers } from './readings.js';
import { linuxBatteryReader, linuxCpuReader, linuxDisksReader, linuxMemoryReader, linuxNetworkReader } from './linux/readers.js';
import type { Sleep } from './sampler.js';
import { siBatteryReader, siCpuReader, siDisksReader, siMemoryReader, siNetworkReader } from './si-readers.js';
import { updateReader, type Fetch } from './update-check.js';

export interface ReaderEnvironment {
  platform: NodeJS.Platform;
  sleep: Sleep;
  /** Monotonic milliseconds, for rates. */
  now: () => number;
  updateUrl: string;
  userAgent: string;
  fetch?: Fetch;
}

export function machineReaders(e: ReaderEnvironment): Readers {
  const update = updateReader(e.updateUrl, e.userAgent, e.fetch);
  if (e.platform === 'linux') {
    return {
      cpu: linuxCpuReader(e.sleep),
      memory: linuxMemoryReader(),
      network: linuxNetworkReader(e.sleep, e.now),
      disks: linuxDisksReader(e.sleep),
      battery: linuxBatteryReader(),
      update,
    };
  }
  return {
    cpu: siCpuReader(e.sleep),
    memory: siMemoryReader(),
    network: siNetworkReader(e.sleep, e.now),
    disks: siDisksReader(),
    battery: siBatteryReader(),
    update,
  };
}
