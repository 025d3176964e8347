/** Asking a running i3 or sway for its IPC socket, as its own command line answers it. */
import { execFile } from 'node:child_process';

/** `i3 --get-socketpath` or `sway --get-socketpath`: the socket of the one running on this display, if any. */
export function askSocketPath(program: 'i3' | 'sway', env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(program, ['--get-socketpath'], { timeout: 2000, maxBuffer: 64 * 1024, encoding: 'utf8', env: env as NodeJS.ProcessEnv }, (e, out) => {
      const path = out.trim().split('\n')[0] ?? '';
      resolve(!e && path.startsWith('/') ? path : undefined);
    });
  });
}
