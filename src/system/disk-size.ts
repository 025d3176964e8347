/** Disk sizes from statfs, bounded so that a drive that never answers (a dead network mount) never holds a poll. */
import type { StatsFs } from 'node:fs';
import type { Sleep } from './sampler.js';

export type StatfsOf = (path: string) => Promise<Pick<StatsFs, 'blocks' | 'bfree' | 'bavail' | 'bsize'>>;

export interface DiskSize {
  totalBytes: number;
  usedBytes: number;
  availableBytes: number;
}

/** How long one mount's size query may take before that disk is reported unresponsive. */
export const DISK_QUERY_BUDGET_MS = 1000;

/** A count from outside, as a safe non-negative number (garbage becomes 0). */
const count = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

export interface BoundedSizes {
  /** The size of `path`; undefined when it did not answer in time (or its previous query is still out); rejects when statfs fails. */
  size(path: string, signal: AbortSignal): Promise<DiskSize | undefined>;
  /** The last size that came back for `path`, to show while it is unresponsive. */
  lastKnown(path: string): DiskSize | undefined;
}

/**
 * A statfs that never returns holds one of libuv's four pool threads; so a path whose previous query is still
 * pending is not queried again, only reported as unresponsive, and no poll waits past DISK_QUERY_BUDGET_MS.
 */
export function boundedSizes(sleep: Sleep, statfsOf: StatfsOf): BoundedSizes {
  const pending = new Set<string>();
  const known = new Map<string, DiskSize>();

  const size = async (path: string, signal: AbortSignal) => {
    if (pending.has(path)) return undefined;
    pending.add(path);
    const query = statfsOf(path)
      .then((s) => {
        const [blocks, free, available, block] = [count(s.blocks), count(s.bfree), count(s.bavail), count(s.bsize)];
        const value = { totalBytes: blocks * block, usedBytes: Math.max(0, blocks - free) * block, availableBytes: available * block };
        known.set(path, value);
        return value;
      })
      .finally(() => pending.delete(path));
    const stopWaiting = new AbortController();
    const onAbort = () => stopWaiting.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const budget = sleep(DISK_QUERY_BUDGET_MS, stopWaiting.signal).then(
      () => undefined,
      () => undefined,
    );
    try {
      return await Promise.race([query, budget]);
    } finally {
      stopWaiting.abort();
      signal.removeEventListener('abort', onAbort);
    }
  };
  return { size, lastKnown: (path) => known.get(path) };
}
