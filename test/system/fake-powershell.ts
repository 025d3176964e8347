/**
 * A `powershell.exe` that starts and exits at once, as Wine's stub does: what every Windows helper meets where
 * PowerShell cannot run. tilebar starts the system's PowerShell by its full Windows path (src/system/powershell.ts),
 * which no Linux file can be, so a test hands this one to the helper as its command. It counts its own starts in a
 * file, so a test sees how often it was started.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakePowershell {
  /** How many times it was started. */
  starts(): number;
  /** How to start it: the helper's command. */
  command: { file: string; args: string[] };
}

/** `then`: what it does after counting its start (a shell line; exits 1 by default). */
export function fakePowershell(then = 'exit 1'): FakePowershell {
  const dir = mkdtempSync(join(tmpdir(), 'fake-powershell-'));
  const count = join(dir, 'starts');
  writeFileSync(count, '');
  writeFileSync(join(dir, 'powershell.exe'), `#!/bin/sh\necho start >> '${count}'\n${then}\n`);
  chmodSync(join(dir, 'powershell.exe'), 0o755);
  return {
    starts: () => readFileSync(count, 'utf8').split('\n').filter(Boolean).length,
    command: { file: join(dir, 'powershell.exe'), args: [] },
  };
}
