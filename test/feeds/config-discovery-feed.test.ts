/**
 * A feed started before the user's config exists (tmux runs `tilebar feed tmux` from tmux.conf, long before the
 * user copies the example) feeds the embedded example, then takes up `~/.config/tilebar/bar.json` by itself
 * once it is written: the built feed as a child process with an empty HOME, its stdout a pipe, as tmux runs it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../wait.js';
import { startTmuxFeed } from './feed-child.js';
import { saveConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

describe('tilebar feed tmux started before the config file exists', () => {
  it('feeds the embedded example, then the file written to ~/.config/tilebar/bar.json, and says so in its log', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-discover-feed-'));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const runtime = join(home, 'run');
    await mkdir(runtime, { mode: 0o700 });
    const feed = startTmuxFeed(home, join(home, 'tilebar.log'));
    cleanups.push(() => feed.stop());
    const { log, line } = feed;
    await until(() => /feeding tmux from .*config\.example\.json/.test(log()) && feed.out().length > 0, () => `the feed to start; its log:\n${log()}`);
    expect(feed.out()).not.toContain('FROMFILE');

    const file = join(home, '.config', 'tilebar', 'bar.json');
    await saveConfig(file, { left_widgets: [{ Date: { enable: true, format: { Custom: 'FROMFILE' }, label_prefix: 'None' } }], right_widgets: [] });

    await until(() => line().includes('FROMFILE'), () => `the feed's line to show the file; last line:\n${line()}`);
    expect(log()).toContain(`config: now ${file} (~/.config: it appeared, and ranks above config.example.json (embedded))`);
  });
});
