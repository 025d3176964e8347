/**
 * Files named after a process that is gone: a killed feed's click inbox, a core killed between binding its socket
 * and linking it into place. Nothing else removes them, so whoever next works in their directory does.
 */
import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { processIsGone } from './process-gone.js';

export interface DeadProcessFiles {
  /** The pid a name is named after, or undefined for a name that is not one of these files. */
  pidOf: (name: string) => number | undefined;
  /** Whether the file at `path` may go (its kind, its owner): checked just before. Absent: any may. */
  mayRemove?: (path: string) => boolean;
  isGone?: (pid: number) => boolean;
}

/** Removes the files in `dir` named after a process that is gone (never this one's). Never throws. */
export function removeDeadProcessFiles(dir: string, files: DeadProcessFiles): void {
  const isGone = files.isGone ?? processIsGone;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = files.pidOf(name);
    if (pid === undefined || pid === process.pid || !isGone(pid)) continue;
    const path = join(dir, name);
    try {
      if (files.mayRemove === undefined || files.mayRemove(path)) unlinkSync(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}
