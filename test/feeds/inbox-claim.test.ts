/**
 * The claim on a shared inbox, with real sockets in a real directory: of several feeds one reads, whichever way
 * the one reading ends (stopped, or killed outright with its socket left behind) another takes over, and however
 * many try at once, one holds it.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimInbox, claimPathOf, type InboxClaim } from '../../src/feeds/inbox-claim.js';
import { until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

interface Feed {
  claim: InboxClaim;
  /** Whether it was last told it reads. */
  reading: boolean;
}

async function feedsOf(n: number, inbox?: string): Promise<{ inbox: string; feeds: Feed[]; logs: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-claim-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const path = inbox ?? join(dir, 'tmux-1-right.clicks');
  const logs: string[] = [];
  const feeds: Feed[] = [];
  for (let i = 0; i < n; i++) {
    const feed: Feed = { reading: false, claim: undefined as unknown as InboxClaim };
    feed.claim = claimInbox(path, { taken: () => (feed.reading = true), lost: () => (feed.reading = false) }, (l) => logs.push(l));
    cleanups.push(() => feed.claim.stop());
    feeds.push(feed);
  }
  return { inbox: path, feeds, logs };
}

/** The feeds that read, asked as a feed asks before each look (a claim another broke is given up there). */
const readers = (feeds: readonly Feed[]) => feeds.filter((f) => f.reading && f.claim.holds());

describe('the claim on a shared inbox', () => {
  it('lets one of several feeds read, and another when that one stops', async () => {
    const { feeds, inbox } = await feedsOf(3);
    await until(() => readers(feeds).length === 1, 'one feed to read');
    const first = readers(feeds)[0];
    first?.claim.stop();
    await until(() => readers(feeds).length === 1 && readers(feeds)[0] !== first, 'another feed to read');
    expect(feeds.filter((f) => f.reading)).toHaveLength(2); // the stopped one is never told again
    // Everyone stopped: the claim's name is gone with its holder, and nothing of the feeds is left.
    for (const f of feeds) f.claim.stop();
    expect(existsSync(claimPathOf(inbox))).toBe(false);
  });

  it('has one feed take over from a reader killed outright, whose socket is left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-claim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const inbox = join(dir, 'tmux-1.clicks');
    // A reader in another process, listening on the claim's name, as a feed does.
    const reader = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(claimPathOf(inbox))}, () => console.log('ready'))`], { stdio: ['ignore', 'pipe', 'ignore'], env: {} });
    cleanups.push(() => reader.kill('SIGKILL'));
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    const { feeds } = await feedsOf(4, inbox);
    // They all wait on it: none reads.
    await until(() => feeds.every((f) => !f.reading) && existsSync(claimPathOf(inbox)), 'the feeds to wait');
    reader.kill('SIGKILL');
    // Its socket is still there, answering nobody: they all find it at once; one of them reads.
    await until(() => readers(feeds).length === 1, () => `one feed to read (reading: ${feeds.map((f) => f.reading).join(' ')})`);
    expect(lstatSync(claimPathOf(inbox)).isSocket()).toBe(true);
    // Those that thought they had it for a moment learned otherwise, and wait on the one that reads.
    const one = readers(feeds)[0];
    one?.claim.stop();
    await until(() => readers(feeds).length === 1 && readers(feeds)[0] !== one, 'another feed to read after it');
  });

  it('reads unclaimed, said once, where the directory is too deep for a socket name, and makes nothing elsewhere', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-claim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // Node would bind a socket at a name cut short to fit, in this directory or above it.
    const deep = join(dir, 'd'.repeat(60), 'e'.repeat(60));
    mkdirSync(deep, { recursive: true });
    const { feeds, logs } = await feedsOf(1, join(deep, 'tmux-1.clicks'));
    await until(() => feeds[0]?.reading === true, 'the feed to read');
    expect(feeds[0]?.claim.holds()).toBe(true);
    expect(logs.filter((l) => l.includes('no claim can be made'))).toHaveLength(1);
    expect(readdirSync(deep)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['d'.repeat(60)]);
  });
});
