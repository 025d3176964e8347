/**
 * The entry of the single-executable builds (`tilebar` and `tilebar.exe`, scripts/sea.mjs): what launcher.ts is to
 * the npm package. A single executable runs one script and loads no file beside it, so the commands' scripts are
 * its assets: `oneshot-<command>.cjs` for each one-shot command, `commands.cjs` for every other (run, feed, help…).
 * This script stays small — signals held first, `--version` answered before anything else is loaded — and runs
 * the command's script with V8's code cache in the user's cache folder, as the npm package does (code-cache.ts):
 * one script holding every command would be compiled or read from its cache whole, at every start.
 */
import './refuse-old-node.js';
import { dirname, join } from 'node:path';
import { holdSignals, isLongRunning } from '../io/run-end.js';
import { processCommandLine } from './bare-command.js';
import { answeredVersion, runCommandScript } from './command-script.js';
import { seaAssetBytes } from '../install/sea.js';

declare const __TILEBAR_BUILD__: string;
/** The commands with a script of their own (scripts/build-parts.mjs ONE_SHOT). */
declare const __TILEBAR_ONE_SHOT__: readonly string[];

const args = processCommandLine();
holdSignals(isLongRunning(args));
if (!answeredVersion(args)) {
  const name = `${args[0] !== undefined && __TILEBAR_ONE_SHOT__.includes(args[0]) ? `oneshot-${args[0]}` : 'commands'}.cjs`;
  const bytes = seaAssetBytes(name);
  if (bytes === undefined) throw new Error(`this executable carries no ${name}`);
  // Named as if it lay beside the executable; the build's identity tells one executable's script from another's.
  // Its code cache entries are named after it: `sea-` keeps them apart from the npm package's scripts' (each
  // removes the entries of its own scripts made by another build).
  const source = { file: join(dirname(process.execPath), `sea-${name}`), bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), stamp: `sea-${bytes.length}` };
  runCommandScript(source, args, __TILEBAR_BUILD__);
}
