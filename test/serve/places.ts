/**
 * Places for the core's endpoint tests: temporary directories of the test's own (made 0700 unless it says),
 * removed after each test, a user's environment pointing into them, and a socket left behind by a core that
 * was killed (nothing listens on it: connecting is refused).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cleanup } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

/** A fresh directory of the test's (mode `mode`), removed by `cleanups`. */
export function tempDir(cleanups: Cleanup[], mode = 0o700): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-serve-'));
  chmodSync(dir, mode);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A user in `dir`: a runtime directory (`XDG_RUNTIME_DIR`), a home (the fresh directory's note goes in its
 * cache), a temp directory (sticky, as /tmp), and `extra` variables.
 */
export function userIn(dir: string, extra: Record<string, string> = {}): { env: Record<string, string>; home: string; runtime: string; tmp: string } {
  const runtime = join(dir, 'run');
  const home = join(dir, 'home');
  const tmp = join(dir, 'tmp');
  mkdirSync(runtime, { mode: 0o711 });
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(tmp);
  chmodSync(tmp, 0o1777);
  return { env: { XDG_RUNTIME_DIR: runtime, TMPDIR: tmp, HOME: home, ...extra }, home, runtime, tmp };
}

/** Leaves a socket at `path` that nothing listens on: its process was killed right after it bound. */
export function leaveStaleSocket(path: string): void {
  const script = `require('node:net').createServer().listen(process.argv[1], () => process.kill(process.pid, 'SIGKILL'))`;
  const run = spawnSync(process.execPath, ['-e', script, path], { env: childEnv(), stdio: 'ignore' });
  if (run.signal !== 'SIGKILL') throw new Error(`the socket's process ended with ${run.status ?? run.signal} instead of being killed`);
}
