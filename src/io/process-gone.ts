/**
 * Whether a number read from a file can name a process, and whether the process it names is gone: a killed
 * feed's inbox, a start lock whose taker died before it could remove it. Asked with signal 0, which checks
 * without sending anything.
 */
import { readFileSync } from 'node:fs';

/** The largest pid any system gives (a C int): a number past it, or not a whole one above 0, names no process. */
const MOST_PID = 2 ** 31 - 1;

/** Whether `pid` can name one process: a whole number from 1 to the largest a C int holds. */
export function isPid(pid: unknown): pid is number {
  return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && pid <= MOST_PID;
}

/**
 * True when no process has `pid` now; false while one has, whoever's it is (EPERM: another user's process is
 * there, just not ours to signal). A pid that cannot name a process (0, negative, fractional, past a C int) is
 * gone: signal 0 to 0 or -1 would ask about a whole process group, or every process, instead of one.
 */
export function processIsGone(pid: number): boolean {
  if (!isPid(pid)) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
  return isZombie(pid);
}

/**
 * A process that ended and waits for its parent to reap it (Linux's state Z) answers signal 0 but runs nothing: it
 * is gone. A killed core's (a front end started it and ended, so init reaps it) stayed so for over a second on a
 * machine whose init reaps slowly, and the core started after it took its files for a live core's.
 */
function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
