/** `tilebar run` with its output into a file or a pipe: refused at once with a hint, never escapes forever. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

describe('tilebar run into a file or a pipe', () => {
  it('exits 2 before drawing, saying why and what to use instead', () => {
    const r = spawnSync(process.execPath, tilebarArgs('run', '--config', 'config.example.json'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: childEnv({ TZ: 'UTC' }) });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('tilebar: run draws the bar in a terminal, and standard output is not one (a file or a pipe); for one frame use `tilebar preview --format text` (or ansi, json, svg, png)\n');
  });
});
