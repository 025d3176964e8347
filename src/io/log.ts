/**
 * The running bar's log: where start-up, reloads, located config problems and faults go, since nothing is
 * written to the terminal the bar draws in. Every line is cleaned of control characters (a log is read in a
 * terminal too, and lines quote readings and peers), each entry is bounded, and the file is rotated once it
 * passes `MAX_LOG_BYTES` (one old file kept), so a fault that repeats all day cannot fill a disk. The file is the
 * user's alone (0600) and a symbolic link at its path is not followed (private-file.ts). Writing never fails the bar.
 *
 * Several tilebar processes may share one log (two bars, a bar and a feed), so nothing is counted in memory:
 * each entry is one O_APPEND write (whole lines, never interleaved), the size that decides a rotation is the
 * opened file's own, and rotations are taken in turn under a lock file beside the log, the size checked again
 * under it. Without that, a second process rotating on its own count renamed the few lines written since the
 * first one's rotation over its megabyte-long `.1` (issue 31).
 */
import { lstatSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { makeDirForOwnFiles } from './trust.js';
import { appendPrivate, appendPrivateUpTo, writeNewPrivate } from './private-file.js';
import { dirname } from 'node:path';
import { displayText } from '../text/safe-text.js';

export const MAX_LOG_BYTES = 1024 * 1024;
/** The longest entry written: a multi-line list of problems fits; a peer's megabytes do not. */
const MAX_ENTRY = 16 * 1024;
/**
 * How old a lock may be before its holder is taken for dead (killed between taking and leaving it). A rotation
 * holds it for one lstat and one rename; until then the log only grows past its limit.
 */
const STALE_LOCK_MS = 10_000;

export type Log = (text: string) => void;

export interface LogOptions {
  /**
   * The user named the file (`--log`): its directory is theirs to choose, as `--config`'s is, and is made as
   * asked. The default place (`$XDG_STATE_HOME`, which may be a shared directory) is held to the trust rule: its
   * directory is never made through another user's link or directory, where the bar would write its log where
   * they chose (io/trust.ts). Either way no file of another user's is appended to (private-file.ts).
   */
  named?: boolean;
  now?: () => Date;
}

export function fileLog(path: string, options: LogOptions = {}): Log {
  const now = options.now ?? (() => new Date());
  let madeDirectory = false;
  return (text) => {
    try {
      if (!madeDirectory) {
        if (options.named) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        else makeDirForOwnFiles(dirname(path), false);
        madeDirectory = true;
      }
      const entry = `${now().toISOString()} ${cleanEntry(text)}\n`;
      if (appendPrivateUpTo(path, entry, MAX_LOG_BYTES)) return;
      rotate(path, now);
      // Whichever file is at the path now: a new one, or the full one while another process rotates it.
      appendPrivate(path, entry);
    } catch {
      // A log that cannot be written must not stop the bar.
    }
  };
}

function cleanEntry(text: string): string {
  return text
    .slice(0, MAX_ENTRY)
    .split('\n')
    .map((line) => displayText(line, MAX_ENTRY))
    .join('\n');
}

/** The log to `.1` (over the older one), by one process at a time; none when another holds the lock. */
function rotate(path: string, now: () => Date): void {
  const lock = `${path}.lock`;
  if (!takeLock(lock, now)) return;
  try {
    // Checked again, by path, under the lock: another process may have rotated the file since this one opened
    // it, and the one at the path now holds lines nobody has rotated yet.
    const current = lstatSync(path, { throwIfNoEntry: false });
    if (current?.isFile() && current.size > MAX_LOG_BYTES) renameSync(path, `${path}.1`);
  } catch {
    // Not rotated this time (the directory went away, `.1` is a directory): the entry is still written.
  } finally {
    removeLock(lock);
  }
}

function removeLock(lock: string): void {
  try {
    unlinkSync(lock);
  } catch {
    // Already gone: taken over as stale by another process after this one stalled for STALE_LOCK_MS.
  }
}

/** Create the lock (0600, O_EXCL, no link followed), taking over one left by a holder long dead. */
function takeLock(lock: string, now: () => Date): boolean {
  if (createLock(lock)) return true;
  const held = lstatSync(lock, { throwIfNoEntry: false });
  // Either way of the clock: a lock dated in the future is as stale as one from long ago.
  if (held === undefined || Math.abs(now().getTime() - held.mtimeMs) < STALE_LOCK_MS) return false;
  removeLock(lock);
  return createLock(lock);
}

function createLock(lock: string): boolean {
  try {
    writeNewPrivate(lock, `${process.pid}\n`);
    return true;
  } catch {
    return false;
  }
}
