/**
 * The user's core treated roughly, with real processes and sockets (issue 44, "nothing stale, nothing lost"): a
 * core that answers slowly while another one is started, a core whose socket was taken from it, a core killed
 * while it starts. What must hold each time: the front ends find one core that answers, and the runtime
 * directory keeps nothing of a core that is gone.
 */
import { once } from 'node:events';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs } from '../support/tilebar-command.js';
import { until } from '../wait.js';
import { coreSession, feedLine } from './core-session.js';
import { coreEndpoint, sessionOf } from '../../src/serve/endpoint.js';
import { attachOnce } from '../../src/attach/find-core.js';
import { realTimers } from '../../src/scheduler/timers.js';

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
    // Stopped as systemd stops a unit: a clean end (143 marked the unit failed at every `systemctl --user stop`).
    expect((await once(newer, 'exit'))[0]).toBe(0);
    expect(s.runFiles()).toEqual([]);
  });

  // An upgrade reaching a running core (serve/core-handover.ts): a front end of a later tilebar (this test, as
  // one) attaches; the core stops answering, says why, and ends; its feed re-attaches to a new core.
  it('makes way for a front end of a newer tilebar, and its own front ends move to the next core', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    const [old] = s.cores();
    const place = coreEndpoint(s.env, process.platform, s.env.HOME as string);
    if (!place.ok) throw new Error(place.why);
    const request = { role: { kind: 'feed', host: 'tmux' } as const, select: { config: s.config }, app: '999.0.0', pid: process.pid };
    const found = await attachOnce({ endpoint: place.endpoint, request, timers: realTimers, log: () => undefined });
    expect(found).toMatchObject({ ok: false, kind: 'replaced', why: expect.stringMatching(/^tilebar 999\.0\.0 replaces this core \(\d+\.\d+\.\d+/) });
    // It stopped answering before it said so: a front end that looks now finds no core, and may start its own.
    expect(await attachOnce({ endpoint: place.endpoint, request, timers: realTimers, log: () => undefined })).toMatchObject({ ok: false, kind: 'absent' });
    await until(() => !s.cores().includes(old as number), 'the old core to end');
    await until(() => feedLine(feed.out()).includes('tilebar 999.0.0 takes over; reconnecting'), () => `the feed to say which tilebar takes over\nfeed:\n${feed.out().split('\n').map(feedLine).join('\n')}\nlog:\n${s.log()}`);
    // No newer front end starts one here: after looking for a while, the feed starts one itself.
    await until(() => s.cores().length === 1 && s.status()?.frontEnds.length === 1, () => `a new core serving the feed\nlog:\n${s.log()}`);
    await until(() => /A \d\d:\d\d:\d\d/.test(feedLine(feed.out())), 'the feed to show its bar again');
    expect(s.log()).toMatch(/it makes way for 999\.0\.0's/);
    expect(s.log()).toMatch(/core: stopped: tilebar 999\.0\.0's core takes its place/);
  });

  // A hung core (stopped, or its loop blocked) accepts connections and answers no hello: its front ends say so
  // within CORE_SILENT_MS, and the one that takes the start lock ends it (SIGKILL, once it is sure it is a
  // `tilebar serve`) and starts another, whose listening removes the dead socket.
  it('starts a new core for the front ends of a hung one', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    const [hung] = s.cores();
    process.kill(hung as number, 'SIGSTOP');
    await until(() => feedLine(feed.out()).includes('core stopped'), 'the feed to say its core stopped');
    await until(() => s.cores().some((pid) => pid !== hung) && s.status()?.frontEnds.length === 1, 'a new core serving the feed');
    expect(s.cores()).not.toContain(hung);
    expect(s.log()).toMatch(/ended the core that accepted connections and answered none/);
  });

  // After a rebuild of the same version nothing asks the running core to make way: `serve --stop` ends it, proved
  // to be the user's, and its bars start the next one.
  it('ends the running core on `serve --stop`; its bars start another; with none running it says so with 3', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    const [first] = s.cores();
    const stopped = spawnSync(process.execPath, tilebarArgs('serve', '--stop'), { env: s.env, encoding: 'utf8' });
    expect(stopped.stderr).toBe('');
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toMatch(new RegExp(`stopped the core \\(pid ${first}, tilebar `));
    expect(s.cores()).not.toContain(first);
    expect(s.log()).toMatch(new RegExp(`asked to stop by tilebar serve --stop \\(pid \\d+\\)`));
    // The feed said so, and is served by a new core.
    await until(() => s.status()?.frontEnds.length === 1 && s.status()?.pid !== first, () => `the feed to attach to a new core\nlog:\n${s.log()}`);
    const before = feed.out().length;
    await until(() => feed.out().length > before && feedLine(feed.out()).includes('A '), 'the feed to go on writing from the new core');
    // No core: nothing to stop.
    for (const pid of s.cores()) process.kill(pid, 'SIGKILL');
    feed.child.kill('SIGKILL');
    await until(() => s.cores().length === 0, 'the cores to end');
    const none = spawnSync(process.execPath, tilebarArgs('serve', '--stop'), { env: s.env, encoding: 'utf8' });
    expect(none.status).toBe(3);
    expect(none.stderr).toMatch(/^tilebar serve --stop: no core is running for this session/);
  });

  // A front end that found no core in time runs its bar in its own process, and keeps trying: once a core
  // answers, it moves to it and closes its own bar. Here the start lock is held by a live process of the user's that
  // starts nothing, until the lock is old enough to be taken over (LOCK_STALE_MS).
  it('attaches a front end that ran on its own once a core answers again', async () => {
    const s = await coreSession(cleanups);
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void holder.kill('SIGKILL'));
    const lock = join(s.runDir, `core-${sessionOf(s.env, 'linux')}.lock`);
    mkdirSync(s.runDir, { recursive: true, mode: 0o700 });
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, startedMs: Date.now() }), { mode: 0o600 });
    const feed = s.feed();
    await until(() => s.log().includes('runs its bar in its own process until a core answers'), () => `the feed to run on its own; log: ${s.log()}`);
    await until(() => feedLine(feed.out()).includes('A '), 'the feed to show its bar meanwhile');
    await until(() => s.log().includes("attached to tilebar's core now"), () => `the feed to attach once the lock went stale; log: ${s.log()}`);
    await until(() => s.status()?.frontEnds.length === 1, 'the core to serve the feed');
    const before = feed.out().length;
    await until(() => feed.out().length > before && feedLine(feed.out()).includes('A '), 'the feed to go on writing from the core');
  });
});
