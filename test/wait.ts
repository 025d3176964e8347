/**
 * Waiting in tests: for an outcome, never for a duration. A test that waits polls until what a user would
 * notice has happened, bounded only by a patience far beyond any machine's speed (CI may run with both cores
 * busy), so a slow machine makes a test slower, never red. vitest's own default (1 s) is a duration in
 * disguise: the first frame of an in-process Ink bar alone took 1.1–1.3 s on a loaded 2-core machine.
 */
import { vi } from 'vitest';

/** How long an outcome may take to arrive before the test fails: generous, far under the test's own limit. */
export const PATIENCE_MS = 30_000;

/** Retry `assertion` (every 20 ms) until it passes, or fail with its last error after PATIENCE_MS. */
export function eventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: PATIENCE_MS, interval: 20 });
}

/**
 * Poll `test` (every 20 ms) until it holds, or throw naming `what` (made when it is thrown) after `patience`
 * (PATIENCE_MS unless a caller that loads the machine on purpose, the screenshot run, asks for more).
 */
export async function until(test: () => boolean | Promise<boolean>, what: string | (() => string), patience = PATIENCE_MS): Promise<void> {
  const deadline = Date.now() + patience;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
