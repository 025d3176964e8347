/**
 * SIGUSR1 and SIGUSR2 sent to real `tilebar feed` processes (started as a host starts them, stdout a pipe; as
 * `nobody` when the tests run as root). Node 20 opens an unauthenticated inspector on SIGUSR1 and dies of
 * SIGUSR2 unless the process listens for them: after each, the feed must listen on no TCP port (its own
 * sockets, read from /proc, so another process on 9229 never counts), live on, say what it did in its log, and
 * go on feeding its host. i3bar and swaybar keep the meanings their protocol header declares (stop, continue).
 * The feed runs with NODE_OPTIONS=--inspect-port=0: an inspector that opened would take a free port, never
 * one another test holds, so its opening is always seen. Started as the `tilebar` command starts node (its launch
 * flags: the inspector's port where nothing can listen, which beats NODE_OPTIONS), or, to test tilebar's own second
 * layer, by a bare `node main.js`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive, listeningPorts } from '../tty/process-sockets.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { MAIN, tilebarArgs } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

const CONFIG = { left_widgets: [], center_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }], right_widgets: [] };

interface Feed {
  child: ChildProcess;
  pid: number;
  log: () => string;
  lines: () => number;
  stderr: () => string;
}

/**
 * Starts a feed; with `beforeItsFirstLine`, sends it a SIGUSR1 at the moment Node's inspector already listens
 * for the signal (its handler is in /proc/PID/status's SigCgt) but tilebar's first line has not yet run (no
 * SIGUSR2 handler yet): the window no JavaScript can close, found by watching the process, not by a delay.
 * `hitWindow` says whether the signal was sent in that window. `bare`: started by `node main.js`, without the
 * command's launch flags.
 */
async function startFeed(host: string, beforeItsFirstLine = false, bare = false): Promise<Feed & { hitWindow: boolean }> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-feed-sig-'));
  // The feed runs as nobody when we are root: it reads the config and writes its log in here.
  chmodSync(dir, 0o777);
  const config = await writeBarConfig(dir, CONFIG, 'bar.json', { mode: 0o644 });
  const logFile = join(dir, 'log');
  const asNobody = process.getuid?.() === 0 ? UNPRIVILEGED : {};
  // Its runtime directory, the feed user's own (else its click files would go to /tmp/tilebar-<uid>).
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  if (process.getuid?.() === 0) chownSync(runtime, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  const feedArgs = ['feed', host, '--config', config, '--log', logFile, '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/'];
  const child = spawn(process.execPath, bare ? [MAIN, ...feedArgs] : tilebarArgs(...feedArgs), {
    env: childEnv({ HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), XDG_RUNTIME_DIR: runtime, TZ: 'UTC', NODE_OPTIONS: '--inspect-port=0' }),
    stdio: ['pipe', 'pipe', 'pipe'],
    ...asNobody,
  });
  let hitWindow = false;
  const pid = child.pid ?? 0;
  for (let n = 0; beforeItsFirstLine && n < 1_000_000; n++) {
    let caught = 0n;
    try {
      caught = BigInt(`0x${/SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0'}`);
    } catch {
      break;
    }
    const has = (signal: number) => (caught & (1n << BigInt(signal - 1))) !== 0n;
    if (has(12)) break; // SIGUSR2: tilebar holds the signals already
    if (has(10)) {
      process.kill(pid, 'SIGUSR1');
      hitWindow = true;
      break;
    }
  }
  let out = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(dir, { recursive: true, force: true });
  });
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const feed = { child, pid, log, lines: () => out.split('\n').length, stderr: () => stderr, hitWindow };
  await until(() => log().includes(`feeding ${host}`), () => `the feed to start; its log:\n${log()}\nstderr:\n${stderr}`);
  return feed;
}

