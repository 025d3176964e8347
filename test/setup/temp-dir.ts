/**
 * Each test file gets a temp directory of its own inside the run's (test/setup/temp-check.ts), removed when the
 * file is done: whatever a test (or a program it starts) makes with mkdtemp(tmpdir()) goes there, so a test
 * that fails half-way, or forgets its own clean-up, leaves nothing behind. The directory is traversable by
 * others (0711) because some tests run the bar as `nobody` in directories made inside it.
 *
 * The test process is sealed here too (test/support/child-env.ts): its environment is vitest's own, PATH, and
 * a HOME and TMPDIR inside this directory, so neither in-process code nor a child can reach the user's config,
 * log or cache. Children get `childEnv(extra)`.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { sealTestProcess } from '../support/child-env.js';

const run = inject('tilebarRun');
const mine = mkdtempSync(join(run.dir, 'file-'));
chmodSync(mine, 0o711);
sealTestProcess(mine, run);

afterAll(() => {
  rmSync(mine, { recursive: true, force: true, maxRetries: 3 });
});
