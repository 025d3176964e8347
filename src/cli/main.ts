#!/usr/bin/env -S node --max-semi-space-size=1 --no-memory-reducer --no-opt --wasm-lazy-compilation --liftoff-only
/**
 * Entry point of the `tilebar` binary. Node's flags on the first line suit a process that runs all day
 * with a small, flat heap and code that runs once a second (bench/idle.mjs):
 * - a 1 MB young generation keeps resident memory about 7 MB smaller;
 * - without V8's memory reducer, the full collections it starts once the bar goes quiet (~8 s after start,
 *   reclaiming under 1 MB) no longer cost ~0.25 CPU s of the first minute;
 * - without V8's optimizing compiler (TurboFan), which kept compiling and discarding code that never runs hot
 *   on a thread of its own: the Ink bar takes ~35 % less CPU and ~5 MB less memory, the direct renderer
 *   likewise, and even `check` of 110 files and `preview` are faster (they end before optimized code pays);
 * - Yoga (Ink's layout, WebAssembly) compiled lazily and by the baseline compiler only: compiling it whole and
 *   optimized was a ~5 MB peak of memory at start-up, for no measurable difference in CPU.
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
