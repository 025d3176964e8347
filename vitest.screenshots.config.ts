import { defineConfig } from 'vitest/config';

/**
 * `npm run screenshots`: the README's pictures of each host bar (test/screenshots/*.shot.ts), never part of
 * `npm test` (its include does not match them). One host at a time: each loads every core on purpose.
 */
export default defineConfig({
  test: {
    include: ['test/screenshots/**/*.shot.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup/temp-dir.ts'],
    globalSetup: ['test/setup/temp-check.ts'],
  },
});
