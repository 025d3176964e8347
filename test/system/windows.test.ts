/**
 * Windows readers (issue 33): CPU, memory and disks come from Node's own os and fs calls, so a bar on Windows
 * starts no process per poll. os and fs are faked, so all of this runs on Linux.
 */
import childProcess from 'node:child_process';
import type { CpuInfo } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineReaders } from '../../src/system/readers.js';
import { cpuTimesOf, windowsDisksReader, DRIVE_RESCAN_MS, type WindowsIo } from '../../src/system/windows/readers.js';
import { cpuPercentBetween } from '../../src/system/linux/parse.js';
import { DISK_QUERY_BUDGET_MS } from '../../src/system/disk-size.js';

/** Waits end at once, except a disk query's budget, which never runs out: each fake statfs answers first. */
const noSleep = (ms: number, s: AbortSignal) =>
  ms === DISK_QUERY_BUDGET_MS ? new Promise<void>((resolve) => s.addEventListener('abort', () => resolve(), { once: true })) : Promise.resolve();
const signal = new AbortController().signal;

const cpu = (user: number, sys: number, idle: number, irq = 0, nice = 0): CpuInfo => ({ model: 'fake', speed: 2000, times: { user, nice, sys, idle, irq } });

type DriveState = 'ok' | 'missing' | 'notready' | 'denied' | 'hung';

/** A machine whose counters move by `step` each poll: 1 of 4 time units busy on each core. */
function fakeMachine(drives: Record<string, DriveState>): WindowsIo & { polls: () => number } {
  let cpusCalls = 0;
  return {
    cpus: () => {
      cpusCalls += 1;
      const t = cpusCalls * 100;
      return [cpu(t, 0, 3 * t), cpu(t / 2, t / 2, 3 * t)];
    },
    totalmem: () => 16 * 2 ** 30,
    freemem: () => 4 * 2 ** 30,
    statfs: async (path) => {
      const state = drives[path];
      if (state === 'ok') return { blocks: 1000, bfree: 400, bavail: 400, bsize: 4096 };
      if (state === 'hung') return new Promise<never>(() => undefined);
      const code = state === 'notready' ? 'EBUSY' : state === 'denied' ? 'EACCES' : 'ENOENT';
      throw Object.assign(new Error(`${code}: statfs '${path}'`), { code });
    },
    polls: () => cpusCalls,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('readers on Windows', () => {
  it('read CPU, memory and disks over 10 polls without starting a single process', async () => {
    const spies = (['spawn', 'exec', 'execFile', 'execSync', 'execFileSync', 'spawnSync', 'fork'] as const).map((name) => vi.spyOn(childProcess, name));
    const windows = fakeMachine({ 'C:\\': 'ok', 'D:\\': 'ok' });
    const readers = machineReaders({ platform: 'win32', sleep: noSleep, now: () => 0, update: { url: 'http://127.0.0.1:9/' }, userAgent: 't', windows });
    const seen = [];
    for (let poll = 0; poll < 10; poll += 1) {
      seen.push({ cpu: await readers.cpu(signal), memory: await readers.memory(signal), mounts: (await readers.disks(signal)).disks.map((d) => d.mount) });
    }
    expect(Object.fromEntries(spies.map((s) => [s.getMockName(), s.mock.calls.length]))).toEqual(Object.fromEntries(spies.map((s) => [s.getMockName(), 0])));
    for (const reading of seen) {
      expect(reading).toEqual({ cpu: { percent: 25 }, memory: { totalBytes: 16 * 2 ** 30, usedBytes: 12 * 2 ** 30 }, mounts: ['C:\\', 'D:\\'] });
    }
  });

  it('work out the busy share from two os.cpus() answers, summed over every core', () => {
    const before = cpuTimesOf([cpu(100, 50, 800, 10, 40), cpu(0, 0, 1000)]);
    expect(before).toEqual({ busy: 200, total: 2000 });
    // 150 ms more busy on the first core, 300 ms more in all: half busy.
    const after = cpuTimesOf([cpu(200, 100, 850, 10, 40), cpu(0, 0, 1100)]);
    expect(cpuPercentBetween(before, after)).toBe(50);
    // Nothing to compare (no cores reported, or garbage): 0 %, not NaN.
    expect(cpuTimesOf([])).toEqual({ busy: 0, total: 0 });
    expect(cpuTimesOf([cpu(Number.NaN, -5, Infinity)])).toEqual({ busy: 0, total: 0 });
  });

  it('list the drive letters that answer, skip missing and not-ready ones, and look for new ones only now and then', async () => {
    const drives: Record<string, DriveState> = { 'C:\\': 'ok', 'E:\\': 'notready', 'F:\\': 'ok', 'G:\\': 'denied' };
    const machine = fakeMachine(drives);
    const asked: string[] = [];
    const statfs = (path: string) => (asked.push(path), machine.statfs(path));
    let clock = 0;
    const read = windowsDisksReader(noSleep, () => clock, statfs);

    const first = await read(signal);
    expect(first.disks).toEqual([
      { mount: 'C:\\', name: 'C:', fsType: '', totalBytes: 4_096_000, usedBytes: 2_457_600, availableBytes: 1_638_400, readOnly: false, removable: false },
      expect.objectContaining({ mount: 'F:\\', name: 'F:' }),
    ]);
    expect(asked).toHaveLength(24); // C: to Z:, once

    // A card goes into the reader: not seen until the next scan; polls between ask only the known drives.
    drives['E:\\'] = 'ok';
    asked.length = 0;
    clock = DRIVE_RESCAN_MS - 1;
    expect((await read(signal)).disks.map((d) => d.mount)).toEqual(['C:\\', 'F:\\']);
    expect(asked).toEqual(['C:\\', 'F:\\']);

    clock = DRIVE_RESCAN_MS;
    drives['F:\\'] = 'missing';
    expect((await read(signal)).disks.map((d) => d.mount)).toEqual(['C:\\', 'E:\\']);
  });

  it('show a mapped drive that never answers as unresponsive, without waiting for it or asking it twice at once', async () => {
    const asked: string[] = [];
    const machine = fakeMachine({ 'C:\\': 'ok', 'N:\\': 'hung' });
    // Here the budget of a query runs out at once; a drive that answers still answers first.
    const budgetGone = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const read = windowsDisksReader(budgetGone, () => 0, (path) => (asked.push(path), machine.statfs(path)));
    const first = await read(signal);
    expect(first.disks.map((d) => [d.mount, d.unresponsive ?? false])).toEqual([
      ['C:\\', false],
      ['N:\\', true],
    ]);
    asked.length = 0;
    const second = await read(signal);
    expect(second.disks.map((d) => [d.mount, d.unresponsive ?? false])).toEqual([
      ['C:\\', false],
      ['N:\\', true],
    ]);
    expect(asked).toEqual(['C:\\']);
  });
});
