/** What the system readers return. Counters are cumulative; rates are computed by the samplers. */

export interface CpuReading {
  /** Busy share of all CPUs since the previous reading, 0–100 (not rounded). */
  percent: number;
}

export interface MemoryReading {
  totalBytes: number;
  /** Total minus available (what the kernel could not hand out without swapping). */
  usedBytes: number;
}

export interface InterfaceCounters {
  name: string;
  receivedBytes: number;
  transmittedBytes: number;
}

export interface NetworkReading {
  /** The interface of the default route; undefined when there is none (offline). */
  defaultInterface?: string;
  interfaces: InterfaceCounters[];
  /** Bytes per second on the default interface since the previous reading; undefined on the very first. */
  receivedPerSecond?: number;
  transmittedPerSecond?: number;
}

export interface Disk {
  /** Where it is mounted: `/`, `/home`, `C:\`. */
  mount: string;
  /** The device or volume name: `sda1`, `nvme0n1p2`, a label. */
  name: string;
  fsType: string;
  totalBytes: number;
  /** Total minus free (blocks reserved for root count as neither used nor available, as in `df`). */
  usedBytes: number;
  /** What an ordinary user can still write. */
  availableBytes: number;
  readOnly: boolean;
  removable: boolean;
  /** The previous size query of this mount has not come back (a dead network mount): sizes are stale or 0. */
  unresponsive?: boolean;
}

export interface DisksReading {
  disks: Disk[];
  /** Disks left out because there were more than `MAX_DISKS` (a machine with thousands of mounts). */
  omitted?: number;
}

/** The most disks a reading holds and a bar shows: a row has room for far fewer; the rest are counted. */
export const MAX_DISKS = 32;

export type BatteryState = 'charging' | 'discharging' | 'full' | 'not charging' | 'unknown';

export interface Battery {
  name: string;
  /** 0–100 as the battery reports it. */
  percent: number;
  state: BatteryState;
  /** Energy (µWh) or charge (µAh) now and when full, to weigh batteries of different sizes. */
  now?: number;
  full?: number;
}

export interface BatteryReading {
  batteries: Battery[];
}

export interface UpdateReading {
  /** The newest published version, or undefined when the registry did not answer. */
  latest?: string;
  /** Why there is no answer (offline, HTTP 404, ...): quiet in the bar, shown by `tilebar thresholds`. */
  problem?: string;
}

export interface Readings {
  cpu: CpuReading;
  memory: MemoryReading;
  network: NetworkReading;
  disks: DisksReading;
  battery: BatteryReading;
  update: UpdateReading;
}

export type SourceKey = keyof Readings;
export const SOURCE_KEYS: readonly SourceKey[] = ['cpu', 'memory', 'network', 'disks', 'battery', 'update'];

/** One read of one source; honours `signal` (aborted on timeout or shutdown). */
export type Reader<T> = (signal: AbortSignal) => Promise<T>;

export type Readers = { [K in SourceKey]: Reader<Readings[K]> };
