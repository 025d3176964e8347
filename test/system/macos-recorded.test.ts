/**
 * macOS readers over outputs recorded on real Macs (issue 33): tilebar's darwin readers (machineReaders with
 * platform 'darwin' → src/system/si-readers.ts → systeminformation) run here on Linux, with systeminformation loaded
 * as on a Mac and every command it starts answered by what a real Mac printed (test/fixtures/macos/README.md names
 * where each output comes from). The expected readings are worked out by hand from the recorded text.
 */
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineReaders } from '../../src/system/readers.js';
import type { Readers } from '../../src/system/readings.js';
import { loadSysteminformationOnMac, recorded, RecordedShell, type Recordings } from './macos/recorded-shell.js';

const shell = { current: new RecordedShell(new Map()) };
loadSysteminformationOnMac(shell);

const signal = new AbortController().signal;
const noSleep = () => Promise.resolve();

function mac(recordings: Recordings, sleep: (ms: number) => Promise<void> = noSleep): Readers {
  shell.current = new RecordedShell(recordings);
  return machineReaders({ platform: 'darwin', sleep, now: () => Date.now(), updateUrl: 'http://127.0.0.1:9/', userAgent: 't' });
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
