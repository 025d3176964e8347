/**
 * Which file is at a path: its device, inode and modification time, exactly (nanoseconds). A file that one
 * process judged (a stale lock, its own socket) is removed only when the path still holds that same file: another
 * process may have replaced it meanwhile, and a new file can get the inode the removed one had, but not its
 * modification time as well.
 */
import { lstatSync } from 'node:fs';

export interface FileStamp {
  dev: bigint;
  ino: bigint;
  mtimeNs: bigint;
}

/** The entry at `path` itself (a link is not followed); undefined when nothing is there or it cannot be looked at. */
export function stampOf(path: string): FileStamp | undefined {
  try {
    const stat = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    return stat && { dev: stat.dev, ino: stat.ino, mtimeNs: stat.mtimeNs };
  } catch {
    return undefined;
  }
}

/** Whether both are stamps of one file. */
export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino && a.mtimeNs === b.mtimeNs;
}
