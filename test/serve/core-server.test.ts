import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frontProof, newNonce } from '../../src/channel/auth.js';
import { HELLO_WITHIN_MS, PROTOCOL, type CoreMessage } from '../../src/channel/protocol.js';
import { MOST_UNPROVEN } from '../../src/serve/core-server.js';
import { cpuReading } from '../app/live-bar-harness.js';
import { until } from '../wait.js';
import { startChannel, type RawPeer } from './channel-harness.js';

const config = { left_widgets: [{ Cpu: { enable: true, data_refresh_interval: 1 } }], right_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }] };

/** Says hello (as tilebar `app` of `protocol`) and proves the key, by hand; the core's welcome came first. */
async function proveItself(peer: RawPeer, key: Buffer, hello: { protocol?: number; app?: string } = {}): Promise<void> {
  const nonce = newNonce();
  peer.send({ t: 'hello', protocol: hello.protocol ?? PROTOCOL, app: hello.app ?? 'test', nonce });
  await until(() => peer.received.some((m) => m.t === 'welcome'), 'a welcome');
  const welcome = peer.received.find((m): m is Extract<CoreMessage, { t: 'welcome' }> => m.t === 'welcome');
  peer.send({ t: 'auth', proof: frontProof(key, welcome?.nonce ?? '', nonce) });
}

/** Says hello, proves the key and attaches as a feed, by hand. */
async function handshake(peer: RawPeer, key: Buffer): Promise<void> {
  await proveItself(peer, key);
  peer.send({ t: 'attach', role: { kind: 'feed', host: 'tmux' }, select: {}, pid: 1 });
  await until(() => peer.received.some((m) => m.t === 'state'), 'a first state');
}

/** Waits for `test`, moving the core's fake time on a frame at a time (a poll's answer publishes on it). */
async function ticking(ch: { core: { timers: { advance(ms: number): Promise<void> } } }, test: () => boolean, what: string): Promise<void> {
  await until(async () => {
    await ch.core.timers.advance(100);
    return test();
  }, what);
}

const readings = (values: number[]) => {
  let n = 0;
  return { cpu: async () => ({ percent: values[Math.min(n++, values.length - 1)] }) };
};

