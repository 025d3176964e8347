/**
 * The run's own temporary directory and, after the whole suite, the checks that the run left nothing behind:
 *
 * - **Files.** A directory made for this run (`tilebar-run-*` in the user's temp directory, or the system's when
 *   others cannot reach into the user's: tests run the bar as `nobody` inside it) holds each test
 *   file's own (test/setup/temp-dir.ts, which removes it after the file). Whatever is still in it at the end was
 *   left by a test or a program it started, and fails the run, named. Other programs writing into /tmp during
 *   the run are no concern of this check. X servers are the one exception to TMPDIR (their sockets and locks go
 *   to /tmp/.X11-unix and /tmp whatever TMPDIR says): test/xvfb.ts checks its own display's are gone when it
 *   stops one.
 * - **Processes.** Every child a test starts carries the run's mark in its environment (childEnv's
 *   TILEBAR_TEST_RUN, inherited by whatever it starts, as `nobody` through setpriv too). Any process still
 *   carrying it fails the run, named with its pid, user and command line, and is ended. Reading another user's
 *   environment needs root; run as an ordinary user the suite starts no one else's processes.
 *
 * It also runs the workers in one locale and the machine's time zone, whatever the user's shell says:
 * workers are forked after global setup, from this process's environment.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, realpathSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { described, endProcesses, processesMarked } from '../support/marked-processes.js';
import { RUN_MARK } from '../support/child-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory, its mark's value, and the Windows tool cache (kept between runs on purpose). */
    tilebarRun: { dir: string; id: string; ciCache: string };
  }
}

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/**
 * Whether users other than its owner can reach into `dir` (every directory on its path searchable by others):
 * tests run the bar as `nobody` in directories inside the run's. A private TMPDIR (`~/tmp`) is not.
 */
function reachableByOthers(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    try {
      if ((statSync(d).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dirname(d) === d) return true;
  }
}

/**
 * Why the unprivileged user cannot run the Node that runs the suite (`process.execPath`), or undefined. Run as
 * root, tests start bars and feeds as `nobody` with this Node (its path, or `node` on PATH): a build unpacked
 * under /root (0700) failed those with EACCES and timeouts, and `env node` in a pane skipped the PATH entry it
 * could not reach and ran an older Node found later on PATH, so the tests passed on a line they never ran.
 */
function nodeOutOfReach(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const node = realpathSync(process.execPath);
  if ((statSync(node).mode & 0o001) === 0) return `${node} is not executable by others`;
  return reachableByOthers(dirname(node)) ? undefined : `a directory on the way to ${node} is not searchable by others`;
}

/**
 * What a test file's directory still holds: nothing when its afterAll removed it, or only the empty home and
 * tmp it was made with when vitest ran none of its tests (it runs no afterAll then, a skipped file's included).
 */
function leftIn(fileDir: string): string[] {
  const inside = entries(fileDir);
  const untouched = inside.every((e) => (e === 'home' || e === 'tmp') && entries(join(fileDir, e)).length === 0);
  return untouched ? [] : inside.map((e) => join(fileDir, e));
}

export default function setup(project: TestProject): () => Promise<void> {
  const unreachable = nodeOutOfReach();
  if (unreachable !== undefined) {
    throw new Error(`the suite runs bars as nobody (uid 65534), who cannot run this Node: ${unreachable}. Put the Node build where every user can run it (/usr/local, /opt), or run the suite as an ordinary user.`);
  }
  // The user's temp directory, unless others cannot reach into it: then the system's.
  const base = reachableByOthers(tmpdir()) ? tmpdir() : '/tmp';
  const dir = mkdtempSync(join(base, 'tilebar-run-'));
  // Traversable: tests run the bar as `nobody` in directories inside it.
  chmodSync(dir, 0o711);
  const id = randomBytes(8).toString('hex');
  // Where scripts/windows-node.mjs keeps node.exe and the Wine prefix: resolved from the user's environment here,
  // before the workers' is sealed, so the Windows tests find what `.ci/run` put there.
  const ciCache = process.env.TILEBAR_CI_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tilebar-ci');
  project.provide('tilebarRun', { dir, id, ciCache });
  process.env.LANG = 'C.UTF-8';
  for (const key of Object.keys(process.env)) if (key === 'TZ' || key === 'LANGUAGE' || key.startsWith('LC_')) delete process.env[key];
  const xSockets = '/tmp/.X11-unix';
  const hadXSockets = entries('/tmp').includes('.X11-unix');
  const unreadableBefore = new Set(processesMarked(RUN_MARK, id).unreadable);

  return async () => {
    const problems: string[] = [];
    let { found, unreadable } = processesMarked(RUN_MARK, id);
    if (found.length > 0) {
      // What is ending by itself (a program given its SIGTERM in a test's last clean-up) is not counted.
      await new Promise((r) => setTimeout(r, 1000));
      ({ found, unreadable } = processesMarked(RUN_MARK, id));
    }
    if (found.length > 0) {
      problems.push(`the tests left ${found.length} processes running (now ended):\n  ${described(found)}`);
      await endProcesses(found);
    }
    const unchecked = unreadable.filter((pid) => !unreadableBefore.has(pid));
    if (unchecked.length > 0 && process.getuid?.() !== 0) console.warn(`temp-check: ${unchecked.length} processes of other users started during the run were not checked (reading their environment needs root)`);

    const left = entries(dir).flatMap((e) => leftIn(join(dir, e)));
    if (left.length > 0) problems.push(`the tests left ${left.length} entries in the run's directory: ${left.slice(0, 20).join(', ')}${left.length > 20 ? ', …' : ''}`);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    // The first Xvfb on a fresh machine makes /tmp/.X11-unix; removed again when empty (rmdir never removes
    // another server's socket).
    if (!hadXSockets) {
      try {
        rmdirSync(xSockets);
      } catch {
        // absent, or another X server's socket is in it
      }
    }
    if (problems.length === 0) return;
    // vitest reports an error thrown here but still exits 0: the exit status is set as well.
    process.exitCode = 1;
    throw new Error(problems.join('\n'));
  };
}
