#!/usr/bin/env node
/**
 * Entry point of the `tilebar` binary. A plain `node`: each command sets the V8 flags it needs itself, first
 * (v8-flags.ts), so one-shot commands start as fast as Node does and the long-running bar keeps its small heap.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setV8Flags } from './v8-flags.js';
import { prepareColourForInk } from './colour-env.js';
import { processIo, type CliIo } from './io.js';
import { tilebarCacheDir } from '../io/cache-dir.js';
import { VERSION } from '../version.js';
import { join } from 'node:path';

declare const __TILEBAR_BUILD__: string | undefined;

const args = process.argv.slice(2);
setV8Flags(args);

// A reader that goes away (`tilebar schema | head -1`) ends the command quietly and successfully, as for any
// Unix filter; without this, Node prints an unhandled 'error' event and its stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
  });
}

// The version alone is answered before the command line's parser is loaded (commander: ~15 ms of a ~45 ms
// start); what it prints is what `program.version()` prints.
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}

const ONE_SHOT = new Set(['check', 'preview', 'thresholds', 'themes', 'schema']);

/**
 * The script of a one-shot command, run with V8's code cache (code-cache.ts): in the bundle only (the unbundled
 * build has no such script), and not with TILEBAR_CODE_CACHE=0.
 */
function oneShotScript(command: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (command === undefined || !ONE_SHOT.has(command) || env.TILEBAR_CODE_CACHE === '0' || typeof __TILEBAR_BUILD__ !== 'string') return undefined;
  const file = fileURLToPath(new URL(`./oneshot-${command}.cjs`, import.meta.url));
  return existsSync(file) ? file : undefined;
}

async function runCommand(io: CliIo): Promise<number> {
  const script = oneShotScript(args[0], process.env);
  if (script !== undefined && typeof __TILEBAR_BUILD__ === 'string') {
    const { loadOneShotScript } = await import('./code-cache.js');
    const cacheDir = join(tilebarCacheDir(process.env, process.platform, homedir()), 'code');
    const loaded = loadOneShotScript(script, cacheDir, __TILEBAR_BUILD__);
    const code = await loaded.script.run(args, io);
    loaded.saveCache();
    return code;
  }
  const [{ runCli }, { lazyCommands }] = await Promise.all([import('./program.js'), import('./commands.js')]);
  return runCli(args, io, lazyCommands);
}

// Commands decide colour from the user's own environment; chalk (inside Ink) gets the decision.
const io = { ...processIo(), env: { ...process.env } };
prepareColourForInk(args, process.env, io.isTTY, process.platform);

runCommand(io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A bug, not a user error: say so plainly, with the stack for the report.
    process.stderr.write(`tilebar: internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
