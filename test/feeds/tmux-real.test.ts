/**
 * `tilebar feed tmux` in a real tmux status line: an inner tmux server whose `status-right` runs the feed, read
 * through its client attached inside an outer pane (what a user sees). The widgets show in the theme's colours,
 * and a config save shows up. Skipped where tmux is missing (CI installs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appearanceOf } from '../../src/bar/appearance.js';
import { load, model } from '../helpers.js';
import { cellBackgrounds, hasTmux, openPane, shellQuote } from '../tty/tmux.js';
import { until } from '../wait.js';

/** Whether a feed of this config is running (its command line names the config). */
const running = (bar: string) => spawnSync('pgrep', ['-f', `feed tmux --config ${bar}`]).status === 0;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const config = (name: string) => ({
  theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
  left_widgets: [],
  right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name, command: 'true' }] } }],
});

describe.skipIf(!hasTmux)('tilebar feed tmux in a real status line', () => {
  it("shows the widgets in the theme's colours and follows a config save", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-tmux-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const bar = join(dir, 'bar.json');
    await writeFile(bar, JSON.stringify(config('Hello')));
    const feed = `env HOME=${dir} TZ=UTC ${process.execPath} ${join(process.cwd(), 'dist/bundle/main.js')} feed tmux --config ${bar} --log ${join(dir, 'log')}`;
    const inner = join(dir, 'inner');
    await writeFile(
      join(dir, 'inner.conf'),
      [`set -g status-right ${shellQuote(`#(${feed})`)}`, 'set -g status-right-length 200', 'set -g status-left ""', 'set -g status-interval 1', "set -ga terminal-overrides ',xterm-256color:Tc'"].join('\n'),
    );
    const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session 'sleep 600'`, { width: 100, height: 6 });
    cleanups.push(() => pane.close(), () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' }));

    const status = (screen: string) => screen.split('\n').filter((l) => l !== '').at(-1) ?? '';
    await pane.waitFor((s) => status(s).includes('Hello'));
    // The item's cells on the status line have the theme's bar background (as the pane paints it), not tmux's green.
    const bg = appearanceOf(model(load(config('Hello')))).backgrounds.bar ?? '#000000';
    const rgb = [1, 3, 5].map((i) => Number.parseInt(bg.slice(i, i + 2), 16)).join(';');
    const lines = cellBackgrounds(pane.capture(true)).filter((l) => l.length > 0);
    const last = lines.at(-1) ?? [];
    const at = status(pane.capture()).indexOf('Hello');
    expect(rgb).not.toBe('0;0;0');
    expect(last[at]).toBe(rgb);

    await writeFile(bar, JSON.stringify(config('World')));
    await pane.waitFor((s) => status(s).includes('World'));

    // tmux gone, the feed goes too, though this bar has nothing to write (no orphan left running).
    spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' });
    await until(() => !running(bar), 'the feed to end with its tmux');
  });
});
