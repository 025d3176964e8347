#!/usr/bin/env node
// `npm start`: the bar in this terminal, from the bundle. The bundle is rebuilt first only when a source is
// newer than it (esbuild alone, about a second; no type-check — that is `npm run typecheck` / `npm test`), so a
// built tree starts at once. Arguments after `--` go to `tilebar run` (`npm start -- --icons nerd`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from './node-launch.mjs';
import { chooseNode } from './supported-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'bundle', 'main.js');

function newestSource() {
  let newest = 0;
  for (const dir of ['src', 'widgets', 'themes']) {
    for (const e of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs);
    }
  }
  for (const f of ['package.json', 'package-lock.json', 'config.example.json']) newest = Math.max(newest, statSync(join(root, f)).mtimeMs);
  return newest;
}

if (!existsSync(main) || statSync(main).mtimeMs < newestSource()) {
  process.stderr.write('tilebar: bundling the sources (they changed since the last build)…\n');
  await import('./bundle.mjs');
}

// The Node it runs on: this machine's when supported, else one brought from the npm registry (supported-node.mjs),
// said once on stderr.
let chosen;
try {
  chosen = chooseNode();
} catch (e) {
  process.stderr.write(`tilebar: ${e.message}\n`);
  process.exit(1);
}
process.stderr.write(`tilebar: Node ${chosen.version} (${chosen.from})\n`);

// The bar, as the `tilebar` command starts it: with the Node flags of its #! line (scripts/node-launch.mjs; it sets
// its own V8 flags: src/cli/v8-flags.ts). The child owns the terminal; this process only waits and hands back its
// status (a signal it died of as 128 + n, as a shell does). SIGUSR1 and SIGUSR2 sent to this process go on to the
// bar: held here, they do not open this node's own inspector.
const child = spawn(chosen.node, nodeArgs(main, 'run', ...process.argv.slice(2)), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
for (const signal of ['SIGUSR1', 'SIGUSR2']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
  process.exit(code ?? 128 + (numbers[signal] ?? 0));
});
