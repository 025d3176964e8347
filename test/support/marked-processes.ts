/**
 * Processes found by a variable of their environment (`/proc/<pid>/environ`: what they were started with). The
 * suite marks every child it starts (childEnv's TILEBAR_TEST_RUN), and a session of its own (a window manager's
 * TILEBAR_TEST_SESSION); whatever those start inherits the mark, through setpriv, `env VAR=…`, a shell, a
 * double fork or a new session, which parent links and process groups do not survive. An `env -i` would drop
 * it: the suite starts none without putting the mark back.
 *
 * Another user's environment is readable by root only. Run as an ordinary user, the suite starts nobody else's
 * processes (it uses setpriv only as root), and those of others are counted as unreadable, not searched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { until } from '../wait.js';

export interface SeenProcess {
  pid: number;
  user: string;
  command: string;
}

const users = (): Map<number, string> => {
  const names = new Map<number, string>();
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , uid] = line.split(':');
      if (name && uid) names.set(Number(uid), name);
    }
  } catch {
    // no passwd: uids are shown as numbers
  }
  return names;
};

function describe(pid: number, names: Map<number, string>): SeenProcess | undefined {
  try {
    const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, user: names.get(uid) ?? String(uid), command: command || '(no command line: a zombie)' };
  } catch {
    return undefined;
  }
}

/** The live processes whose environment holds `name=value`, and the pids whose environment could not be read. */
export function processesMarked(name: string, value: string): { found: SeenProcess[]; unreadable: number[] } {
  const mark = `${name}=${value}`;
  const names = users();
  const found: SeenProcess[] = [];
  const unreadable: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EACCES') unreadable.push(pid);
      continue;
    }
    if (!environ.split('\0').includes(mark)) continue;
    const seen = describe(pid, names);
    if (seen) found.push(seen);
  }
  return { found, unreadable };
}

const alive = (pid: number) => {
  try {
    // A zombie is over: only its parent's wait is missing.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/** SIGTERM to each, SIGKILL to those still there 5 s later (as stopChild does); resolves when all are gone. */
export async function endProcesses(processes: readonly SeenProcess[]): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    for (const { pid } of processes) {
      try {
        process.kill(pid, s);
      } catch {
        // gone meanwhile
      }
    }
  };
  const gone = () => processes.every((p) => !alive(p.pid));
  signal('SIGTERM');
  await until(gone, 'the processes to end on SIGTERM', 5000).catch(() => {
    signal('SIGKILL');
    return until(gone, () => `the processes to end on SIGKILL: ${processes.filter((p) => alive(p.pid)).map((p) => p.pid).join(', ')}`);
  });
}

export const described = (processes: readonly SeenProcess[]): string => processes.map((p) => `${p.pid} (${p.user}) ${p.command.slice(0, 200)}`).join('\n  ');
