import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linuxBatteryReader, linuxCpuReader, linuxDisksReader, linuxNetworkReader } from '../../src/system/linux/readers.js';
import { dataMounts, parseBatteryUevent, parseDefaultRoute, parseMeminfo, parseMounts, parseNetDev, parseProcStat } from '../../src/system/linux/parse.js';

const signal = new AbortController().signal;

/** A fake root with the given files (paths relative to it). */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'tilebar-sys-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('Linux parsers', () => {
  it('reads CPU busy time, memory, interfaces and the default route', () => {
    expect(parseProcStat('cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 1 2 3 4\n')).toEqual({ busy: 160, total: 1000 });
    expect(parseMeminfo('MemTotal:       1000 kB\nMemFree:  100 kB\nMemAvailable:    250 kB\n')).toEqual({ totalBytes: 1_024_000, availableBytes: 256_000 });
    expect(parseMeminfo('MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 100 kB\n').availableBytes).toBe(256_000);
    const dev = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo:    6438      59    0    0    0     0          0         0     6438      59    0    0    0     0       0          0
wlp2s0: 987654321 1000 0 0 0 0 0 0 12345678 900 0 0 0 0 0 0
`;
    expect(parseNetDev(dev)).toEqual([
      { name: 'lo', receivedBytes: 6438, transmittedBytes: 6438 },
      { name: 'wlp2s0', receivedBytes: 987_654_321, transmittedBytes: 12_345_678 },
    ]);
    const route = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
wlp2s0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
enp3s0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0
enp3s0\t0001A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0
`;
    expect(parseDefaultRoute(route)).toBe('enp3s0');
    expect(parseDefaultRoute('Iface\tDestination\n')).toBeUndefined();
  });

  it('keeps data file systems once each and leaves out virtual ones and snaps', () => {
    const mounts = parseMounts(`proc /proc proc rw 0 0
/dev/nvme0n1p2 / ext4 rw,relatime 0 0
/dev/nvme0n1p2 /var/lib/docker/x ext4 rw 0 0
/dev/nvme0n1p3 /home btrfs rw 0 0
tmpfs /run tmpfs rw 0 0
/dev/loop3 /snap/core/1 squashfs ro 0 0
/dev/sdb1 /media/me/My\\040Stick vfat rw 0 0
nas:/export /mnt/nas nfs4 ro 0 0
`);
    expect(dataMounts(mounts).map((m) => [m.mount, m.device, m.readOnly])).toEqual([
      ['/', '/dev/nvme0n1p2', false],
      ['/home', '/dev/nvme0n1p3', false],
      ['/media/me/My Stick', '/dev/sdb1', false],
      ['/mnt/nas', 'nas:/export', true],
    ]);
    // A container's root is an overlay: still the disk the user has.
    expect(dataMounts(parseMounts('overlay / overlay rw 0 0\nproc /proc proc rw 0 0\n')).map((m) => m.mount)).toEqual(['/']);
  });

  it('reads system batteries from uevent files and leaves out peripherals', () => {
    expect(parseBatteryUevent('BAT0', 'POWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_STATUS=Discharging\nPOWER_SUPPLY_CAPACITY=57\nPOWER_SUPPLY_ENERGY_NOW=28500000\nPOWER_SUPPLY_ENERGY_FULL=50000000\n')).toEqual({
      name: 'BAT0',
      percent: 57,
      state: 'discharging',
      now: 28_500_000,
      full: 50_000_000,
    });
    expect(parseBatteryUevent('hidpp_battery_0', 'POWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_SCOPE=Device\nPOWER_SUPPLY_CAPACITY=90\n')).toBeUndefined();
    expect(parseBatteryUevent('AC', 'POWER_SUPPLY_TYPE=Mains\nPOWER_SUPPLY_ONLINE=1\n')).toBeUndefined();
    expect(parseBatteryUevent('CMB1', 'POWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_STATUS=Not charging\nPOWER_SUPPLY_CHARGE_NOW=3000\nPOWER_SUPPLY_CHARGE_FULL=4000\n')).toMatchObject({
      percent: 75,
      state: 'not charging',
    });
  });
});

