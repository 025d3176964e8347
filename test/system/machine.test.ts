import { describe, expect, it } from 'vitest';
import { machineReaders } from '../../src/system/readers.js';
import type { Readers } from '../../src/system/readings.js';
import { siBatteryReader, siCpuReader, siDisksReader, siMemoryReader, siNetworkReader } from '../../src/system/si-readers.js';
import { realTimers, sleeper } from '../../src/scheduler/timers.js';

const sleep = sleeper(realTimers);

async function plausible(readers: Omit<Readers, 'update'>) {
  const signal = AbortSignal.timeout(20_000);
  const [cpu, memory, network, disks, battery] = await Promise.all([
    readers.cpu(signal),
    readers.memory(signal),
    readers.network(signal),
    readers.disks(signal),
    readers.battery(signal),
  ]);
  expect(cpu.percent).toBeGreaterThanOrEqual(0);
  expect(cpu.percent).toBeLessThanOrEqual(100);
  expect(memory.totalBytes).toBeGreaterThan(0);
  expect(memory.usedBytes).toBeGreaterThan(0);
  expect(memory.usedBytes).toBeLessThanOrEqual(memory.totalBytes);
  expect(network.interfaces.length).toBeGreaterThan(0);
  for (const i of network.interfaces) {
    expect(i.receivedBytes).toBeGreaterThanOrEqual(0);
    expect(i.transmittedBytes).toBeGreaterThanOrEqual(0);
  }
  if (network.defaultInterface) {
    expect(network.interfaces.map((i) => i.name)).toContain(network.defaultInterface);
    expect(network.receivedPerSecond).toBeGreaterThanOrEqual(0);
  }
  expect(disks.disks.length).toBeGreaterThan(0);
  for (const d of disks.disks) {
    expect(d.totalBytes).toBeGreaterThan(0);
    expect(d.usedBytes).toBeGreaterThanOrEqual(0);
    expect(d.availableBytes).toBeGreaterThanOrEqual(0);
    expect(d.usedBytes + d.availableBytes).toBeLessThanOrEqual(d.totalBytes);
  }
  expect(disks.disks.map((d) => d.mount)).toContain(process.platform === 'win32' ? 'C:' : '/');
  for (const b of battery.batteries) {
    expect(b.percent).toBeGreaterThanOrEqual(0);
    expect(b.percent).toBeLessThanOrEqual(100);
  }
  return { cpu, memory, network, disks, battery };
}

describe('reading this machine', () => {
  it('gets plausible values through the readers the bar uses', async () => {
    const readers = machineReaders({ platform: process.platform, sleep, now: () => performance.now(), update: { url: 'http://127.0.0.1:9/' }, userAgent: 'tilebar-test' });
    await plausible(readers);
  });

  it.skipIf(process.platform !== 'linux')('agrees with systeminformation on memory, disks and interfaces', async () => {
    const direct = await plausible(machineReaders({ platform: 'linux', sleep, now: () => performance.now(), update: { url: 'http://127.0.0.1:9/' }, userAgent: 't' }));
    const si = await plausible({ cpu: siCpuReader(sleep), memory: siMemoryReader(), network: siNetworkReader(sleep, () => performance.now()), disks: siDisksReader(), battery: siBatteryReader() });
    expect(Math.abs(direct.memory.totalBytes - si.memory.totalBytes) / si.memory.totalBytes).toBeLessThan(0.01);
    const root = (r: typeof direct) => r.disks.disks.find((d) => d.mount === '/');
    expect(root(direct)?.totalBytes).toBe(root(si)?.totalBytes);
    expect(Math.abs((root(direct)?.usedBytes ?? 0) - (root(si)?.usedBytes ?? 0))).toBeLessThan(1024 ** 3);
    expect(direct.network.defaultInterface ?? '').toBe(si.network.defaultInterface ?? '');
  });
});
