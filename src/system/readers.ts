/**
 * The readers for this machine: direct /proc and /sys reads on Linux; on Windows Node's os and fs for CPU,
 * memory and disks, and one long-lived helper for network and battery (no Node API for those); systeminformation
 * elsewhere.
 */
import type { Reader, Readers } from './readings.js';
import { macUserVolumes } from './mac-volumes.js';
import { linuxBatteryReader, linuxCpuReader, linuxDisksReader, linuxMemoryReader, linuxNetworkReader } from './linux/readers.js';
import type { Sleep } from './sampler.js';
import { windowsReaders, type WindowsIo } from './windows/readers.js';
import { windowsHelperReaders } from './windows/system-helper.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import { updateReader, type Fetch, type UpdateSource } from './update-check.js';

export interface ReaderEnvironment {
  platform: NodeJS.Platform;
  sleep: Sleep;
  /** Monotonic milliseconds, for rates. */
  now: () => number;
  update: UpdateSource;
  userAgent: string;
  fetch?: Fetch;
  /** The os and fs calls of the Windows readers; tests pass fakes. */
  windows?: WindowsIo;
  /** The timers the Windows system helper's answers and back-off run on (real ones unless given). */
  timers?: Timers;
  /** Where the Windows system helper says its problems (each new one once). */
  log?: (message: string) => void;
  /** The bar's environment, where the Windows system helper finds the system's PowerShell (SystemRoot). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** A reader built on first use: systeminformation is only loaded where it is used. */
function lazy<T>(build: () => Promise<Reader<T>>): Reader<T> {
  let reader: Promise<Reader<T>> | undefined;
  return async (signal) => (await (reader ??= build()))(signal);
}

export function machineReaders(e: ReaderEnvironment): Readers {
  const update = updateReader(e.update, e.userAgent, e.fetch);
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
  const si = () => import('./si-readers.js');
  if (e.platform === 'win32') {
    // systeminformation starts a PowerShell (or cmd + netstat) per call on Windows: one helper process instead.
    return {
      ...windowsReaders(e.sleep, e.now, e.windows),
      ...windowsHelperReaders(e.sleep, e.now, { timers: e.timers ?? realTimers, log: e.log ?? (() => undefined), ...(e.env ? { env: e.env } : {}) }),
      update,
    };
  }
  return {
    cpu: lazy(async () => (await si()).siCpuReader(e.sleep)),
    memory: lazy(async () => (await si()).siMemoryReader(e.platform === 'darwin')),
    network: lazy(async () => (await si()).siNetworkReader(e.sleep, e.now)),
    disks: lazy(async () => (await si()).siDisksReader(e.platform === 'darwin' ? macUserVolumes : undefined)),
    battery: lazy(async () => (await si()).siBatteryReader()),
    update,
  };
}