describe('Linux readers on a fake /proc and /sys', () => {
  it('finds every battery in the power-supply class, not only BAT0 and BAT1', async () => {
    const root = await tree({
      'sys/class/power_supply/AC/uevent': 'POWER_SUPPLY_TYPE=Mains\n',
      'sys/class/power_supply/BAT2/uevent': 'POWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_STATUS=Charging\nPOWER_SUPPLY_CAPACITY=40\n',
      'sys/class/power_supply/CMB0/uevent': 'POWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_STATUS=Discharging\nPOWER_SUPPLY_CAPACITY=80\n',
    });
    const r = await linuxBatteryReader({ root })(signal);
    expect(r.batteries.map((b) => [b.name, b.percent, b.state])).toEqual([
      ['BAT2', 40, 'charging'],
      ['CMB0', 80, 'discharging'],
    ]);
    expect(await linuxBatteryReader({ root: join(root, 'nothing') })(signal)).toEqual({ batteries: [] });
  });

  it('measures the first CPU reading over a short second sample instead of showing 0 %', async () => {
    const root = await tree({ 'proc/stat': 'cpu  100 0 100 800 0 0 0 0 0 0\n' });
    const waits: number[] = [];
    const read = linuxCpuReader(
      async (ms) => {
        waits.push(ms);
        await writeFile(join(root, 'proc/stat'), 'cpu  150 0 150 900 0 0 0 0 0 0\n');
      },
      { root },
    );
    expect(await read(signal)).toEqual({ percent: 50 });
    expect(waits).toEqual([250]);
    await writeFile(join(root, 'proc/stat'), 'cpu  150 0 150 1000 0 0 0 0 0 0\n');
    expect(await read(signal)).toEqual({ percent: 0 });
    expect(waits).toEqual([250]);
  });

  it('computes network rates on the default interface from the elapsed time', async () => {
    const dev = (rx: number, tx: number) => `h1\nh2\n  eth0: ${rx} 0 0 0 0 0 0 0 ${tx} 0 0 0 0 0 0 0\n`;
    const root = await tree({ 'proc/net/dev': dev(1000, 500), 'proc/net/route': 'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\neth0\t00000000\t01\t0003\t0\t0\t0\t00000000\n' });
    let now = 0;
    const read = linuxNetworkReader(
      async (ms) => {
        now += ms;
        await writeFile(join(root, 'proc/net/dev'), dev(1000 + 2560, 500 + 256));
      },
      () => now,
      { root },
    );
    expect(await read(signal)).toMatchObject({ defaultInterface: 'eth0', receivedPerSecond: 10_240, transmittedPerSecond: 1024 });
  });

  it('reports a mount whose size query hangs as unresponsive, without waiting for it or asking again', async () => {
    const root = await tree({
      'proc/self/mounts': '/dev/sda1 / ext4 rw 0 0\nnas:/export /mnt/nas nfs4 rw 0 0\n/dev/sdb1 /media/usb vfat rw 0 0\n',
      'sys/devices/pci0/block/sdb/removable': '1\n',
      'sys/devices/pci0/block/sdb/sdb1/partition': '1\n',
      'sys/devices/pci0/block/sda/removable': '0\n',
      'sys/devices/pci0/block/sda/sda1/partition': '1\n',
    });
    await mkdir(join(root, 'sys/class/block'), { recursive: true });
    await symlink(join(root, 'sys/devices/pci0/block/sdb/sdb1'), join(root, 'sys/class/block/sdb1'));
    await symlink(join(root, 'sys/devices/pci0/block/sda/sda1'), join(root, 'sys/class/block/sda1'));
    const asked: string[] = [];
    const statfsOf = (path: string) => {
      asked.push(path.slice(root.length));
      if (path.endsWith('/mnt/nas')) return new Promise<never>(() => undefined);
      return Promise.resolve({ blocks: 1000, bfree: 400, bavail: 350, bsize: 4096 });
    };
    const budgets: number[] = [];
    const sleep = (ms: number, s: AbortSignal) =>
      new Promise<void>((resolve) => {
        budgets.push(ms);
        // The budget runs out at once for the hung mount; for the others the query wins first.
        setTimeout(resolve, 5);
        s.addEventListener('abort', () => resolve(), { once: true });
      });
    const read = linuxDisksReader(sleep, { root }, statfsOf);
    const first = await read(signal);
    expect(first.disks.map((d) => [d.mount, d.name, d.removable, d.unresponsive ?? false, d.usedBytes, d.availableBytes])).toEqual([
      ['/', 'sda1', false, false, 600 * 4096, 350 * 4096],
      ['/media/usb', 'sdb1', true, false, 600 * 4096, 350 * 4096],
      ['/mnt/nas', 'nas:/export', false, true, 0, 0],
    ]);
    const second = await read(signal);
    expect(second.disks.find((d) => d.mount === '/mnt/nas')?.unresponsive).toBe(true);
    expect(asked.filter((p) => p === '/mnt/nas')).toHaveLength(1);
  });
});
