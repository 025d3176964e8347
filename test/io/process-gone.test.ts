/** Whether the process a file names is gone (src/io/process-gone.ts): stale inboxes and start locks rest on it. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processIsGone } from '../../src/io/process-gone.js';
import { childEnv } from '../support/child-env.js';
import { readFileSync } from 'node:fs';
import { eventually } from '../wait.js';

describe('processIsGone', () => {
  it('is false for a running process, ours or not, and true once it has ended', async () => {
    expect(processIsGone(process.pid)).toBe(false);
    // init: root's (EPERM for a user, signalled for root): there either way.
    expect(processIsGone(1)).toBe(false);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { env: childEnv(), stdio: 'ignore' });
    const pid = child.pid!;
    await new Promise((r) => child.once('spawn', r));
    expect(processIsGone(pid)).toBe(false);
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await ended;
    expect(processIsGone(pid)).toBe(true);
  });

  it.skipIf(process.platform !== 'linux')('takes a process that ended but was not reaped yet (a zombie) as gone', async () => {
    // The shell starts `sleep` and becomes another `sleep` that never reaps it: killed, the first stays a zombie.
    const parent = spawn('/bin/sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { env: childEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((r) => parent.stdout.once('data', (b: Buffer) => r(b.toString()))));
      expect(processIsGone(pid)).toBe(false);
      process.kill(pid, 'SIGKILL');
      await eventually(() => expect(readFileSync(`/proc/${pid}/stat`, 'latin1')).toMatch(/\) Z /));
      expect(processIsGone(pid)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes a number that cannot name one process as gone (0 and -1 would ask about a group, or every process)', () => {
    for (const pid of [0, -1, -4242, 1.5, Number.NaN, 2 ** 31, 9_999_999_999]) expect(processIsGone(pid)).toBe(true);
  });
});
