#!/usr/bin/env node
/**
 * Entry point of the `tilebar` binary. A plain `node`: each command sets the V8 flags it needs itself, first
 * (v8-flags.ts), so one-shot commands start as fast as Node does and the long-running bar keeps its small heap.
 */
import { setV8Flags } from './v8-flags.js';
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';
import { VERSION } from '../version.js';

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

// Commands decide colour from the user's own environment; chalk (inside Ink) gets the decision.
const io = { ...processIo(), env: { ...process.env } };
prepareColourForInk(args, process.env, io.isTTY, process.platform);
const { runCli } = await import('./program.js');

runCli(args, io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A bug, not a user error: say so plainly, with the stack for the report.
    process.stderr.write(`tilebar: internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
