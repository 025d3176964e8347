/**
 * Reading Wine's process trace (`WINEDEBUG=+timestamp,+process`): each process a Windows program creates is a
 * line `<seconds>:<thread>:trace:process:CreateProcessInternalW app <L"path"|(null)> cmdline <L"…"|(null)>`.
 * The timestamps are seconds on Wine's own clock; the first line of a trace is the traced program's start.
 */

export interface ProcessCreation {
  /** Seconds on Wine's clock. */
  at: number;
  /** The program's file name, lower case (`powershell.exe`, `cmd.exe`). */
  program: string;
  /** The program as Wine was asked to start it: its full path when given one (`C:\\windows\\…\\powershell.exe`). */
  path: string;
}

const CREATION = /^(\d+\.\d+):[0-9a-f]+:trace:process:CreateProcessInternalW app (?:L"((?:[^"\\]|\\.)*)"|\(null\)) cmdline (?:L"((?:[^"\\]|\\.)*)"|\(null\))/;
const STAMP = /^(\d+\.\d+):/;

const unescape = (text: string) => text.replaceAll('\\\\', '\\').replaceAll('\\"', '"').trim();

/** A Windows command line's program (its first word, quoted or not), as written. */
function firstWord(cmdline: string): string {
  const unescaped = unescape(cmdline);
  return unescaped.startsWith('"') ? unescaped.slice(1, unescaped.indexOf('"', 1)) : (unescaped.split(' ')[0] ?? '');
}

/** Its file name, lower case. */
function programOf(path: string): string {
  return (path.split('\\').at(-1) ?? path).toLowerCase();
}

export function processCreations(trace: string): ProcessCreation[] {
  const found: ProcessCreation[] = [];
  for (const line of trace.split('\n')) {
    const m = CREATION.exec(line);
    if (!m) continue;
    // The application name is a path (spaces and all); without one, the command line's first word.
    const path = m[2] !== undefined ? unescape(m[2]) : firstWord(m[3] ?? '');
    found.push({ at: Number(m[1]), program: programOf(path), path });
  }
  return found;
}

/** The timestamp of a trace's first line: when the traced program started, on Wine's clock. */
export function traceStart(trace: string): number | undefined {
  const m = STAMP.exec(trace);
  return m ? Number(m[1]) : undefined;
}

/** How many processes of each program were created from `from` to `to` seconds after `start` (conhost.exe aside: Wine's console host, started for each console program). */
export function creationsByProgram(creations: readonly ProcessCreation[], start: number, from: number, to: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of creations) {
    if (c.program === 'conhost.exe' || c.at < start + from || c.at > start + to) continue;
    counts[c.program] = (counts[c.program] ?? 0) + 1;
  }
  return counts;
}
