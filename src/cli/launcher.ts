/**
 * The `tilebar` command (dist/bundle/main.js, a CommonJS script). Its #! line, written by scripts/bundle.mjs,
 * starts Node with NODE_LAUNCH_FLAGS (node-launch-flags.ts: no SIGUSR1 that comes before this script's first line
 * can open Node's inspector). Node starts a CommonJS entry without its ES module loader, ~10 ms sooner, which is
 * most of what `--version` costs. It answers `--version` itself, runs a one-shot command from that command's own
 * script with V8's code cache (code-cache.ts), and hands every other command (`run`, `help`, …) to the ES module
 * build (main.ts), which decides everything again itself.
 */
import './refuse-old-node.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { holdSignals, isLongRunning } from '../io/run-end.js';
import { processCommandLine } from './bare-command.js';
import { answeredVersion, runCommandScript } from './command-script.js';

declare const __TILEBAR_BUILD__: string;

/**
 * The script of a one-shot command: one the build made (scripts/bundle.mjs names the commands that have one);
 * none with TILEBAR_CODE_CACHE=0 (then the ES modules run it).
 */
function oneShotScript(command: string | undefined): string | undefined {
  if (command === undefined || !/^[a-z]+$/.test(command) || process.env.TILEBAR_CODE_CACHE === '0') return undefined;
  const file = join(__dirname, `oneshot-${command}.cjs`);
  return existsSync(file) ? file : undefined;
}

const args = processCommandLine();
// First, before anything is loaded: no signal may open Node's inspector (the second layer, after the #! line's flag)
// or end a bar unheard (run-end.ts).
holdSignals(isLongRunning(args));
if (!answeredVersion(args)) {
  const script = oneShotScript(args[0]);
  if (script === undefined) {
    // Beside this script in the bundle; a name the bundler leaves alone.
    const modules = './modules.mjs';
    void import(modules);
  } else {
    runCommandScript(script, args, __TILEBAR_BUILD__);
  }
}
