#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (ESM, code-split per command): one file per command instead of
// hundreds of modules to resolve and compile at start-up (see bench/: ~300 ms of module loading saved).
import { chmodSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(root, 'src', 'cli', 'main.ts')],
  outdir: join(root, 'dist', 'bundle'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // ESM builds first: jsonc-parser's UMD build requires its parts dynamically, which a bundle cannot follow.
  mainFields: ['module', 'main'],
  // CommonJS dependencies (systeminformation, jsonc-parser) call require(); give them one.
  banner: { js: "import { createRequire as __tilebarRequire } from 'node:module'; const require = __tilebarRequire(import.meta.url);" },
});
// The entry is the `tilebar` command: runnable as is, through its #! line.
chmodSync(join(root, 'dist', 'bundle', 'main.js'), 0o755);
