#!/usr/bin/env -S node --max-semi-space-size=1
/**
 * Entry point of the `tilebar` binary. The 1 MB young generation of the first line keeps a bar's resident
 * memory about 7 MB smaller (bench/idle.mjs) at no measurable CPU cost: it allocates little and often.
 */
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';

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
