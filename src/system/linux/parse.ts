/** Pure parsers of the Linux files the readers use; each takes the file's text. */
import type { Battery, BatteryState, InterfaceCounters } from '../readings.js';
import { compareNames } from '../../text/compare.js';

export interface CpuTimes {
  busy: number;
  total: number;
}

/** The aggregate `cpu` line of /proc/stat: busy = everything but idle and iowait (guest is inside user). */
export function parseProcStat(text: string): CpuTimes {
  // The aggregate line comes first (a line per CPU follows, and more): no need to split them all.
  const first = text.slice(0, text.indexOf('\n') >>> 0);
  const line = first.startsWith('cpu ') ? first : text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no aggregate cpu line');
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** Busy share between two samples, 0–100; 0 when no time passed. */
export function cpuPercentBetween(previous: CpuTimes, current: CpuTimes): number {
  const total = current.total - previous.total;
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, ((current.busy - previous.busy) * 100) / total));
}

/** MemTotal and MemAvailable of /proc/meminfo, in bytes. */
export function parseMeminfo(text: string): { totalBytes: number; availableBytes: number } {
  const kib = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text);
    return m?.[1] === undefined ? undefined : Number(m[1]) * 1024;
  };
  const totalBytes = kib('MemTotal');
  // Kernels before 3.14 have no MemAvailable: free + buffers + cache is the old approximation.
  const availableBytes = kib('MemAvailable') ?? (kib('MemFree') ?? 0) + (kib('Buffers') ?? 0) + (kib('Cached') ?? 0);
  if (totalBytes === undefined) throw new Error('/proc/meminfo has no MemTotal');
  return { totalBytes, availableBytes };
}

/** Per-interface byte counters of /proc/net/dev. */
export function parseNetDev(text: string): InterfaceCounters[] {
  return text
    .split('\n')
    .slice(2)
    .map((line) => /^\s*([^:\s]+):\s*(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const fields = (m[2] ?? '').trim().split(/\s+/).map(Number);
      return { name: m[1] ?? '', receivedBytes: fields[0] ?? 0, transmittedBytes: fields[8] ?? 0 };
    });
}

/** The interface of the default IPv4 route with the lowest metric in /proc/net/route. */
export function parseDefaultRoute(text: string): string | undefined {
  let best: { name: string; metric: number } | undefined;
  for (const line of text.split('\n').slice(1)) {
    const [name, destination, , flags, , , metric, mask] = line.trim().split(/\s+/);
    if (!name || destination !== '00000000' || mask !== '00000000') continue;
    // RTF_UP (0x1) must be set.
    if ((Number.parseInt(flags ?? '0', 16) & 1) === 0) continue;
    const m = Number(metric ?? 0);
    if (!best || m < best.metric) best = { name, metric: m };
  }
  return best?.name;
}

export interface MountEntry {
  device: string;
  mount: string;
  fsType: string;
  readOnly: boolean;
}

/** /proc/self/mounts lines; octal escapes (`\040` for a space) decoded. */
export function parseMounts(text: string): MountEntry[] {
  const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
  return text
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([device = '', mount = '', fsType = '', options = '']) => ({
      device: unescape(device),
      mount: unescape(mount),
      fsType,
      readOnly: options.split(',').includes('ro'),
    }));
}

/** File systems that hold user data; everything else in /proc/self/mounts is virtual. */
const DATA_FILESYSTEMS = new Set([
  'ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'f2fs', 'vfat', 'exfat', 'msdos', 'ntfs', 'ntfs3', 'fuseblk',
  'hfsplus', 'apfs', 'jfs', 'reiserfs', 'bcachefs', 'udf', 'iso9660', 'nfs', 'nfs4', 'cifs', 'smb3',
  'fuse.sshfs', 'fuse.rclone', '9p', 'virtiofs', 'ceph', 'glusterfs',
]);

/**
 * The mounts a user thinks of as disks: data file systems (bind mounts of one device counted once, at its
 * shortest path), plus the root whatever it is (a container's overlay). Snap and loop images are left out.
 */
export function dataMounts(entries: readonly MountEntry[]): MountEntry[] {
  const byDevice = new Map<string, MountEntry>();
  for (const e of entries) {
    const data = DATA_FILESYSTEMS.has(e.fsType) || (e.mount === '/' && e.fsType !== 'rootfs');
    if (!data || e.device.startsWith('/dev/loop') || e.fsType === 'squashfs') continue;
    const seen = byDevice.get(e.device);
    if (!seen || e.mount.length < seen.mount.length) byDevice.set(e.device, e);
  }
  return [...byDevice.values()].sort((a, b) => compareNames(a.mount, b.mount));
}

/** `POWER_SUPPLY_*` lines of a power-supply uevent file → a battery, if it is a system battery. */
export function parseBatteryUevent(name: string, text: string): Battery | undefined {
  const kv = new Map(
    text
      .split('\n')
      .map((l) => /^POWER_SUPPLY_([A-Z_]+)=(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  // Mice, keyboards and headsets report scope Device: they are not the machine's battery.
  if (kv.get('TYPE') !== 'Battery' || kv.get('SCOPE') === 'Device' || kv.get('PRESENT') === '0') return undefined;
  const num = (k: string) => (kv.has(k) && kv.get(k) !== '' ? Number(kv.get(k)) : undefined);
  const now = num('ENERGY_NOW') ?? num('CHARGE_NOW');
  const full = num('ENERGY_FULL') ?? num('CHARGE_FULL');
  const capacity = num('CAPACITY') ?? (now !== undefined && full ? (now * 100) / full : undefined);
  if (capacity === undefined || Number.isNaN(capacity)) return undefined;
  const status = (kv.get('STATUS') ?? 'Unknown').toLowerCase();
  const state: BatteryState = (['charging', 'discharging', 'full', 'not charging'] as const).find((s) => s === status) ?? 'unknown';
  return {
    name,
    percent: Math.max(0, Math.min(100, capacity)),
    state,
    ...(now !== undefined && full ? { now, full } : {}),
  };
}
