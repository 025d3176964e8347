/**
 * A core making way for a newer tilebar (serve/core-handover.ts), with real processes and sockets and builds of
 * two versions (other-build.ts): what the user's other bars live through when a newer tilebar's bar comes. What
 * must hold: the bars end up served again, by one core, and a core is not ended again and again.
 */
import { once } from 'node:events';
import { chmodSync, mkdirSync, renameSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { encodeFrame } from '../../src/channel/framing.js';
import { MAX_OUT_FRAME, PROTOCOL } from '../../src/channel/protocol.js';
import { coreEndpoint } from '../../src/serve/endpoint.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';
import { coreSession, feedLine, type Feed } from './core-session.js';
import { otherBuild } from './other-build.js';

const cleanups = cleanupsAfterEach();

/** The feed shows its bar (its clock), not a message in its place. */
const showsBar = (feed: Feed) => /A \d\d:\d\d:\d\d/.test(feedLine(feed.out())) && !feedLine(feed.out()).includes('core stopped');

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('a core making way for a newer tilebar', () => {
  // npm installs the `tilebar` command as a link to dist/bundle/main.js, and Node gives the program the link's
  // path as its script (process.argv[1]), not the file's.
  it('is started by a front end run through the link npm installs as `tilebar`', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed({ link: 'tilebar' });
    await until(() => s.status()?.frontEnds.length === 1, () => `the feed to start a core and attach to it\nlog:\n${s.log()}`);
    await until(() => showsBar(feed), 'the feed to show its bar');
    expect(s.log()).not.toMatch(/runs its bar in its own process/);
  });

  // A newer tilebar whose own core cannot start (a half-installed upgrade, a core that fails at start) has the
  // older core make way, and finds no core of its own. Each of its tries after that (its start path's, and those
  // of a bar that runs on its own) must not end the core the older bars start again — they would say "core
  // stopped" every few seconds, for good — but attach to it, as a front end of any version may.
  it('makes way once for a newer tilebar whose own core cannot start, not at each of its tries', async () => {
    const s = await coreSession(cleanups);
    const oldDir = join(s.dir, 'old');
    const newDir = join(s.dir, 'new');
    mkdirSync(oldDir);
    mkdirSync(newDir);
    const older = otherBuild(oldDir, '0.0.1');
    const newer = otherBuild(newDir, '99.0.0', { coreFails: true });
    const oldFeed = s.feed({ program: older });
    await until(() => s.status()?.app === '0.0.1' && s.status()?.frontEnds.length === 1, () => `the older feed to start its core\nlog:\n${s.log()}`);
    const newFeed = s.feed({ program: newer });
    await until(() => s.log().includes("it makes way for 99.0.0's"), 'the older core to make way');
    // The older feed starts its core again once it has looked for the newer one's a while; the newer feed
    // attaches to it.
    await until(() => {
      const status = s.status();
      return status?.app === '0.0.1' && status.frontEnds.some((f) => f.pid === newFeed.child.pid) && status.frontEnds.length === 2;
    }, () => `both feeds served by a core of the older tilebar\nlog:\n${s.log()}`);
    expect(count(s.log(), /it makes way for 99\.0\.0's/g)).toBe(1);
    await until(() => showsBar(oldFeed) && showsBar(newFeed), 'both feeds to show their bars');
  });
  // A unit's core (`tilebar serve` in the foreground, the README's systemd unit) is the one that stays: it takes
  // the session from a core a bar started (a bar came first at login, or while the unit restarted), and one that
  // made way for a newer tilebar's bar ends with a failure, so that the unit starts `tilebar serve` again — the
  // upgraded one — which takes the session back from the core that bar started.
  it("is the unit's: a foreground serve takes the session from a bar's core, and one replaced by a newer bar ends for its unit to restart it", async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, () => `the feed to start its core\nlog:\n${s.log()}`);
    const [barsCore] = s.cores();
    const unit = s.serve();
    await until(() => s.status()?.pid === unit.pid && s.status()?.frontEnds.length === 1, () => `the foreground core to serve the feed\nlog:\n${s.log()}`);
    await until(() => !s.cores().includes(barsCore as number), "the bar's core to end");
    expect(s.log()).toMatch(/made way for this one/);
    await until(() => showsBar(feed), 'the feed to show its bar');

    // A second foreground serve is refused: one stays already.
    const second = s.serve();
    const [code] = (await once(second, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(s.status()?.pid).toBe(unit.pid);

    // The unit's core is of an older tilebar; a newer bar comes.
    unit.kill('SIGTERM');
    await once(unit, 'exit');
    const oldDir = join(s.dir, 'old');
    mkdirSync(oldDir);
    const olderUnit = s.serve({ program: otherBuild(oldDir, '0.0.1') });
    await until(() => s.status()?.app === '0.0.1' && s.status()?.pid === olderUnit.pid && s.status()?.frontEnds.length === 1, () => `the older unit's core to serve the feed\nlog:\n${s.log()}`);
    const newer = s.feed();
    const [status] = (await once(olderUnit, 'exit')) as [number | null];
    expect(status, 'the status a unit restarts on').toBe(75);
    await until(() => s.status()?.app !== '0.0.1' && s.status()?.frontEnds.length === 2, () => `the newer bar's core to serve both feeds\nlog:\n${s.log()}`);
    // The unit restarts it (the upgraded tilebar): it takes the session back.
    const restarted = s.serve();
    await until(() => s.status()?.pid === restarted.pid && s.status()?.frontEnds.length === 2, () => `the restarted unit's core to serve both feeds\nlog:\n${s.log()}`);
    await until(() => s.cores().length === 1, 'one core');
    await until(() => showsBar(feed) && showsBar(newer), 'both feeds to show their bars');
  });
});


describe('a core of another protocol in the place of the one a bar was attached to', () => {
  // A tilebar of another protocol took the session (its `serve` unit restarted after an upgrade, say): the bars of
  // the old core can never attach to it. They run their bars on their own, as one that starts beside such a core
  // does, rather than keep their last frame and "reconnecting" until someone restarts them.
  it('leaves its bars running on their own, not reconnecting for good', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    await until(() => showsBar(feed), 'the feed to show its bar');
    const [core] = s.cores();
    const place = coreEndpoint(s.env, process.platform, s.env.HOME as string);
    if (!place.ok || place.endpoint.socket === undefined) throw new Error('no endpoint');
    // The other protocol's core, in place before the old one dies: its socket renamed over the old one's.
    const other = await otherProtocolCore(place.endpoint.socket);
    cleanups.push(() => void other.close());
    process.kill(core as number, 'SIGKILL');
    await until(() => s.log().includes('cannot serve this front end'), () => `the feed to find the other protocol's core\nlog:\n${s.log()}`);
    await until(() => s.log().includes('runs its bar in its own process now'), () => `the feed to run its bar itself\nlog:\n${s.log()}`);
    await until(() => showsBar(feed), () => `the feed to show its bar again\nfeed: ${feedLine(feed.out())}\nlog:\n${s.log()}`);
    // It runs its bar: its clock goes on.
    const shown = feedLine(feed.out());
    await until(() => feedLine(feed.out()) !== shown && showsBar(feed), 'the clock to go on');
  });
});

/** A core of the next protocol: it answers every hello with `mismatch`, as a core of any protocol does to another. */
async function otherProtocolCore(path: string): Promise<Server> {
  const staging = `${path}.other`;
  const server = createServer((c) => {
    c.on('error', () => undefined);
    c.once('data', () => c.end(encodeFrame({ t: 'mismatch', protocol: PROTOCOL + 1, app: '99.0.0' }, MAX_OUT_FRAME) as Buffer));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(staging, () => resolve());
  });
  chmodSync(staging, 0o600);
  renameSync(staging, path);
  return server;
}
