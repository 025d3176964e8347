/**
 * `--tiler i3` from a shell with neither I3SOCK nor a DISPLAY (a terminal started outside the session, an ssh
 * login): the source finds i3's socket where i3 makes it, `$XDG_RUNTIME_DIR/i3/ipc-socket.<pid>`, passing over
 * one whose i3 is gone.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realTimers } from '../../src/scheduler/timers.js';
import { BUILTIN_MANAGERS } from '../../src/tiler/managers.js';
import { runtimeI3Socket } from '../../src/tiler/socket-path.js';
import { FakeI3 } from './fake-i3.js';
import { recordingEvents } from './recording-events.js';
import { eventually } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

/** A pid no process has now: a child's, once it has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

function runtimeDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tb-i3rt-'));
  mkdirSync(join(dir, 'i3'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function fakeI3(path: string) {
  const fake = new FakeI3(path);
  await fake.start();
  cleanups.push(() => fake.stop());
  return fake;
}

describe.skipIf(process.platform === 'win32')("i3's socket in the runtime directory", () => {
  it('--tiler i3 without I3SOCK or DISPLAY connects to the live i3 there, not to a socket a dead i3 left', async () => {
    const dir = runtimeDir();
    const stale = await fakeI3(join(dir, 'i3', `ipc-socket.${deadPid()}`));
    const live = await fakeI3(join(dir, 'i3', `ipc-socket.${process.pid}`));
    live.names = ['web', 'mail'];
    const i3 = BUILTIN_MANAGERS.find((m) => m.name === 'i3')!;
    const rec = recordingEvents();
    // No i3 on the PATH to ask, and no display to ask it on.
    const env = { XDG_RUNTIME_DIR: dir, PATH: join(dir, 'no-bin') };
    const source = await i3.start({ env, platform: 'linux', timers: realTimers, exists: () => false, komorebiDir: join(dir, 'komorebi') }, rec.events);
    cleanups.push(() => source.close());
    await eventually(() => expect(rec.last()?.workspaces.map((w) => w.name), rec.logs.join('\n')).toEqual(['web', 'mail']));
    expect(stale.requests).toEqual([]);
  });

  it('finds nothing where there is no live i3 socket: a file of that name, no directory, no runtime directory at all', () => {
    const dir = runtimeDir();
    writeFileSync(join(dir, 'i3', `ipc-socket.${process.pid}`), 'not a socket');
    expect(runtimeI3Socket({ XDG_RUNTIME_DIR: dir })).toBeUndefined();
    expect(runtimeI3Socket({ XDG_RUNTIME_DIR: join(dir, 'missing') })).toBeUndefined();
    expect(runtimeI3Socket({}, () => true, undefined)).toBeUndefined();
  });
});
