/**
 * A `powershell.exe` that starts and exits at once, as Wine's stub does, first on PATH: what every Windows helper
 * meets where PowerShell cannot run. It counts its own starts in a file, so a test sees how often it was started
 * whichever module spawned it.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface FakePowershell {
  /** How many times it was started. */
  starts(): number;
  /** PATH back as it was. */
  restore(): void;
}

/** `then`: what it does after counting its start (a shell line; exits 1 by default). */
export function fakePowershellOnPath(then = 'exit 1'): FakePowershell {
  const dir = mkdtempSync(join(tmpdir(), 'fake-powershell-'));
  const count = join(dir, 'starts');
  writeFileSync(count, '');
  writeFileSync(join(dir, 'powershell.exe'), `#!/bin/sh\necho start >> '${count}'\n${then}\n`);
  chmodSync(join(dir, 'powershell.exe'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${dir}${delimiter}${path ?? ''}`;
  return {
    starts: () => readFileSync(count, 'utf8').split('\n').filter(Boolean).length,
    restore: () => {
      process.env.PATH = path;
    },
  };
}
