/** A command's input and output in tests: a `CliIo` whose `out` and `err` are kept for the test to read. */
import type { CliIo } from '../../src/cli/io.js';

export interface CapturedIo {
  io: CliIo;
  /** Everything written to standard output so far. */
  out: () => string;
  /** Everything written to standard error so far. */
  err: () => string;
}

/**
 * An io for a command run in process: not a terminal, Linux, the environment given (nothing of the test's own
 * unless passed: a command must not read the developer's HOME or config), the checkout as the working directory
 * unless told.
 */
export function captureIo(env: CliIo['env'] = {}, cwd: string = process.cwd()): CapturedIo {
  let out = '';
  let err = '';
  return {
    io: { out: (t) => void (out += t), err: (t) => void (err += t), env, cwd, isTTY: false, platform: 'linux' },
    out: () => out,
    err: () => err,
  };
}
