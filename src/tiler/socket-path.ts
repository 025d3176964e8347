/** Asking a running i3 or sway for its IPC socket, as its own command line answers it. */
import { execFile } from 'node:child_process';
import { findProgramHere } from '../io/program-path.js';

/** `i3 --get-socketpath` or `sway --get-socketpath`: the socket of the one running on this display, if any. The program is found on PATH's absolute entries, never in the current directory. */
export function askSocketPath(program: 'i3' | 'sway', env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  const found = findProgramHere(program, env);
  if (!found.ok) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile(found.path, ['--get-socketpath'], { timeout: 2000, maxBuffer: 64 * 1024, encoding: 'utf8', env: env as NodeJS.ProcessEnv }, (e, out) => {
      const path = out.trim().split('\n')[0] ?? '';
      resolve(!e && path.startsWith('/') ? path : undefined);
    });
  });
}
