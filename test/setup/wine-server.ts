/**
 * After the whole suite, before the end-of-run check for processes left behind (test/setup/temp-check.ts, whose
 * teardown runs after this one): the shared Wine prefix's wineserver, and Wine's own services with it, are
 * waited for when this run started them. The Windows tests start them through their first node.exe (so they
 * carry the run's mark), and they end by themselves a few seconds after the last Windows program, longer than
 * that check waits; the last Windows test file to finish left them running at the check. `wineserver -w` waits
 * for the server to go. Nothing is waited for when this run started no wineserver (no Windows test ran, or
 * another run's server served them). Bounded: a server another run of the suite keeps busy is left to that check.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { RUN_MARK } from '../support/child-env.js';
import { processesMarked } from '../support/marked-processes.js';

const run = promisify(execFile);

export default function setup(project: TestProject): () => Promise<void> {
  // Waited for without blocking vitest's own process, which is meanwhile ending its workers.
  return async () => {
    const { id } = project.getProvidedContext().tilebarRun;
    if (!processesMarked(RUN_MARK, id).found.some((p) => /\bwineserver/.test(p.command))) return;
    let found: string;
    try {
      found = (await run(process.execPath, [join(process.cwd(), 'scripts/windows-node.mjs'), '--check'], { encoding: 'utf8' })).stdout;
    } catch {
      return;
    }
    const win = JSON.parse(found) as { wine: string; env: Record<string, string> };
    await run(join(dirname(win.wine), 'wineserver'), ['-w'], { env: { PATH: '/usr/bin:/bin', ...win.env }, timeout: 60_000 }).catch(() => undefined);
  };
}
