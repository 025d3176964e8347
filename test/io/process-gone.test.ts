/** Whether the process a file names is gone (src/io/process-gone.ts): stale inboxes and start locks rest on it. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processIsGone } from '../../src/io/process-gone.js';
import { childEnv } from '../support/child-env.js';

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

  it('takes a number that cannot name one process as gone (0 and -1 would ask about a group, or every process)', () => {
    for (const pid of [0, -1, -4242, 1.5, Number.NaN, 2 ** 31, 9_999_999_999]) expect(processIsGone(pid)).toBe(true);
  });
});
