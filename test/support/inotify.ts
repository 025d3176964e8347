/**
 * Which directories this process has the kernel watching (Linux): every inotify descriptor's watches, read from
 * /proc/self/fdinfo. A watch is what costs a process a wake-up per change in the directory, whatever the name
 * changed, so a test can see that a watch that other files churn is dropped, and that it comes back.
 */
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';

/** The inode numbers (as the kernel prints them, hex) of everything this process's inotify descriptors watch. */
function watchedInodes(): string[] {
  const inodes: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile (readdir's own descriptor is one)
    }
    if (target !== 'anon_inode:inotify') continue;
    const info = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
    for (const m of info.matchAll(/^inotify wd:\S+ ino:([0-9a-f]+) /gm)) inodes.push(m[1]!);
  }
  return inodes;
}

/** Whether this process has the kernel watching `dir` (compared by inode). */
export function isWatchedByThisProcess(dir: string): boolean {
  return watchedInodes().includes(statSync(dir, { bigint: true }).ino.toString(16));
}
