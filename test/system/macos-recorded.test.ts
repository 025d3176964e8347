/**
 * macOS readers over outputs recorded on real Macs (issue 33): tilebar's darwin readers (machineReaders with
 * platform 'darwin' → src/system/si-readers.ts → systeminformation) run here on Linux, with systeminformation loaded
 * as on a Mac and every command it starts answered by what a real Mac printed (test/fixtures/macos/README.md names
 * where each output comes from). The expected readings are worked out by hand from the recorded text.
 */
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineReaders } from '../../src/system/readers.js';
import { macUserVolumes } from '../../src/system/mac-volumes.js';
import type { Readers } from '../../src/system/readings.js';
import { loadSysteminformationOnMac, recorded, RecordedShell, type Recordings } from './macos/recorded-shell.js';

const shell = { current: new RecordedShell(new Map()) };
loadSysteminformationOnMac(shell);

const signal = new AbortController().signal;
const noSleep = () => Promise.resolve();

function mac(recordings: Recordings, sleep: (ms: number) => Promise<void> = noSleep): Readers {
  shell.current = new RecordedShell(recordings);
  return machineReaders({ platform: 'darwin', sleep, now: () => Date.now(), update: { url: 'http://127.0.0.1:9/' }, userAgent: 't' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const GiB = 1024 ** 3;

describe('memory on a Mac (vm_stat)', () => {
  it('counts app memory, wired and compressed pages as used, as Activity Monitor does', async () => {
    // The recording's Mac: 4 KiB pages. Its hw.memsize was not recorded; the page queues add up to 8,387,868 pages
    // (free 6127229 + active 485320 + inactive 628646 + speculative 430715 + wired 715958), just under 32 GiB.
    vi.spyOn(os, 'totalmem').mockReturnValue(32 * GiB);
    vi.spyOn(os, 'freemem').mockReturnValue(6127229 * 4096); // Node's freemem on macOS is "Pages free" × page size
    const memory = await mac(new Map([['vm_stat', recorded('vm_stat.txt')]])).memory(signal);
    // used = (Anonymous 464333 − purgeable 11820 + wired 715958 + compressor 0) × 4096 = 1,168,471 × 4096 bytes
    expect(memory).toEqual({ totalBytes: 32 * GiB, usedBytes: 1_168_471 * 4096 });
    expect(Math.round((100 * memory.usedBytes) / memory.totalBytes)).toBe(14);
    expect(shell.current.asked.some((c) => c.startsWith('vm_stat'))).toBe(true);
  });
});

describe('battery on a Mac (ioreg + pmset)', () => {
  const battery = (pmset: string) =>
    mac(
      new Map([
        ['ioreg -n AppleSmartBattery -r', recorded('ioreg-AppleSmartBattery-capacity.txt')],
        ['pmset -g batt', recorded(pmset)],
      ]),
    ).battery(signal);

  it("shows pmset's percentage and state", async () => {
    // ioreg's AppleRawMaxCapacity 5170 and AppleRawCurrentCapacity 5038 say there is a battery; the percentage and
    // state come from pmset's line: "89%; discharging", "88%; AC attached; not charging", "91%; charging".
    expect(await battery('pmset-batt-discharging.txt')).toEqual({ batteries: [{ name: 'battery', percent: 89, state: 'discharging' }] });
    expect(await battery('pmset-batt-ac-attached.txt')).toEqual({ batteries: [{ name: 'battery', percent: 88, state: 'not charging' }] });
    expect(await battery('pmset-batt-charging.txt')).toEqual({ batteries: [{ name: 'battery', percent: 91, state: 'charging' }] });
    // Newer macOS prints "(id=33816675)" before the tab: "93%; discharging".
    expect(await battery('pmset-batt-with-id.txt')).toEqual({ batteries: [{ name: 'battery', percent: 93, state: 'discharging' }] });
  });
});

describe('disks on a Mac (df -kP)', () => {
  it('shows each volume a user has, with its size in bytes', async () => {
    const { disks } = await mac(new Map([['df -kP', recorded('df-k.txt')]])).disks(signal);
    // df -k counts 1024-byte blocks: /dev/disk1 243966468 blocks, 110040020 used, 133670448 available. devfs and
    // the automounter's "map" entries are not disks; a volume name with a space ("NO NAME") stays whole. Time
    // Machine's local snapshots (localhost:/… on /Volumes/MobileBackups) are no volume of the user's: always "full".
    expect(disks.map((d) => [d.mount, d.name, d.totalBytes, d.usedBytes, d.availableBytes])).toEqual([
      ['/', '/dev/disk1', 243966468 * 1024, 110040020 * 1024, 133670448 * 1024],
      ['/Volumes/NO NAME', '/dev/disk2s1', 31154688 * 1024, 2506560 * 1024, 28648128 * 1024],
    ]);
  });

  it("leaves out macOS 11+'s system volumes, which share the startup disk's space", () => {
    // The mount points `df -h` listed on a macOS VM in a Wazuh 5.0.0 test (https://github.com/wazuh/wazuh/issues/35807,
    // 2025): the sealed system volume on /, its APFS siblings under /System/Volumes (VM, Preboot, Update, Data: each
    // reports the container's free space), the Apple Silicon firmware volumes (xarts, iSCPreboot, Hardware), a
    // shared folder and a mounted disk image.
    const mounts = ['/', '/System/Volumes/VM', '/System/Volumes/Preboot', '/System/Volumes/Update', '/System/Volumes/xarts', '/System/Volumes/iSCPreboot', '/System/Volumes/Hardware', '/System/Volumes/Data', '/Volumes/My Shared Files', '/Volumes/Parallels Tools'];
    const disk = (mount: string) => ({ mount, name: mount, fsType: 'APFS', totalBytes: 1, usedBytes: 0, availableBytes: 1, readOnly: false, removable: false });
    expect(macUserVolumes(mounts.map(disk)).map((d) => d.mount)).toEqual(['/', '/Volumes/My Shared Files', '/Volumes/Parallels Tools']);
  });
});

/** `ifconfig NAME`: that interface's block of the recorded `ifconfig`. */
function ifconfigOf(name: string): string {
  const blocks = recorded('ifconfig.txt').split(/\n(?=\S)/);
  return blocks.find((b) => b.startsWith(`${name}:`)) ?? '';
}

/** `netstat -bdnI NAME`: the header and NAME's rows of the recorded `netstat -ibdnW`. */
function netstatOf(name: string): string {
  const [header = '', ...rows] = recorded('netstat-ibdnW.txt').split('\n');
  return [header, ...rows.filter((r) => r.split(/\s+/)[0] === name)].join('\n') + '\n';
}

const networkRecordings = (): Recordings =>
  new Map([
    ['route -n get default', recorded('route-get-default.txt')],
    ['/sbin/ifconfig -v', recorded('ifconfig.txt')],
    ['/sbin/ifconfig', recorded('ifconfig.txt')],
    ...['lo0', 'en0'].flatMap((n): Array<[string, string]> => [
      [`ifconfig ${n}`, ifconfigOf(n)],
      [`netstat -bdnI ${n}`, netstatOf(n)],
    ]),
  ]);

describe('network on a Mac (route, ifconfig, netstat)', () => {
  it("reads the default route's interface and each interface's byte counters", async () => {
    const reading = await mac(networkRecordings()).network(signal);
    // route: "interface: en0". netstat's Link rows: en0 Ibytes 7295722068, Obytes 379533492; lo0 12824763793 both.
    // gif0 and stf0 have no address in ifconfig, so systeminformation lists only lo0 and en0.
    expect(reading.defaultInterface).toBe('en0');
    expect(reading.interfaces).toEqual([
      { name: 'lo0', receivedBytes: 12824763793, transmittedBytes: 12824763793 },
      { name: 'en0', receivedBytes: 7295722068, transmittedBytes: 379533492 },
    ]);
  });
});

describe('network readings over time on a Mac', () => {
  let epoch = Date.now();
  /** Date.now moved only by the readers' waits, an hour past the previous test's (systeminformation keeps state). */
  function steppedClock() {
    epoch += 3_600_000;
    let clock = epoch;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    return async (ms: number) => {
      clock += ms;
    };
  }

  it('takes the first reading over two samples netstat really printed, not one it remembered', async () => {
    const readers = mac(networkRecordings(), steppedClock());
    const first = await readers.network(signal);
    // systeminformation answers a second ask for an interface within 500 ms from its memory, without netstat:
    // a first reading taken over a shorter gap compares a sample with itself and shows a made-up 0 B/s.
    expect(shell.current.asked.filter((c) => c === 'netstat -bdnI en0')).toHaveLength(2);
    expect(first.receivedPerSecond).toBe(0); // one recording, printed twice: nothing moved between the samples
  });

  it('shows no rate from a netstat that printed nothing, rather than the whole counter as one burst', async () => {
    let asked = 0;
    const recordings = networkRecordings();
    // en0's second netstat prints only its header (cut short); the others print the recorded counters.
    recordings.set('netstat -bdnI en0', () => (asked++ === 1 ? `${netstatOf('en0').split('\n')[0]}\n` : netstatOf('en0')));
    const wait = steppedClock();
    const readers = mac(recordings, wait);
    const first = await readers.network(signal);
    expect(first.interfaces.map((i) => i.name)).toEqual(['lo0']);
    await wait(1000); // the poll interval
    // Read as 0 bytes, that sample would make the next reading show all 7295722068 received bytes as one second's.
    const second = await readers.network(signal);
    expect(second.receivedPerSecond).toBeUndefined();
    await wait(1000);
    expect(await readers.network(signal)).toMatchObject({ defaultInterface: 'en0', receivedPerSecond: 0 });
  });
});

describe('a Mac going off the network', () => {
  it('says offline, rather than the last interface it had, once en0 has no link', async () => {
    // Node's own list of this Mac's addresses, as the recorded ifconfig shows them: systeminformation falls back to
    // its first external interface when route names none.
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      lo0: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
      en0: [
        { address: 'fe80::1c05:bcd3:6225:319', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '8c:85:90:90:6d:26', internal: false, cidr: 'fe80::1c05:bcd3:6225:319/64', scopeid: 4 },
        { address: '192.168.3.227', netmask: '255.255.255.0', family: 'IPv4', mac: '8c:85:90:90:6d:26', internal: false, cidr: '192.168.3.227/24' },
      ],
    });
    let clock = Date.now() + 100 * 3_600_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const recordings = networkRecordings();
    const readers = mac(recordings, async (ms) => void (clock += ms));
    expect((await readers.network(signal)).defaultInterface).toBe('en0');
    // Off the network: route prints nothing on stdout (its "not in table" goes to stderr), and en0 has no link.
    recordings.delete('route -n get default');
    recordings.set('ifconfig en0', recorded('ifconfig-en0-inactive.txt'));
    clock += 1000;
    const offline = await readers.network(signal);
    expect(offline.defaultInterface).toBeUndefined();
    expect(offline.receivedPerSecond).toBeUndefined();
  });
});

describe('what a Mac printed cut short', () => {
  it('memory: a vm_stat cut before its page counts is no reading, not 0 % used', async () => {
    vi.spyOn(os, 'totalmem').mockReturnValue(32 * GiB);
    vi.spyOn(os, 'freemem').mockReturnValue(6127229 * 4096);
    const cut = recorded('vm_stat.txt').split('\n').slice(0, 3).join('\n'); // header, Pages free, Pages active
    await expect(mac(new Map([['vm_stat', cut]])).memory(signal)).rejects.toThrow(/memory/);
  });

  it('memory: a vm_stat that printed nothing is no reading, not every page but the free ones counted as used', async () => {
    vi.spyOn(os, 'totalmem').mockReturnValue(32 * GiB);
    vi.spyOn(os, 'freemem').mockReturnValue(6127229 * 4096);
    // systeminformation then falls back to total − free, and macOS keeps few pages free (its caches are not free):
    // this Mac would read 27 % used, and a busy one near 100 %, a warning with nothing behind it.
    await expect(mac(new Map()).memory(signal)).rejects.toThrow(/memory/);
  });

  it('battery: a Mac without a battery (pmset names only the power source) shows none', async () => {
    expect(await mac(new Map([['pmset -g batt', "Now drawing from 'AC Power'\n"]])).battery(signal)).toEqual({ batteries: [] });
  });

  it('disks: a df cut in its first line shows no disk rather than a wrong one', async () => {
    expect(await mac(new Map([['df -kP', recorded('df-k.txt').slice(0, 150)]])).disks(signal)).toEqual({ disks: [] });
  });
});
