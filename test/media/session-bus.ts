/** A private D-Bus session bus for a test (dbus-daemon), and fake MPRIS players on it (fake-player.mjs). */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATIENCE_MS } from '../wait.js';
import { createInterface } from 'node:readline';
import { childEnv } from '../support/child-env.js';

export const hasDbusDaemon = spawnSync('dbus-daemon', ['--version'], { stdio: 'ignore' }).status === 0;

export interface SessionBus {
  address: string;
  /** The directory it listens in (where a bus started again gets the same address). */
  dir: string;
  /** `keep`: leave the directory, to start a bus there again. */
  stop(keep?: boolean): void;
}

/**
 * A session bus of its own, listening on `bus` in a private directory (or in `dir`: a bus started again
 * where one was stopped has the same address).
 */
export async function startSessionBus(dir = mkdtempSync(join(tmpdir(), 'tilebar-bus-')), listen = `unix:path=${dir}/bus`): Promise<SessionBus> {
  const config = join(dir, 'session.conf');
  rmSync(join(dir, 'bus'), { force: true });
  // The session bus's usual policy; anyone who can reach the socket may connect (the tmux tests run the
  // bar as an ordinary user).
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>${listen}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/><allow user="*"/></policy></busconfig>`,
  );
  const daemon = spawn('dbus-daemon', ['--config-file', config, '--nofork', '--print-address'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string>((resolve, reject) => {
    daemon.once('error', reject);
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
    createInterface({ input: daemon.stdout }).once('line', resolve);
  });
  return {
    address: address.trim(),
    dir,
    stop(keep = false) {
      daemon.kill();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FakePlayer {
  /** Lines the player printed (`ready`, `changed`, `call Next`, …). */
  lines: string[];
  set(change: Record<string, unknown>): void;
  quit(): void;
  process: ChildProcessWithoutNullStreams;
}

export async function startFakePlayer(address: string, name: string): Promise<FakePlayer> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'fake-player.mjs'), name], { env: childEnv({ DBUS_SESSION_BUS_ADDRESS: address }), stdio: 'pipe' });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(l));
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const deadline = Date.now() + PATIENCE_MS;
  while (!lines.includes('ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`fake player ${name} did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    lines,
    process: child,
    set: (change) => child.stdin.write(`${JSON.stringify(change)}\n`),
    quit: () => child.stdin.write('{"quit": true}\n'),
  };
}
