/**
 * What both launchers do — the npm package's `tilebar` command (launcher.ts) and the single executables' entry
 * (sea-main.ts) — before any command's code is loaded: answer `--version`, and run a command from its own script
 * with V8's code cache in the user's cache folder (code-cache.ts), its V8 flags set first (v8-flags.ts), EPIPE
 * ending it quietly, and colour decided from the user's own environment for chalk (inside Ink).
 */
import { homedir } from 'node:os';
import { codeCacheDir } from '../io/cache-dir.js';
import { VERSION } from '../version.js';
import { loadOneShotScript, type ScriptSource } from './code-cache.js';
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';
import { runtimeLine } from './node-floor.js';
import { endQuietlyOnEpipe, reportInternalError } from './process-end.js';
import { setV8Flags } from './v8-flags.js';

/** Prints the version and the Node it runs on when `args` ask for it alone, and says whether they did. */
export function answeredVersion(args: readonly string[]): boolean {
  if (args.length !== 1 || (args[0] !== '--version' && args[0] !== '-V')) return false;
  process.stdout.write(`${VERSION}\n${runtimeLine(process.version, process.platform, process.arch)}\n`);
  return true;
}

/** Runs the command `args` from `script` (see above); TILEBAR_CODE_CACHE=0 runs it without a code cache. */
export function runCommandScript(script: string | ScriptSource, args: readonly string[], build: string): void {
  setV8Flags(args);
  endQuietlyOnEpipe();
  const io = { ...processIo(), env: { ...process.env } };
  prepareColourForInk(args, process.env, io.isTTY, process.platform);
  const cacheDir = process.env.TILEBAR_CODE_CACHE === '0' ? undefined : codeCacheDir(process.env, process.platform, homedir);
  const loaded = loadOneShotScript(script, cacheDir, build);
  loaded.script.run(args, io).then((code) => {
    process.exitCode = code;
    loaded.saveCache();
  }, reportInternalError);
}
