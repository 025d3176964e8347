/**
 * The one way tests capture a command's output: a `CliIo` whose standard output, standard error and binary
 * output (a PNG) are kept for the test to read.
 */
import type { CliIo } from '../../src/cli/io.js';

export interface CapturedIo {
  io: CliIo;
  /** Everything written to standard output so far. */
  out: () => string;
  /** Everything written to standard error so far. */
  err: () => string;
  /** The binary output so far (`preview --format png`). */
  bytes: () => Buffer;
}

export interface CaptureOptions {
  /** The working directory; default: the checkout. */
  cwd?: string;
  /** Whether standard output is a terminal; default: not (no colour under `--color auto`). */
  isTTY?: boolean;
  columns?: number;
  platform?: NodeJS.Platform;
}

/**
 * An io for a command run in process, with only the environment given: nothing of the test's own (a command must
 * not read the developer's HOME or config) unless passed.
 */
export function captureIo(env: CliIo['env'] = {}, opts: CaptureOptions = {}): CapturedIo {
  let out = '';
  let err = '';
  const bytes: Uint8Array[] = [];
  return {
    io: {
      out: (t) => void (out += t),
      outBytes: (b) => void bytes.push(b),
      err: (t) => void (err += t),
      env,
      cwd: opts.cwd ?? process.cwd(),
      isTTY: opts.isTTY ?? false,
      ...(opts.columns ? { columns: opts.columns } : {}),
      platform: opts.platform ?? 'linux',
    },
    out: () => out,
    err: () => err,
    bytes: () => Buffer.concat(bytes),
  };
}
