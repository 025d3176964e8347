/**
 * Each test file gets a temp directory of its own, removed when the file is done: whatever a test (or a
 * program it starts that honours TMPDIR) makes with mkdtemp(tmpdir()) goes there, so a test that fails
 * half-way, or forgets its own clean-up, leaves nothing behind in the system's temp directory. The check that
 * nothing is left is test/setup/temp-check.ts. The directory is traversable by others (0711) because some tests
 * run the bar as `nobody` in directories made inside it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const mine = mkdtempSync(join(tmpdir(), 'tilebar-test-run-'));
chmodSync(mine, 0o711);
process.env.TMPDIR = mine;

afterAll(() => {
  rmSync(mine, { recursive: true, force: true, maxRetries: 3 });
});
