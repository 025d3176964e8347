/**
 * A front end finding the user's core when starting one goes wrong, with real processes and a real socket: the
 * core it started dies before it listens (killed during its start, or crashed), or the front end that holds the
 * start lock dies while the others wait for its core. The front end must still attach to a core, not give up
 * and run its bar on its own (with every source read once more, for good).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCore, type Starting } from '../../src/attach/find-core.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { coreEndpoint, type CoreEndpoint } from '../../src/serve/endpoint.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs } from '../support/tilebar-command.js';
import { tempDir, userIn } from './places.js';

const cleanups = cleanupsAfterEach();

function place(): { endpoint: CoreEndpoint; env: Record<string, string> } {
  const user = userIn(tempDir(cleanups));
  const env = childEnv({ ...user.env, TILEBAR_STANDALONE: undefined });
  const found = coreEndpoint(user.env, 'linux', user.home);
  if (!found.ok) throw new Error(found.why);
  return { endpoint: found.endpoint, env };
}

/** Starts a process and hands it to the cleanups. */
function started(child: ChildProcess): Starting {
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
  return { ended: once(child, 'exit') };
}

/** The real core, as a front end of this process's pid starts it (it takes over this process's start lock). */
const realCore = (env: Record<string, string>) => started(spawn(process.execPath, tilebarArgs('serve', '--spawned-by', String(process.pid)), { env, stdio: 'ignore' }));

const request = { role: { kind: 'status' as const }, select: {}, app: 'test', pid: process.pid };

describe.skipIf(process.platform === 'win32')('a front end finding the core', () => {
  it('starts the core again when the one it started dies before it listens', async () => {
    const { endpoint, env } = place();
    let starts = 0;
    const found = await findCore({
      endpoint,
      request,
      timers: realTimers,
      log: () => undefined,
      // The first core is killed as it starts; the next one is the real core.
      start: () => (++starts === 1 ? started(spawn(process.execPath, ['-e', 'process.kill(process.pid, "SIGKILL")'], { stdio: 'ignore' })) : realCore(env)),
    });
    expect(found.ok, found.ok ? '' : found.why).toBe(true);
    expect(starts).toBe(2);
    if (found.ok) found.link.close();
  });

  it('takes the start lock over when the front end holding it dies while the others wait', async () => {
    const { endpoint, env } = place();
    // Another front end took the lock and is starting a core ... and dies before its core comes.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    cleanups.push(() => void holder.kill('SIGKILL'));
    writeFileSync(endpoint.lock, JSON.stringify({ pid: holder.pid, startedMs: Date.now() }), { mode: 0o600 });
    setTimeout(() => holder.kill('SIGKILL'), 300);
    let starts = 0;
    const found = await findCore({ endpoint, request, timers: realTimers, log: () => undefined, start: () => (starts++, realCore(env)) });
    expect(found.ok, found.ok ? '' : found.why).toBe(true);
    expect(starts).toBe(1);
    if (found.ok) found.link.close();
  });
});

