/**
 * Windows readers from Node's own os and fs calls: CPU, memory and disks start no process per poll, where
 * systeminformation starts a PowerShell for each (issue 33). Network and battery have no Node API: see ../readers.ts.
 */
import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem, type CpuInfo } from 'node:os';
import type { Reader, Readings } from '../readings.js';
import { deltaReader, type Sleep } from '../sampler.js';
import type { StatfsOf } from '../disk-size.js';
import { cpuPercentBetween, type CpuTimes } from '../linux/parse.js';
import { windowsDisksReader } from './drives.js';

export { windowsDisksReader, DRIVE_RESCAN_MS, DRIVE_ROOTS } from './drives.js';

/** The os and fs calls the Windows readers make; tests pass fakes. */
export interface WindowsIo {
  cpus: () => CpuInfo[];
  totalmem: () => number;
  freemem: () => number;
  statfs: StatfsOf;
}

export const nodeWindowsIo: WindowsIo = { cpus, totalmem, freemem, statfs: (path) => statfs(path) };

/** Milliseconds from outside, as a safe non-negative number (garbage becomes 0). */
const ms = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** Busy and total time summed over every core; idle is the only time not busy. */
export function cpuTimesOf(cores: readonly CpuInfo[]): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cores) {
    const idle = ms(times.idle);
    const work = ms(times.user) + ms(times.nice) + ms(times.sys) + ms(times.irq);
    busy += work;
    total += work + idle;
  }
  return { busy, total };
}

export function windowsCpuReader(sleep: Sleep, io: Pick<WindowsIo, 'cpus'> = nodeWindowsIo): Reader<Readings['cpu']> {
  return deltaReader(
    async () => cpuTimesOf(io.cpus()),
    (previous, current) => ({ percent: cpuPercentBetween(previous, current) }),
    sleep,
  );
}

/** Windows' free memory (os.freemem) is its available physical memory, which is what "used" is measured against. */
export function windowsMemoryReader(io: Pick<WindowsIo, 'totalmem' | 'freemem'> = nodeWindowsIo): Reader<Readings['memory']> {
  return async () => {
    const totalBytes = ms(io.totalmem());
    return { totalBytes, usedBytes: Math.max(0, totalBytes - ms(io.freemem())) };
  };
}

export function windowsReaders(sleep: Sleep, now: () => number, io: WindowsIo = nodeWindowsIo) {
  return { cpu: windowsCpuReader(sleep, io), memory: windowsMemoryReader(io), disks: windowsDisksReader(sleep, now, io.statfs) };
}
