/**
 * The MPRIS source against a real session bus (a private dbus-daemon) and fake players in their own
 * processes: players appearing, changing, being controlled, competing and leaving, and the bus going away.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realTimers } from '../../src/scheduler/timers.js';
import { MAX_BUS_MESSAGE, sessionBus, watchMpris, type MediaSource } from '../../src/media/mpris.js';
import type { MediaStatus } from '../../src/media/player.js';
import { hasDbusDaemon, startFakePlayer, startSessionBus, type FakePlayer, type SessionBus } from './session-bus.js';
import { eventually } from '../wait.js';

let bus: SessionBus | undefined;
let source: MediaSource | undefined;
const players: FakePlayer[] = [];
afterEach(() => {
  source?.close();
  for (const p of players.splice(0)) p.process.kill();
  bus?.stop();
  source = undefined;
  bus = undefined;
});

describe.skipIf(!hasDbusDaemon)('media players over a real session bus', () => {
  it('follows players as they appear, change and leave, and controls the one shown', async () => {
    bus = await startSessionBus();
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    source = await watchMpris((s) => statuses.push(s), { env: { DBUS_SESSION_BUS_ADDRESS: bus.address }, timers: realTimers, log: (m) => logs.push(m) });
    await eventually(() => expect(logs).toContain(`media: following MPRIS players on ${bus?.address}`));
    expect(statuses).toEqual([]);

    const one = await startFakePlayer(bus.address, 'one');
    players.push(one);
    await eventually(() => expect(statuses.at(-1)?.player).toMatchObject({ id: 'org.mpris.MediaPlayer2.one', artist: 'Artist A', title: 'Song 1', status: 'Playing', canGoNext: true, canGoPrevious: true }));

    // A track change arrives as PropertiesChanged.
    one.set({ artist: ['B1', 'B2'], title: 'Song 2', canGoPrevious: false });
    await eventually(() => expect(statuses.at(-1)?.player).toMatchObject({ artist: 'B1, B2', title: 'Song 2', canGoPrevious: false }));

    // Controls reach the player shown.
    source.control('next');
    await eventually(() => expect(one.lines).toContain('call Next'));
    source.control('play-pause');
    await eventually(() => expect(statuses.at(-1)?.player?.status).toBe('Paused'));
    expect(one.lines).toContain('call PlayPause');

    // A second player that plays wins over the paused one; when it leaves, the first is shown again.
    const two = await startFakePlayer(bus.address, 'two');
    players.push(two);
    await eventually(() => expect(statuses.at(-1)?.player?.id).toBe('org.mpris.MediaPlayer2.two'));
    source.control('previous');
    await eventually(() => expect(two.lines).toContain('call Previous'));
    expect(one.lines).not.toContain('call Previous');
    two.quit();
    await eventually(() => expect(statuses.at(-1)?.player?.id).toBe('org.mpris.MediaPlayer2.one'));

    // The last player leaving hides the widget.
    one.quit();
    await eventually(() => expect(statuses.at(-1)).toEqual({}));
  });

  it('clears the widget when the bus goes away, says so once, and follows players again when it is back', async () => {
    bus = await startSessionBus();
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    const address = bus.address;
    source = await watchMpris((s) => statuses.push(s), { env: { DBUS_SESSION_BUS_ADDRESS: address }, timers: realTimers, log: (m) => logs.push(m) });
    const one = await startFakePlayer(address, 'one');
    players.push(one);
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('Song 1'));
    bus.stop(true);
    await eventually(() => expect(statuses.at(-1)).toEqual({}));
    await new Promise((r) => setTimeout(r, 1500));
    expect(logs.filter((l) => l.startsWith('media: the session bus went away'))).toHaveLength(1);
    // The session comes back at the same address: within the 5 s retry, the bar follows its players.
    bus = await startSessionBus(bus.dir);
    expect(bus.address.split(',')[0]).toBe(address.split(',')[0]);
    players.push(await startFakePlayer(address, 'again'));
    await eventually(() => expect(statuses.at(-1)?.player?.id).toBe('org.mpris.MediaPlayer2.again'));
  });

  it('leaves a connection that brings a message larger than it takes, says so once, and follows again once messages are small', async () => {
    bus = await startSessionBus();
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    source = await watchMpris((s) => statuses.push(s), { env: { DBUS_SESSION_BUS_ADDRESS: bus.address }, timers: realTimers, log: (m) => logs.push(m) });
    const one = await startFakePlayer(bus.address, 'huge');
    players.push(one);
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('Song 1'));
    // A title of 6 MB: its PropertiesChanged (and every GetAll after) is over the bound.
    one.set({ title: 'x'.repeat(6 * 1024 * 1024) });
    await eventually(() => expect(logs.some((l) => l.includes(`a message of more than ${MAX_BUS_MESSAGE / 1024 / 1024} MiB`))).toBe(true));
    // Never decoded: not even the first 512 characters the widget would keep of it were seen.
    expect(statuses.some((st) => st.player?.title?.startsWith('xxxxxxxx'))).toBe(false);
    one.set({ title: 'Small again' });
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('Small again'));
    expect(logs.filter((l) => l.includes('MiB'))).toHaveLength(1);
  });

  it('takes the systemd user bus when the given one is in the abstract namespace, which Node cannot reach', async () => {
    bus = await startSessionBus();
    const runtime = bus.dir; // holds `bus`, as $XDG_RUNTIME_DIR does
    const statuses: MediaStatus[] = [];
    source = await watchMpris((s) => statuses.push(s), { env: { DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-AbCd,guid=1234', XDG_RUNTIME_DIR: runtime }, timers: realTimers, log: () => undefined });
    players.push(await startFakePlayer(bus.address, 'systemd'));
    await eventually(() => expect(statuses.at(-1)?.player?.id).toBe('org.mpris.MediaPlayer2.systemd'));
    expect(sessionBus({ DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-AbCd,guid=1234' })).toEqual({ problem: expect.stringContaining('abstract namespace (unix:abstract=/tmp/dbus-AbCd)') });
  });

  it('says once that there is no session bus, and shows nothing', async () => {
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    source = await watchMpris((s) => statuses.push(s), { env: {}, timers: realTimers, log: (m) => logs.push(m) });
    expect(statuses).toEqual([{ problem: expect.stringContaining('no D-Bus session bus') }]);
    expect(logs).toHaveLength(1);
  });
});
