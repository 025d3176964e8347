/**
 * The ES module build's entry (dist/bundle/modules.mjs), which the `tilebar` command (launcher.ts) hands
 * `run` and every command that is not a one-shot script (it answers `--version` itself). Each command sets the
 * V8 flags it needs itself, first (v8-flags.ts), so the long-running bar keeps its small heap.
 */
import { holdSignals, isLongRunning } from '../io/run-end.js';
import { processCommandLine } from './bare-command.js';
import { setV8Flags } from './v8-flags.js';
import { prepareColourForInk } from './colour-env.js';
import { processIo } from './io.js';
import { endQuietlyOnEpipe, reportInternalError } from './process-end.js';

const args = processCommandLine();
// As the launcher does first (a second call changes nothing): this entry may be started directly too.
holdSignals(isLongRunning(args));
setV8Flags(args);
endQuietlyOnEpipe();

// Commands decide colour from the user's own environment; chalk (inside Ink) gets the decision.
const io = { ...processIo(), env: { ...process.env } };
prepareColourForInk(args, process.env, io.isTTY, process.platform);
const [{ runCli }, { lazyCommands }] = await Promise.all([import('./program.js'), import('./commands.js')]);

runCli(args, io, lazyCommands).then((code) => {
  process.exitCode = code;
}, reportInternalError);
