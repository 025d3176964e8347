import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { lazyCommands } from '../../src/cli/commands.js';

/** Run the CLI in-process, capturing output; no TTY and no inherited environment unless given. */
export async function cli(argv: string[], env: Record<string, string> = {}, cwd = process.cwd(), isTTY = false, columns?: number) {
  let out = '';
  let err = '';
  const bytes: Uint8Array[] = [];
  const io: CliIo = {
    out: (t) => void (out += t),
    outBytes: (b) => void bytes.push(b),
    err: (t) => void (err += t),
    env: { HOME: '/nonexistent-home', ...env },
    cwd,
    isTTY,
    ...(columns ? { columns } : {}),
    platform: 'linux',
  };
  const code = await runCli(argv, io, lazyCommands);
  return { code, out, err, bytes: Buffer.concat(bytes) };
}
