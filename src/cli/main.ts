#!/usr/bin/env -S node --max-semi-space-size=1 --no-memory-reducer
/**
 * Entry point of the `tilebar` binary. Node's flags on the first line suit a process that runs all day
 * with a small, flat heap (bench/idle.mjs): a 1 MB young generation keeps resident memory about 7 MB smaller
 * at no measurable CPU cost (a bar allocates little and often); without V8's memory reducer, the full
 * collections it starts once the bar goes quiet (~8 s after start, reclaiming under 1 MB of a 14 MB heap)
 * no longer cost ~0.25 CPU s of the first minute. `tilebar run` also has V8 optimise for size once its
 * first frame is out (run.ts).
 */
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';

// A reader that goes away (`tilebar schema | head -1`) ends the command quietly and successfully, as for any
// Unix filter; without this, Node prints an unhandled 'error' event and its stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
  });
}

// Commands decide colour from the user's own environment; chalk (inside Ink) gets the decision.
const io = { ...processIo(), env: { ...process.env } };
prepareColourForInk(process.argv.slice(2), process.env, io.isTTY, process.platform);
const { runCli } = await import('./program.js');

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A bug, not a user error: say so plainly, with the stack for the report.
    process.stderr.write(`tilebar: internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
