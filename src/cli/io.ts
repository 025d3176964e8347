/** What a command may touch: injected so commands run in-process in tests. */
export interface CliIo {
  out: (text: string) => void;
  /** Binary output (a PNG); absent where only text can be written. */
  outBytes?: (bytes: Uint8Array) => void;
  err: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Whether stdout is a terminal: decides colour and swatches under `--color auto`. */
  isTTY: boolean;
  /** The terminal's width in columns, when stdout is one. */
  columns?: number;
  platform: NodeJS.Platform;
}

export function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(t),
    outBytes: (b) => process.stdout.write(b),
    err: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stdout.isTTY === true,
    ...(process.stdout.isTTY && process.stdout.columns > 0 ? { columns: process.stdout.columns } : {}),
    platform: process.platform,
  };
}

/** Exit codes of every command. */
export const EXIT = { ok: 0, configError: 1, usage: 2 } as const;

export { SIGNAL_EXIT } from '../io/exit-status.js';

/** A usage problem found after argument parsing (bad file, bad value): exits 2 with the message. */
export class UsageError extends Error {}
