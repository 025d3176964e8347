/**
 * A core making way for a newer tilebar (serve/core-handover.ts), with real processes and sockets and builds of
 * two versions (other-build.ts): what the user's other bars live through when a newer tilebar's bar comes. What
 * must hold: the bars end up served again, by one core, and a core is not ended again and again.
 */
import { mkdirSync } from 'node:fs';
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
});

