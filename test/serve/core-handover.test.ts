/**
 * A core making way for a newer tilebar (serve/core-handover.ts), with real processes and sockets and builds of
 * two versions (other-build.ts): what the user's other bars live through when a newer tilebar's bar comes. What
 * must hold: the bars end up served again, by one core, and a core is not ended again and again.
 */
import { mkdirSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontProof, newNonce } from '../../src/channel/auth.js';
import { encodeFrame, FrameReader } from '../../src/channel/framing.js';
import { MAX_IN_FRAME, MAX_OUT_FRAME, PROTOCOL, type CoreMessage } from '../../src/channel/protocol.js';
import { publishCore, readCoreKey } from '../../src/serve/core-files.js';
import { coreEndpoint, type CoreEndpoint } from '../../src/serve/endpoint.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';
import { coreSession, feedLine, type CoreSession, type Feed } from './core-session.js';
import { otherBuild } from './other-build.js';

const cleanups = cleanupsAfterEach();

function endpointOf(s: CoreSession): CoreEndpoint {
  const place = coreEndpoint(s.env, process.platform, s.env.HOME as string);
  if (!place.ok) throw new Error(place.why);
  return place.endpoint;
}

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

  // A later protocol's front end has the core make way (it proves itself with the handshake every protocol
  // keeps), and starts its core, which speaks only its own protocol: the older bars are told `mismatch` by it.
  // They must run their bars on their own (as one that starts while such a core runs does), not keep the last
  // frame and "tilebar's core stopped; reconnecting" until they are restarted.
  it('leaves the bars of the older protocol running on their own once a later protocol’s core took its place', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    await until(() => showsBar(feed), 'the feed to show its bar');
    const endpoint = endpointOf(s);
    const later = await laterProtocolCore(endpoint);
    cleanups.push(() => void later.close());
    await until(() => feedLine(feed.out()).includes('core stopped'), 'the feed to say its core went');
    await until(() => s.log().includes('mismatch'), () => `the feed to find the later protocol's core\nlog:\n${s.log()}`);
    await until(() => showsBar(feed), () => `the feed to show its bar again\nfeed: ${feedLine(feed.out())}\nlog:\n${s.log()}`);
  });
});

/**
 * What a tilebar of the next protocol does: its front end proves itself to the running core (which makes way),
 * and its core takes the place, answering every hello of another protocol with `mismatch`.
 */
async function laterProtocolCore(endpoint: CoreEndpoint): Promise<Server> {
  const key = readCoreKey(endpoint);
  if (!key || endpoint.socket === undefined) throw new Error('no core to replace');
  const path = endpoint.socket;
  const socket = connect(path);
  const reader = new FrameReader(MAX_OUT_FRAME);
  const nonce = newNonce();
  const received: CoreMessage[] = [];
  socket.on('data', (chunk: Buffer) => {
    for (const m of reader.push(chunk).values as CoreMessage[]) {
      received.push(m);
      if (m.t === 'welcome') socket.write(encodeFrame({ t: 'auth', proof: frontProof(key, m.nonce, nonce) }, MAX_IN_FRAME) as Buffer);
    }
  });
  socket.on('error', () => undefined);
  socket.write(encodeFrame({ t: 'hello', protocol: PROTOCOL + 1, app: '99.0.0', nonce }, MAX_IN_FRAME) as Buffer);
  await until(() => received.some((m) => m.t === 'bye'), () => `the core to make way; it said ${JSON.stringify(received.map((m) => m.t))}`);
  socket.destroy();
  const server = createServer((c) => {
    c.on('error', () => undefined);
    c.once('data', () => c.end(encodeFrame({ t: 'mismatch', protocol: PROTOCOL + 1, app: '99.0.0' }, MAX_OUT_FRAME) as Buffer));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  const published = publishCore(endpoint, { pid: process.pid, app: '99.0.0', protocol: PROTOCOL + 1, startedMs: Date.now() });
  if (!published.ok) throw new Error(published.why);
  return server;
}
