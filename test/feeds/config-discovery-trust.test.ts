/**
 * Only the bar's user steers the bar, config discovery included: a config's clicks run commands, so a file that
 * discovery finds (`$XDG_CONFIG_HOME/tilebar/bar.json` and the rest) is read only when it is the user's own (or
 * root's), checked on the opened descriptor. Where discovery looks may be a directory others can write
 * (`XDG_CONFIG_HOME` set to a shared place): another real user (`nobody`, through setpriv, so the suite must run
 * as root) plants a config there, before the feed starts and while it runs. The feed never takes it up: it says
 * why in its line and log, and takes up the user's own file written in its place. The built feed runs as a child
 * process, its stdout a pipe, as tmux runs it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { until } from '../wait.js';
import { startTmuxFeed } from './feed-child.js';
import { saveConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const asRoot = process.getuid?.() === 0;
const cleanups = cleanupsAfterEach();

const dateConfig = (text: string) => JSON.stringify({ left_widgets: [{ Date: { enable: true, format: { Custom: text }, label_prefix: 'None' } }], right_widgets: [] });

/** `nobody` writes a config saying PLANTED at `dir`/tilebar/bar.json. */
function plant(dir: string): void {
  const script = `mkdir -p '${dir}/tilebar' && printf '%s' '${dateConfig('PLANTED')}' > '${dir}/tilebar/bar.json'`;
  const r = spawnSync('setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', 'sh', '-c', script], { cwd: dir, stdio: 'ignore' });
  expect(r.status).toBe(0);
}

/** A home and a shared, world-writable (sticky) directory that $XDG_CONFIG_HOME names. */
async function places(): Promise<{ home: string; shared: string; logFile: string }> {
  const home = await mkdtemp(join(tmpdir(), 'tb-discover-trust-'));
  cleanups.push(() => rm(home, { recursive: true, force: true }));
  chmodSync(home, 0o711);
  await mkdir(join(home, 'run'), { mode: 0o700 });
  const shared = join(home, 'shared');
  await mkdir(shared);
  chmodSync(shared, 0o1777);
  return { home, shared, logFile: join(home, 'tilebar.log') };
}

function startFeed(p: { home: string; shared: string; logFile: string }): { line: () => string; log: () => string } {
  const feed = startTmuxFeed(p.home, p.logFile, { XDG_CONFIG_HOME: p.shared });
  cleanups.push(() => feed.stop());
  return feed;
}

/** The user's own config replaces the planted one (the directory is sticky: root may remove nobody's file). */
async function writeOwn(shared: string): Promise<void> {
  const file = join(shared, 'tilebar', 'bar.json');
  await rm(file, { force: true });
  await saveConfig(file, dateConfig('MINE'));
}

describe.skipIf(!asRoot)('a config another user plants where discovery looks', () => {
  it('is not taken up by a running feed, which says why and takes up the user’s own file written there', async () => {
    const p = await places();
    const feed = startFeed(p);
    await until(() => /feeding tmux from .*config\.example\.json/.test(feed.log()) && feed.line() !== '', () => `the feed to start; its log:\n${feed.log()}`);

    plant(p.shared);
    await until(
      () => feed.line().includes('belongs to another user') || feed.line().includes('PLANTED'),
      () => `the feed to notice the planted file; its line:\n${feed.line()}`,
    );
    expect(feed.line()).not.toContain('PLANTED');
    expect(feed.line()).toContain(`belongs to another user (uid ${UNPRIVILEGED.uid})`);
    expect(feed.log()).toContain(`belongs to another user (uid ${UNPRIVILEGED.uid})`);

    await writeOwn(p.shared);
    await until(() => feed.line().includes('MINE'), () => `the feed to show the user's own file; its line:\n${feed.line()}`);
  });

  it('is not read by a feed started after it was planted', async () => {
    const p = await places();
    plant(p.shared);
    const feed = startFeed(p);
    await until(() => /feeding tmux from /.test(feed.log()) && feed.line() !== '', () => `the feed to start; its log:\n${feed.log()}`);
    expect(feed.line()).not.toContain('PLANTED');
    expect(feed.line()).toContain(`belongs to another user (uid ${UNPRIVILEGED.uid})`);

    await writeOwn(p.shared);
    await until(() => feed.line().includes('MINE'), () => `the feed to show the user's own file; its line:\n${feed.line()}`);
  });
});