/** Sends `signal`, then waits for the outcome a user would see: a line in the log, the process gone, or a port. */
async function signalAndWatch(feed: Feed, signal: NodeJS.Signals, logged: RegExp): Promise<void> {
  const before = feed.log().length;
  process.kill(feed.pid, signal);
  await until(
    () => logged.test(feed.log().slice(before)) || !alive(feed.pid) || listeningPorts(feed.pid).length > 0,
    () => `the feed to answer ${signal}; its log:\n${feed.log()}`,
  );
  expect(listeningPorts(feed.pid), `ports the feed listens on after ${signal}`).toEqual([]);
  expect(alive(feed.pid), `the feed lives on after ${signal} (exit ${String(feed.child.exitCode)}, ${String(feed.child.signalCode)})`).toBe(true);
  expect(feed.log().slice(before)).toMatch(logged);
}

describe('tilebar feed and SIGUSR1/SIGUSR2 (real processes)', () => {
  for (const host of ['tmux', 'polybar', 'waybar']) {
    it(`feed ${host}: SIGUSR1 reads every source again and SIGUSR2 the config, each said in the log; no inspector, no death`, async () => {
      const feed = await startFeed(host);
      await signalAndWatch(feed, 'SIGUSR1', /SIGUSR1: reading every source again/);
      await signalAndWatch(feed, 'SIGUSR2', /SIGUSR2: reading the config again[\s\S]*reloaded/);
      // Still feeding its host: new lines come (the clock shows seconds). Waybar's modules read pipes of their
      // own, not our stdout (feeds/waybar.ts): there the process living on, unharmed, is what shows.
      if (host !== 'waybar') {
        const lines = feed.lines();
        await until(() => feed.lines() > lines, 'a new line after the signals');
      }
      expect(listeningPorts(feed.pid)).toEqual([]);
    });
  }

  it("a SIGUSR1 that comes while Node itself starts, before tilebar's first line, cannot open the inspector: the launch flags leave it nowhere to listen", async () => {
    // The window lasts from Node's inspector taking the signal to the launcher's first line: tens of ms. Tried
    // until one signal lands in it. The feed is up (startFeed waited for it): an inspector would be open by now.
    for (let attempt = 0; attempt < 20; attempt++) {
      const feed = await startFeed('tmux', true);
      if (!feed.hitWindow) continue;
      expect(listeningPorts(feed.pid), 'ports the feed listens on').toEqual([]);
      expect(alive(feed.pid)).toBe(true);
      // Node tried, on the address of the launch flags (not NODE_OPTIONS' port 0), and went on.
      await until(() => feed.stderr().includes('Starting inspector on fe80::1:9229 failed'), () => `Node to say the inspector failed to start; stderr:\n${feed.stderr()}`);
      expect(feed.stderr()).not.toContain('Debugger listening');
      expect(feed.log()).not.toMatch(/inspector[^\n]*is shut/);
      return;
    }
    expect.fail('no SIGUSR1 landed between Node taking the signal and tilebar holding it in 20 starts');
  });

  it("started by a bare `node main.js` (no launch flags), an inspector such a SIGUSR1 opened is shut by tilebar's own second layer, and said", async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const feed = await startFeed('tmux', true, true);
      if (!feed.hitWindow) continue;
      expect(listeningPorts(feed.pid), 'ports the feed listens on').toEqual([]);
      expect(alive(feed.pid)).toBe(true);
      await until(() => /inspector[^\n]*is shut/.test(feed.log()), () => `the feed to say it shut the inspector; its log:\n${feed.log()}`);
      return;
    }
    expect.fail('no SIGUSR1 landed between Node taking the signal and tilebar holding it in 20 starts');
  });

  it('feed i3bar: SIGUSR1 and SIGUSR2 stay the stop and continue its protocol header declares; no inspector', async () => {
    const feed = await startFeed('i3bar');
    await signalAndWatch(feed, 'SIGUSR1', /SIGUSR1 \(i3bar's stop signal\)/);
    await signalAndWatch(feed, 'SIGUSR2', /SIGUSR2 \(i3bar's continue signal\)/);
    const lines = feed.lines();
    await until(() => feed.lines() > lines, 'a new line once continued');
  });
});
