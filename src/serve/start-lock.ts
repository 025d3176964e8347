/**
 * The right to start the user's core: of the front ends that find no core at once, one starts it and the others
 * wait for it (tmux's `client_get_lock()`, without flock, which Node lacks). The right is a file made with O_EXCL
 * (writeNewPrivate: 0600, never through a link) holding the taker's pid and when it took it. Whoever makes it
 * holds it; whoever finds it made reads who holds it and waits for that one's core, unless the holder is gone
 * (its pid names no process) or took it longer than LOCK_STALE_MS ago (it hung, or its core never came): then
 * the file is removed and taking it is tried once more. Without the lock, two front ends that both found no core
 * would both remove the socket and start one, and the first core would run on unreachable (eww #255, #451).
 *
 * A file that cannot be read as a lock (empty while its taker is still writing it, or garbage) is held by nobody
 * known, and stale only once its file was last written longer than LOCK_STALE_MS ago. A stale lock is removed only
 * when the file at the path is still the one judged (same device, inode and modification time): two front ends
 * judging one dead holder's lock at once must not have the second remove the first one's fresh lock.
 *
 * All time comes from the caller's `now()` (ms on the wall clock's scale: a file's modification time is compared
 * with it); nothing here waits or sets a timer: the caller polls for the core. Never throws.
 */
import { unlinkSync } from 'node:fs';
import { parseBoundedJson } from '../io/bounded-json.js';
import { sameStamp, stampOf, type FileStamp as Stamp } from '../io/file-stamp.js';
import { isPid, processIsGone } from '../io/process-gone.js';
import { readPrivate, writeNewPrivate } from '../io/private-file.js';

/** A lock taken longer ago than this is stale: a core listens well within it (about 300 ms after its spawn). */
export const LOCK_STALE_MS = 10_000;
/** A lock file larger than this is not one of ours (ours is about 40 bytes). */
export const MAX_LOCK_BYTES = 4096;

/** Who took the lock, and when (ms, the taker's `now()`). */
export interface LockHolder {
  pid: number;
  startedMs: number;
}

/** The lock as its holder has it. */
export interface StartLock extends LockHolder {
  readonly path: string;
  /** Whether the file at the path is still this lock (nobody judged it stale and took it over). */
  stillOurs(): boolean;
  /** Removes the lock if it is still ours; whether it was. */
  release(): boolean;
}

export interface LockOptions {
  /** The wall clock, in ms (Date.now in a running front end). */
  now: () => number;
  /** The taker's pid: this process's unless a test says. */
  pid?: number;
  /** Whether a pid names no process any more (processIsGone unless a test says). */
  isGone?: (pid: number) => boolean;
  /** LOCK_STALE_MS unless a test says. */
  staleMs?: number;
}

export type LockTry =
  | { taken: true; lock: StartLock; /** A stale lock was removed first: whose, and why it counted as stale. */ tookOver?: string }
  | { taken: false; /** Someone else is starting a core: wait for it. */ busy: true; holder?: LockHolder; why: string }
  | { taken: false; /** The lock could not be taken or read at all (the directory went, EACCES): start no core. */ busy: false; why: string };

/** The holder a lock file's bytes name, or why they name none. Never throws, whatever the bytes. */
export function parseLock(bytes: Uint8Array): LockHolder | { why: string } {
  const parsed = parseBoundedJson(Buffer.from(bytes).toString('utf8'), { maxDepth: 2, maxValues: 16 });
  if (!parsed.ok) return { why: parsed.problem };
  const v = parsed.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { why: 'not a JSON object' };
  const { pid, startedMs } = v as Record<string, unknown>;
  if (!isPid(pid)) return { why: 'no pid (a whole number above 0)' };
  if (typeof startedMs !== 'number' || !Number.isFinite(startedMs) || startedMs < 0) return { why: 'no startedMs (a time in ms)' };
  return { pid, startedMs };
}

function readHolder(path: string): LockHolder | { why: string } {
  try {
    const bytes = readPrivate(path, MAX_LOCK_BYTES);
    return bytes === undefined ? { why: `not a regular file of at most ${MAX_LOCK_BYTES} bytes` } : parseLock(bytes);
  } catch (e) {
    return { why: e instanceof Error ? e.message : String(e) };
  }
}

