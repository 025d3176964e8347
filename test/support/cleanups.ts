/**
 * What a test leaves running or written (servers, panes, folders), undone after each test in the reverse order
 * it was set up — also when the test failed half-way. One helper, so that every test file undoes things alike.
 */
import { afterEach } from 'vitest';

export type Cleanup = () => unknown;

/** Registers the undoing with vitest (call once at a file's top level) and returns the list to push onto. */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return cleanups;
}
