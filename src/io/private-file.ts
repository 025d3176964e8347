/**
 * Writing tilebar's own files (the log, the cache of validated models), which nobody else should read or
 * redirect: created mode 0600, opened without following a symbolic link (O_NOFOLLOW: a link planted at the
 * log's path would have had the bar append to whatever it points at), without blocking on a FIFO put in their
 * place (O_NONBLOCK), and written only when what was opened is a regular file. Windows has no O_NOFOLLOW:
 * there the path is checked with lstat first.
 */
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, writeSync } from 'node:fs';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

function openPrivate(path: string, flags: number): number {
  if (NOFOLLOW === 0 && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw Object.assign(new Error(`${path} is a symbolic link`), { code: 'ELOOP' });
  const fd = openSync(path, flags | NOFOLLOW | NONBLOCK, 0o600);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTFILE' });
    // A file made by an older tilebar, or by hand, with wider permissions: narrowed (ours to change).
    if ((stat.mode & 0o077) !== 0 && (process.getuid === undefined || stat.uid === process.getuid())) fchmodSync(fd, 0o600);
    return fd;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

function writeAll(fd: number, text: string): void {
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

/** Append to a private file, creating it. Throws (a code and a message) when it cannot. */
export function appendPrivate(path: string, text: string): void {
  writeAll(openPrivate(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT), text);
}

/** Write a private file that must not exist yet (a temporary file renamed into place afterwards). */
export function writeNewPrivate(path: string, text: string): void {
  writeAll(openPrivate(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL), text);
}
