/** Finding a running i3's or sway's IPC socket: asking its own command line, or, for i3, where i3 puts it. */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

/** Where i3 makes its socket, for `--tiler i3`'s help and messages. */
export const I3_RUNTIME_SOCKETS = '$XDG_RUNTIME_DIR/i3/ipc-socket.*';

/**
 * i3's socket where i3 makes it, for a shell that has neither I3SOCK nor the DISPLAY `i3 --get-socketpath` needs
 * (a terminal started outside the session, an ssh login): i3 listens on `$XDG_RUNTIME_DIR/i3/ipc-socket.<its
 * pid>` (libi3's get_process_filename). Without XDG_RUNTIME_DIR here, the usual one, /run/user/<uid>. A socket
 * whose i3 is gone (left by a killed i3) is passed over; of several live ones, the newest.
 */
export function runtimeI3Socket(
  env: Readonly<Record<string, string | undefined>>,
  alive: (pid: number) => boolean = processAlive,
  uid: number | undefined = process.getuid?.(),
): string | undefined {
  const runtime = env.XDG_RUNTIME_DIR || (uid === undefined ? undefined : `/run/user/${uid}`);
  if (!runtime) return undefined;
  const dir = join(runtime, 'i3');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const found: Array<{ path: string; at: number }> = [];
  for (const name of names) {
    const pid = /^ipc-socket\.([1-9]\d{0,9})$/.exec(name)?.[1];
    if (pid === undefined || !alive(Number(pid))) continue;
    const path = join(dir, name);
    try {
      const s = statSync(path);
      if (s.isSocket()) found.push({ path, at: s.mtimeMs });
    } catch {
      // Gone since the listing.
    }
  }
  return found.sort((a, b) => b.at - a.at)[0]?.path;
}

/** Whether a process of this pid runs (one of another user's still counts: it is there). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
