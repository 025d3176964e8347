import { runCli } from '../../src/cli/program.js';
import { lazyCommands } from '../../src/cli/commands.js';
import { captureIo } from '../support/capture-io.js';

/** Run the CLI in-process, capturing output; no TTY and no inherited environment unless given. */
export async function cli(argv: string[], env: Record<string, string> = {}, cwd = process.cwd(), isTTY = false, columns?: number) {
  const c = captureIo({ HOME: '/nonexistent-home', ...env }, { cwd, isTTY, ...(columns ? { columns } : {}) });
  const code = await runCli(argv, c.io, lazyCommands);
  return { code, out: c.out(), err: c.err(), bytes: c.bytes() };
}
