/**
 * After the whole suite: nothing new in the system's temp directory. A test that leaves a file there (a
 * program's socket, an X server's lock, a directory a child made outside TMPDIR) fails the run, named.
 * An entry that goes away by itself within a few seconds belongs to something else on the machine that was
 * still at work and is not counted. TILEBAR_TEMP_CHECK=0 turns the check off, for a machine where other
 * programs keep files there during the run.
 *
 * `.X11-unix` is where every X server on the machine keeps its socket: the first Xvfb of a run makes it when the
 * machine has none (a fresh container). Its entries are counted; the directory itself is removed again when the
 * run made it and it is empty (rmdir never removes another server's socket).
 */
import { existsSync, readdirSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir).map((e) => join(dir, e));
  } catch {
    return [];
  }
};
// X servers keep their sockets one level down.
const snapshot = (dir: string) => new Set([...entries(dir), ...entries(join(dir, '.X11-unix'))]);

export default function setup(project: TestProject): () => Promise<void> {
  const dir = tmpdir();
  // vitest's own scratch directory, which it removes after this teardown.
  const before = new Set([...snapshot(dir), project.tmpDir]);
  const xSockets = join(dir, '.X11-unix');
  return async () => {
    if (process.env.TILEBAR_TEMP_CHECK === '0') return;
    if (!before.has(xSockets) && entries(xSockets).length === 0) {
      try {
        rmdirSync(xSockets);
      } catch {
        // absent, or an X server put its socket there meanwhile: then it is counted below, or not ours
      }
    }
    let left = [...snapshot(dir)].filter((e) => !before.has(e));
    for (let i = 0; i < 30 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = left.filter((e) => existsSync(e));
    }
    if (left.length === 0) return;
    // vitest reports an error thrown here but still exits 0: the exit status is set as well.
    process.exitCode = 1;
    throw new Error(`the tests left ${left.length} entries in ${dir}: ${left.slice(0, 20).join(', ')}${left.length > 20 ? ', …' : ''}`);
  };
}
