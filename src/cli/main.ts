#!/usr/bin/env node
/** Entry point of the `tilebar` binary. */
import { processIo } from './io.js';
import { runCli } from './program.js';

runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A bug, not a user error: say so plainly, with the stack for the report.
    process.stderr.write(`tilebar: internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 70;
  },
);
