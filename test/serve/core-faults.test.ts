/**
 * The user's core treated roughly, with real processes and sockets (issue 44, "nothing stale, nothing lost"): a
 * core that answers slowly while another one is started, a core whose socket was taken from it, a core killed
 * while it starts. What must hold each time: the front ends find one core that answers, and the runtime
 * directory keeps nothing of a core that is gone.
 */
import { once } from 'node:events';
import { spawnSync } from 'node:child_process';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs } from '../support/tilebar-command.js';
import { until } from '../wait.js';
import { coreSession } from './core-session.js';

const cleanups = cleanupsAfterEach();

describe('the user’s core under faults', () => {
  it('keeps the running core reachable when another `serve` starts while it is too busy to answer', async () => {
    const s = await coreSession(cleanups);
    const first = s.serve();
    await until(() => s.status()?.pid === first.pid, 'the first core to answer');
    // Hung for as long as the second one asks (a core busy for two seconds, or stopped): it takes it for none.
    process.kill(first.pid as number, 'SIGSTOP');
    let second;
    try {
      second = spawnSync(process.execPath, tilebarArgs('serve'), { env: s.env, cwd: s.dir, encoding: 'utf8', timeout: 60_000 });
    } finally {
      process.kill(first.pid as number, 'SIGCONT');
    }
    expect(second.signal).toBeNull();
    // The second found the first answering at its socket and left; the first is still the user's core.
    await until(() => s.status()?.pid === first.pid, () => `the first core to be found again; status: ${JSON.stringify(s.status())}\nlog:\n${s.log()}`);
    expect(s.cores()).toEqual([first.pid]);
    first.kill('SIGTERM');
    await once(first, 'exit');
    expect(s.runFiles()).toEqual([]);
  });

  it('leaves a newer core’s socket alone when an older core, whose socket was removed, ends', async () => {
    const s = await coreSession(cleanups);
    const old = s.serve();
    await until(() => s.status()?.pid === old.pid, 'the old core to answer');
    // Its socket taken away (a cleaner of old files, a hand): the next core finds none and starts.
    const socket = s.runFiles().find((f) => f.endsWith('.sock'));
    unlinkSync(join(s.runDir, socket as string));
    const newer = s.serve();
    await until(() => s.status()?.pid === newer.pid, 'the newer core to answer');
    old.kill('SIGTERM');
    await once(old, 'exit');
    // The old core's end did not take the newer one's socket with it: the newer one is still found.
    expect(s.status()?.pid, s.log()).toBe(newer.pid);
    newer.kill('SIGTERM');
    await once(newer, 'exit');
    expect(s.runFiles()).toEqual([]);
  });
});

