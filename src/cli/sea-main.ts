/**
 * The entry of the single-executable builds (`tilebar` and `tilebar.exe`, scripts/sea.mjs): the launcher and the
 * ES module entry in one, as one CommonJS script inside Node — a single executable runs one script and loads no
 * file beside it. What launcher.ts and main.ts do, in their order: signals held first, `--version` answered
 * before anything else is set up, then the command with its own V8 flags. Everything is in the script already,
 * so nothing is imported lazily and no code cache is kept beside it (the Linux build carries V8's code cache
 * inside, made when it is built).
 */
import './refuse-old-node.js';
import { holdSignals, isLongRunning } from '../io/run-end.js';
import { processCommandLine } from './bare-command.js';
import { setV8Flags } from './v8-flags.js';
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';
import { endQuietlyOnEpipe, reportInternalError } from './process-end.js';
import { VERSION } from '../version.js';
import { runtimeLine } from './node-floor.js';
import { runCli } from './program.js';
import { lazyCommands } from './commands.js';

const args = processCommandLine();
holdSignals(isLongRunning(args));
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n${runtimeLine(process.version, process.platform, process.arch)}\n`);
} else {
  setV8Flags(args);
  endQuietlyOnEpipe();
  // Commands decide colour from the user's own environment; chalk (inside Ink) gets the decision.
  const io = { ...processIo(), env: { ...process.env } };
  prepareColourForInk(args, process.env, io.isTTY, process.platform);
  runCli(args, io, lazyCommands).then((code) => {
    process.exitCode = code;
  }, reportInternalError);
}