type Judged = { gone: true } | { stale: string; stamp: Stamp } | { busy: string; holder?: LockHolder };

/** What the lock file found at `path` says: that it went meanwhile, that it is stale (why), or who holds it. */
function judge(path: string, o: Required<Omit<LockOptions, 'pid'>>): Judged {
  const stamp = stampOf(path);
  if (!stamp) return { gone: true };
  const holder = readHolder(path);
  // What was read is the file stamped, unless it was replaced meanwhile: then judge that one next time.
  if (!sameStamp(stamp, stampOf(path))) return { busy: `${path} changed while it was read` };
  const now = o.now();
  if ('why' in holder) {
    const age = now - Number(stamp.mtimeNs / 1_000_000n);
    if (Math.abs(age) > o.staleMs) return { stale: `${path} is not a lock (${holder.why}) and was last written ${Math.round(age / 1000)} s ago`, stamp };
    return { busy: `${path} is being written, or is not a lock (${holder.why})` };
  }
  if (o.isGone(holder.pid)) return { stale: `pid ${holder.pid}, which took ${path}, is gone`, stamp };
  // A lock from the future (the clock was set back) is as suspect as an old one.
  const age = now - holder.startedMs;
  if (Math.abs(age) > o.staleMs) return { stale: `pid ${holder.pid} took ${path} ${Math.round(age / 1000)} s ago, longer than the ${o.staleMs / 1000} s a core takes to start`, stamp };
  return { busy: `pid ${holder.pid} took ${path} ${Math.max(0, Math.round(age))} ms ago and is starting a core`, holder };
}

/** Removes the file at `path` if it is still the one `stamp` describes. */
function removeIfStill(path: string, stamp: Stamp): void {
  if (!sameStamp(stamp, stampOf(path))) return;
  try {
    unlinkSync(path);
  } catch {
    // Gone meanwhile.
  }
}

function heldLock(path: string, holder: LockHolder, stamp: Stamp): StartLock {
  const stillOurs = (): boolean => {
    const now = stampOf(path);
    if (!sameStamp(now, stamp)) return false;
    const read = readHolder(path);
    return !('why' in read) && read.pid === holder.pid && read.startedMs === holder.startedMs;
  };
  return {
    path,
    ...holder,
    stillOurs,
    release: () => {
      if (!stillOurs()) return false;
      removeIfStill(path, stamp);
      return true;
    },
  };
}

/**
 * Takes the lock at `path`, or says who holds it (busy: wait for their core), or why it cannot be had at all. A
 * stale lock is taken over once; a lock found stale again right after (another taker's that died at once) is
 * left for the next try.
 */
export function takeStartLock(path: string, opts: LockOptions): LockTry {
  const o = { now: opts.now, isGone: opts.isGone ?? processIsGone, staleMs: opts.staleMs ?? LOCK_STALE_MS };
  const pid = opts.pid ?? process.pid;
  let tookOver: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const holder = { pid, startedMs: o.now() };
    try {
      writeNewPrivate(path, JSON.stringify(holder));
      const stamp = stampOf(path);
      if (!stamp) return { taken: false, busy: false, why: `${path} went as soon as it was made` };
      return { taken: true, lock: heldLock(path, holder, stamp), ...(tookOver ? { tookOver } : {}) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { taken: false, busy: false, why: e instanceof Error ? e.message : String(e) };
    }
    const found = judge(path, o);
    if ('busy' in found) return { taken: false, busy: true, why: found.busy, ...(found.holder ? { holder: found.holder } : {}) };
    if (attempt > 0) return { taken: false, busy: true, why: 'gone' in found ? `${path} was released and taken again at once` : `${found.stale}, again` };
    if ('stale' in found) {
      removeIfStill(path, found.stamp);
      tookOver = found.stale;
    }
  }
}

/**
 * The lock `takerPid` holds at `path`, for the core that process started: the core removes it once it listens
 * (the taker is waiting for that). Undefined when the lock there is not that process's.
 */
export function adoptStartLock(path: string, takerPid: number): StartLock | undefined {
  const stamp = stampOf(path);
  if (!stamp) return undefined;
  const holder = readHolder(path);
  if ('why' in holder || holder.pid !== takerPid || !sameStamp(stamp, stampOf(path))) return undefined;
  return heldLock(path, holder, stamp);
}
