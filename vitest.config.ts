import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Limits, not expectations: a test waits for outcomes (test/wait.ts), and these only end one that never
    // comes. They are far beyond what any test takes on a loaded 2-core machine, so a slow machine is never red.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A temp directory per test file, removed after it; and checks that the run left nothing in the system's temp
    // directory or in the checkout. Teardowns run last to first: the Windows tests' wineserver is waited for
    // (wine-server.ts) before temp-check.ts looks for processes left behind.
    setupFiles: ['test/setup/temp-dir.ts'],
    globalSetup: ['test/setup/temp-check.ts', 'test/setup/checkout-check.ts', 'test/setup/wine-server.ts'],
  },
});
