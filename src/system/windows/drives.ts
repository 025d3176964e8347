/**
 * Windows drives: the letters C: to Z: whose root answers statfs. A drive letter that is missing or not ready
 * (an empty card reader answers ENOTREADY/EBUSY) is skipped. All 24 letters are tried only every
 * DRIVE_RESCAN_MS; polls in between ask only the drives last found, so a poll costs one statfs per drive.
 * Node cannot tell a drive's label, file system, removability or read-only state: those are left plain.
 */
import { setMaxListeners } from 'node:events';
import { boundedSizes, type StatfsOf } from '../disk-size.js';
import type { Disk, Reader, Readings } from '../readings.js';
import type { Sleep } from '../sampler.js';

/** A: and B: are left out: on the machines that still have them they are floppy drives, slow to ask. */
export const DRIVE_ROOTS: readonly string[] = [...'CDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => `${letter}:\\`);

/** How often every drive letter is tried again, to see drives plugged in or mapped since. */
export const DRIVE_RESCAN_MS = 30_000;

type Outcome = { root: string; disk: Disk } | undefined;

export function windowsDisksReader(sleep: Sleep, now: () => number, statfsOf: StatfsOf): Reader<Readings['disks']> {
  const sizes = boundedSizes(sleep, statfsOf);
  let drives: readonly string[] = [];
  let scannedAt: number | undefined;

  const ask = async (root: string, signal: AbortSignal): Promise<Outcome> => {
    let size;
    try {
      size = await sizes.size(root, signal);
    } catch {
      return undefined; // no such drive, or not ready: not a disk to show
    }
    const known = size ?? sizes.lastKnown(root);
    const disk: Disk = {
      mount: root,
      name: root.slice(0, 2),
      fsType: '',
      totalBytes: known?.totalBytes ?? 0,
      usedBytes: known?.usedBytes ?? 0,
      availableBytes: known?.availableBytes ?? 0,
      readOnly: false,
      removable: false,
      ...(size === undefined ? { unresponsive: true } : {}),
    };
    return { root, disk };
  };

  return async (signal) => {
    const rescan = scannedAt === undefined || now() - scannedAt >= DRIVE_RESCAN_MS;
    if (rescan) scannedAt = now();
    // One signal for this poll's queries, which each listen to it: up to 24 at once is expected, not a leak.
    const poll = new AbortController();
    setMaxListeners(DRIVE_ROOTS.length + 1, poll.signal);
    const stop = () => poll.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let outcomes: Outcome[];
    try {
      outcomes = await Promise.all((rescan ? DRIVE_ROOTS : drives).map((root) => ask(root, poll.signal)));
    } finally {
      signal.removeEventListener('abort', stop);
    }
    const found = outcomes.filter((o) => o !== undefined);
    drives = found.map((o) => o.root);
    return { disks: found.map((o) => o.disk) };
  };
}
