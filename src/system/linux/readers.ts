/** Linux readers: /proc, /sys and statfs directly, no child processes (see bench/readers.mjs). */
import { BoundedCache } from '../../io/bounded-cache.js';
import { readdir, readFile, realpath, statfs } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { boundedSizes, type StatfsOf } from '../disk-size.js';
import { MAX_DISKS, type Battery, type Disk, type Reader, type Readings } from '../readings.js';
import { deltaReader, networkReading, type NetworkSample, type Sleep } from '../sampler.js';
import { ProcFile } from './proc-file.js';
import { cpuPercentBetween, dataMounts, parseBatteryUevent, parseDefaultRoute, parseMeminfo, parseMounts, parseNetDev, parseProcStat } from './parse.js';

export interface LinuxPaths {
  /** Normally `/`; tests point it at a fake tree. */
  root: string;
}

const text = (root: string, path: string, signal?: AbortSignal) => readFile(join(root, path), { encoding: 'utf8', ...(signal ? { signal } : {}) });

export function linuxCpuReader(sleep: Sleep, { root }: LinuxPaths = { root: '/' }): Reader<Readings['cpu']> {
  const stat = new ProcFile(join(root, 'proc/stat'));
  return deltaReader(
    async () => parseProcStat(await stat.text()),
    (previous, current) => ({ percent: cpuPercentBetween(previous, current) }),
    sleep,
  );
}

export function linuxMemoryReader({ root }: LinuxPaths = { root: '/' }): Reader<Readings['memory']> {
  const meminfo = new ProcFile(join(root, 'proc/meminfo'));
  return async () => {
    const { totalBytes, availableBytes } = parseMeminfo(await meminfo.text());
    return { totalBytes, usedBytes: Math.max(0, totalBytes - availableBytes) };
  };
}

export function linuxNetworkReader(sleep: Sleep, now: () => number, { root }: LinuxPaths = { root: '/' }): Reader<Readings['network']> {
  const devFile = new ProcFile(join(root, 'proc/net/dev'));
  const routeFile = new ProcFile(join(root, 'proc/net/route'));
  const sample = async (): Promise<NetworkSample> => {
    const [dev, route] = await Promise.all([devFile.text(), routeFile.text().catch(() => '')]);
    const defaultInterface = parseDefaultRoute(route);
    return { at: now(), interfaces: parseNetDev(dev), ...(defaultInterface ? { defaultInterface } : {}) };
  };
  return deltaReader(sample, networkReading, sleep);
}

/** Disks with sizes from statfs, bounded per mount (see ../disk-size.ts): no poll waits for a dead network mount. */
export function linuxDisksReader(sleep: Sleep, { root }: LinuxPaths = { root: '/' }, statfsOf: StatfsOf = (path) => statfs(path)): Reader<Readings['disks']> {
  const sizes = boundedSizes(sleep, statfsOf);
  // Saves a realpath and a read in /sys per disk every poll; bounded, as devices come and go over months of uptime.
  const removableCache = new BoundedCache<string, boolean>({ maxEntries: 256 });

  const removable = async (device: string) => {
    const name = basename(device);
    const hit = removableCache.get(name);
    if (hit !== undefined) return hit;
    let value = false;
    try {
      // /sys/class/block/sdb1 → …/block/sdb/sdb1: a partition's flag is on its parent disk.
      const real = await realpath(join(root, 'sys/class/block', name));
      const flag = await readFile(join(real, 'removable'), 'utf8').catch(() => readFile(join(dirname(real), 'removable'), 'utf8'));
      value = flag.trim() === '1';
    } catch {
      value = false;
    }
    removableCache.set(name, value);
    return value;
  };

  const mountsFile = new ProcFile(join(root, 'proc/self/mounts'));
  return async (signal) => {
    const all = dataMounts(parseMounts(await mountsFile.text()));
    // Sizes are queried for the first MAX_DISKS only: a statfs each for thousands of mounts every poll is not a bar's job.
    const mounts = all.slice(0, MAX_DISKS);
    const disks = await Promise.all(
      mounts.map(async (m): Promise<Disk> => {
        const [s, isRemovable] = await Promise.all([sizes.size(join(root, m.mount), signal).catch(() => undefined), m.device.startsWith('/dev/') ? removable(m.device) : false]);
        const known = s ?? sizes.lastKnown(join(root, m.mount));
        return {
          mount: m.mount,
          name: m.device.startsWith('/dev/') ? basename(m.device) : m.device,
          fsType: m.fsType,
          totalBytes: known?.totalBytes ?? 0,
          usedBytes: known?.usedBytes ?? 0,
          availableBytes: known?.availableBytes ?? 0,
          readOnly: m.readOnly,
          removable: isRemovable,
          ...(s === undefined ? { unresponsive: true } : {}),
        };
      }),
    );
    return { disks, ...(all.length > mounts.length ? { omitted: all.length - mounts.length } : {}) };
  };
}

export function linuxBatteryReader({ root }: LinuxPaths = { root: '/' }): Reader<Readings['battery']> {
  return async (signal) => {
    const dir = 'sys/class/power_supply';
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    const batteries = await Promise.all(
      names.sort().map(async (name) => {
        const uevent = await text(root, join(dir, name, 'uevent'), signal).catch(() => '');
        return parseBatteryUevent(name, uevent);
      }),
    );
    return { batteries: batteries.filter((b): b is Battery => b !== undefined) };
  };
}