describe('the core’s channel', () => {
  it('shows every attached front end the same sample, read once', async () => {
    let reads = 0;
    const ch = await startChannel({ config, readers: { cpu: async () => ({ percent: 10 + reads++ }) } });
    const a = await ch.attachView();
    const b = await ch.attachView();
    await ch.core.timers.advance(3000);
    await ticking(ch, () => cpuReading(a.getSnapshot()) === cpuReading(ch.core.snap()) && cpuReading(b.getSnapshot()) === cpuReading(ch.core.snap()), 'both front ends to show the core’s reading');
    expect(cpuReading(a.getSnapshot())).toBeGreaterThanOrEqual(12);
    expect(cpuReading(a.getSnapshot())).toBe(cpuReading(b.getSnapshot()));
    expect(a.getSnapshot().model).toEqual(ch.core.snap().model);
    // Three heartbeats, one read each (and the first at start), whatever the number of front ends.
    expect(reads).toBeLessThanOrEqual(5);
  });

  it('keeps hover-free front-end state apart: each its own size and look, the same model', async () => {
    const ch = await startChannel({ config });
    const a = await ch.attachView();
    const b = await ch.attachView();
    a.resize({ width: 40, height: 1 });
    expect(a.getSnapshot().size.width).toBe(40);
    expect(b.getSnapshot().size.width).toBe(160);
  });

  it('refuses a front end without the key, and a front end refuses a core without it', async () => {
    const ch = await startChannel({ config });
    await expect(ch.attachView({ key: randomBytes(32) })).rejects.toThrow(/not-ours/);
    const peer = await ch.raw();
    peer.send({ t: 'hello', protocol: PROTOCOL, app: 'test', nonce: newNonce() });
    await until(() => peer.received.some((m) => m.t === 'welcome'), 'a welcome');
    peer.send({ t: 'auth', proof: randomBytes(32).toString('base64') });
    await until(() => peer.closed, 'the core to drop a front end with a wrong proof');
    expect(peer.received.map((m) => m.t)).toEqual(['welcome']);
    expect(ch.opened.count).toBe(0);
  });

  // A later protocol replaces nothing either (serve/core-handover.ts): the bars attached to this core could not
  // reach its core. It is told the protocols differ before it proves anything, and runs its bar on its own.
  it('answers another protocol, older or later, with its own, and nothing more', async () => {
    const ch = await startChannel({ config, app: '1.9.0' });
    for (const [protocol, app] of [
      [PROTOCOL - 1, '1.0.0'],
      [PROTOCOL + 1, '2.0.0'],
    ] as const) {
      const peer = await ch.raw();
      peer.send({ t: 'hello', protocol, app, nonce: newNonce() });
      await until(() => peer.closed, 'the core to close');
      expect(peer.received).toEqual([{ t: 'mismatch', protocol: PROTOCOL, app: '1.9.0' }]);
    }
    expect(ch.newer).toEqual([]);
  });

  // An upgrade reaching a running core (serve/core-handover.ts): the core runs all day, and a bar started after
  // `npm update` must not be served by the code from before it.
  it('makes way for a newer tilebar that proves itself, and for no other', async () => {
    const ch = await startChannel({ config, app: '1.9.0' });
    const same = await ch.attachView({ app: '1.9.0' });
    await ch.attachView({ app: '1.8.5' });
    await ch.attachView({ app: 'not a version' });
    // serve --status of a newer tilebar only asks.
    const asking = await ch.raw();
    await proveItself(asking, ch.key, { app: '1.10.0' });
    asking.send({ t: 'attach', role: { kind: 'status' }, select: {}, pid: 1 });
    asking.send({ t: 'status' });
    await until(() => asking.received.some((m) => m.t === 'report'), 'a report');
    // One without the key cannot make the core go.
    await expect(ch.attachView({ app: '2.0.0', key: randomBytes(32) })).rejects.toThrow(/not-ours/);
    expect(ch.newer).toEqual([]);

    // 1.10.0 is later than 1.9.0 (as versions, not as text): the core makes way, and then tells it so.
    await expect(ch.attachView({ app: '1.10.0' })).rejects.toThrow(/replaced: tilebar 1\.10\.0 replaces this core \(1\.9\.0\)/);
    expect(ch.newer).toEqual(['1.10.0']);
    expect(ch.serverLog.join('\n')).toMatch(/a front end of tilebar 1\.10\.0 attached to this core of tilebar 1\.9\.0/);

    // Its own front ends are told who replaces it (serve.ts closes it so), and only look for a core for a while:
    // the newer front end starts it. Then they may start one themselves.
    ch.mayStart.length = 0;
    await ch.server.close('tilebar 1.10.0 replaces this core (1.9.0)', '1.10.0');
    await until(() => same.getSnapshot().message === 'tilebar 1.10.0 takes over; reconnecting', 'the front end to say which tilebar takes over');
    await until(async () => {
      await ch.core.timers.advance(100);
      return ch.mayStart.length > 0;
    }, 'a reconnect');
    expect(ch.mayStart[0]).toBe(false);
    await until(async () => {
      await ch.core.timers.advance(500);
      return ch.mayStart.at(-1) === true;
    }, 'a reconnect that may start a core');
  });

  it('drops a connection that does not attach in time, and lets the oldest silent one go for a newcomer', async () => {
    const ch = await startChannel({ config });
    const silent = await ch.raw();
    const others: RawPeer[] = [];
    for (let i = 0; i < MOST_UNPROVEN; i++) others.push(await ch.raw());
    await until(() => silent.closed, 'the oldest unproven connection to give way');
    expect(others.some((p) => p.closed)).toBe(false);
    await ch.core.timers.advance(HELLO_WITHIN_MS);
    await until(() => others.every((p) => p.closed), 'the silent connections to be dropped');
  });

  it('drops a front end that sends garbage or floods, and the others go on', async () => {
    const ch = await startChannel({ config, readers: readings([1, 2, 3, 4, 5, 6, 7, 8]) });
    const good = await ch.attachView();
    const garbage = await ch.raw();
    await handshake(garbage, ch.key);
    garbage.socket.write(Buffer.from([0, 0, 0, 5, 0xde, 0xad, 0xbe, 0xef, 0x00]));
    await until(() => garbage.closed, 'the core to drop the garbage');
    const flood = await ch.raw();
    await handshake(flood, ch.key);
    for (let i = 0; i < 500; i++) flood.send({ t: 'refresh' });
    await until(() => flood.closed, 'the core to drop the flood');
    expect(ch.serverLog.join('\n')).toMatch(/more than 40 messages a second/);
    const before = cpuReading(good.getSnapshot());
    await ticking(ch, () => cpuReading(good.getSnapshot()) !== before, 'the good front end to keep getting readings');
    expect(ch.opened.closed).toBe(2);
  });

  it('runs a launch only when the config names its command', async () => {
    const ch = await startChannel({ config: { left_widgets: [{ Applications: { enable: true, items: [{ name: 'Term', command: 'true' }] } }], right_widgets: [] } });
    const peer = await ch.raw();
    await handshake(peer, ch.key);
    peer.send({ t: 'act', action: { kind: 'launch', id: '0:Evil', command: 'touch /tmp/owned-by-a-front-end' } });
    peer.send({ t: 'act', action: { kind: 'launch', id: '0:Term', command: 'true' } });
    await ticking(ch, () => ch.core.log.some((l) => l.startsWith('launch: ')), 'the named launch');
    expect(ch.serverLog.join('\n')).toMatch(/asked for a launch its config does not name; not run/);
    expect(ch.core.log.filter((l) => l.startsWith('launch: '))).toEqual(['launch: true ']);
  });

  it('sends a front end that stopped reading only the newest state when it reads again', async () => {
    let n = 0;
    // Readings of 64 KB each: a few fill the socket's buffers, as a busy window manager's states would.
    const ch = await startChannel({ config, readers: { cpu: async () => ({ percent: n++, padding: 'x'.repeat(64 * 1024) }) } });
    const peer = await ch.raw();
    await handshake(peer, ch.key);
    peer.socket.pause();
    // Make the core's view change many times while the front end reads nothing.
    for (let i = 0; i < 50; i++) await ch.core.timers.advance(1000);
    const countBefore = peer.received.length;
    peer.socket.resume();
    await ticking(ch, () => {
      const last = peer.received.filter((m) => m.t === 'state' && m.statuses?.cpu).at(-1);
      return last?.t === 'state' && last.statuses?.cpu !== undefined && cpuReading({ statuses: { cpu: last.statuses.cpu } } as never) === cpuReading(ch.core.snap());
    }, 'the newest reading after the front end reads again');
    // Far fewer than the 50 states made meanwhile: those it missed were merged, not queued.
    expect(peer.received.filter((m) => m.t === 'state').length - countBefore).toBeLessThan(25);
  });

  it('drops a `serve --status` that keeps asking and reads none of the answers (they are not queued without end)', async () => {
    const ch = await startChannel({ config });
    const peer = await ch.raw();
    await proveItself(peer, ch.key);
    peer.send({ t: 'attach', role: { kind: 'status' }, select: {}, pid: 1 });
    peer.socket.pause();
    // Within the rate, for longer than any buffer holds the answers: 40 a second for minutes.
    for (let s = 0; s < 200 && !peer.closed; s++) {
      await ch.core.timers.advance(1000);
      for (let i = 0; i < 40; i++) peer.send({ t: 'status' });
      await new Promise((r) => setImmediate(r));
    }
    peer.socket.resume();
    await until(() => peer.closed, () => `the core to drop it; log: ${ch.serverLog.join('\n')}`);
    expect(ch.serverLog.join('\n')).toMatch(/dropped connection \d+ \(status, pid 1\): asked for reports and read none/);
  });

  it('drops a front end that has read nothing for a minute while its bar changed', async () => {
    const ch = await startChannel({ config, readers: { cpu: async () => ({ percent: 1, padding: 'x'.repeat(64 * 1024) }) } });
    const peer = await ch.raw();
    await handshake(peer, ch.key);
    peer.socket.pause();
    for (let i = 0; i < 70 && !ch.serverLog.some((l) => l.includes('read nothing')); i++) await ch.core.timers.advance(1000);
    expect(ch.serverLog.join('\n')).toMatch(/dropped connection \d+ \(feed tmux, pid 1\): read nothing for 60 s/);
    await until(() => ch.opened.closed === 1, 'its bar released');
  });

  it('stops even when a front end keeps its side of the connection open after the core said bye', async () => {
    const ch = await startChannel({ config });
    const peer = await ch.raw({ allowHalfOpen: true });
    await handshake(peer, ch.key);
    let stopped = false;
    void ch.server.close('the core is stopping').then(() => (stopped = true));
    await until(() => stopped, 'the core to stop');
    expect(peer.received.some((m) => m.t === 'bye')).toBe(true);
  });

  it('releases a front end’s bar when it leaves or its connection breaks', async () => {
    const ch = await startChannel({ config });
    const a = await ch.attachView();
    const peer = await ch.raw();
    await handshake(peer, ch.key);
    expect(ch.opened).toEqual({ count: 2, closed: 0 });
    a.close();
    peer.socket.destroy();
    await until(() => ch.opened.closed === 2, 'both bars released');
    expect(ch.server.attached).toBe(0);
  });
});
