/**
 * Writing tilebar's own files (the log, the cache of validated models), which nobody else should read or
 * redirect: created mode 0600, opened without following a symbolic link (O_NOFOLLOW: a link planted at the
 * log's path would have had the bar append to whatever it points at), without blocking on a FIFO put in their
 * place (O_NONBLOCK), and written only when what was opened is a regular file. Windows has no O_NOFOLLOW:
 * there the path is checked with lstat first.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The opened file's descriptor and its size at the time (fstat: the file opened, whatever is at the path now). */
function openPrivate(path: string, flags: number): { fd: number; size: number } {
  if (NOFOLLOW === 0 && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw Object.assign(new Error(`${path} is a symbolic link`), { code: 'ELOOP' });
  const fd = openSync(path, flags | NOFOLLOW | NONBLOCK, 0o600);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTFILE' });
    // Another user's file (in a directory where they could put one) is never written to: it would hand them
    // what the bar writes.
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) throw Object.assign(new Error(`${path} belongs to another user (uid ${stat.uid})`), { code: 'EFOREIGN' });
    // A file made by an older tilebar, or by hand, with wider permissions: narrowed (ours to change).
    if ((stat.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    return { fd, size: stat.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;

/** Append to a private file, creating it. Throws (a code and a message) when it cannot. */
export function appendPrivate(path: string, text: string): void {
  writeAll(openPrivate(path, APPEND).fd, text);
}

/**
 * Append to a private file, creating it, unless it already holds more than `maxBytes`: then nothing is written
 * and the answer is false. The size is the opened file's own, so it counts what other processes appended too.
 */
export function appendPrivateUpTo(path: string, text: string, maxBytes: number): boolean {
  const { fd, size } = openPrivate(path, APPEND);
  if (size > maxBytes) {
    closeSync(fd);
    return false;
  }
  writeAll(fd, text);
  return true;
}

/** Write a private file that must not exist yet (a temporary file renamed into place afterwards, a lock). */
export function writeNewPrivate(path: string, data: string | Uint8Array): void {
  writeAll(openPrivate(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL).fd, data);
}

export type RenameOver = (from: string, to: string) => void;

/** How long a rename onto a file that is open elsewhere is tried again on Windows. */
export const RENAME_RETRY_MS = 1000;

export interface RenameDeps {
  rename: (from: string, to: string) => void;
  platform: NodeJS.Platform;
  now: () => number;
  sleep: (ms: number) => void;
}

/** Blocks this thread for `ms` (the callers are synchronous, and this is seldom and short). */
const sleepSync = (ms: number) => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * renameSync, tried again on Windows while the file it replaces is open in another process: there a rename onto it
 * fails with EPERM, EACCES or EBUSY until that process closes it (a front end reading the core's key at that
 * instant: a core started after a crash failed to publish itself so, and ended, under Wine). Waits 5 ms, doubling
 * to 100, for up to RENAME_RETRY_MS; then, and on other systems at once, the error is thrown.
 */
export function renameOverWith(deps: RenameDeps): RenameOver {
  return (from, to) => {
    const until = deps.now() + RENAME_RETRY_MS;
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      try {
        deps.rename(from, to);
        return;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (deps.platform !== 'win32' || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY') || deps.now() >= until) throw e;
        deps.sleep(wait);
      }
    }
  };
}

const renameOver = renameOverWith({ rename: renameSync, platform: process.platform, now: () => Date.now(), sleep: sleepSync });

/**
 * Put a private file whole in place of whatever is at `path`: written as a new file beside it (writeNewPrivate:
 * 0600, never through a link) and renamed over it, so a reader finds the old file or the new one, never half of
 * one, and a link at `path` is replaced, not written through. Throws (a code and a message) when it cannot; the
 * file beside it is removed then.
 */
export function replacePrivate(path: string, data: string | Uint8Array, rename: RenameOver = renameOver): void {
  const beside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeNewPrivate(beside, data);
    rename(beside, path);
  } catch (e) {
    // EEXIST: the name beside was somebody else's, not ours to remove.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
      try {
        unlinkSync(beside);
      } catch {
        // Never made, or already renamed.
      }
    }
    throw e;
  }
}

/**
 * The bytes of one of tilebar's own files, or undefined when there is none, it is not a regular file (a link,
 * a FIFO, a directory), or it is larger than `maxBytes`. Throws only for what the caller cannot have foreseen
 * (EACCES, EIO). A synchronous sibling of read-text-file.ts's `noFollow` read (which is asynchronous and gives
 * text): the launcher reads a code cache as bytes, in the synchronous step that compiles its script.
 */
export function readPrivate(path: string, maxBytes: number): Buffer | undefined {
  if (NOFOLLOW === 0 && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENXIO') return undefined;
    throw e;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let at = 0;
    // A file that shrinks while it is read gives what was there; one that grows is read to its size at open.
    for (let n = 1; at < bytes.length && n > 0; at += n) n = readSync(fd, bytes, at, bytes.length - at, at);
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}
