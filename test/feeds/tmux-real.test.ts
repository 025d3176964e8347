/**
 * `tilebar feed tmux` in a real tmux status line: an inner tmux server whose `status-right` runs the feed, read
 * through its client attached inside an outer pane (what a user sees), or a status line of its own. The widgets
 * show in the theme's colours, the line around them too whatever the user's status-style, clicks arrive, and a
 * config save shows up. Skipped where tmux is missing (CI installs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { appearanceOf } from '../../src/view/appearance.js';
import { tmuxConfLines } from '../../src/feeds/tmux.js';
import { load, model } from '../helpers.js';
import { cellBackgrounds, hasTmux, openPane, shellQuote } from '../tty/tmux.js';
import { until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { MAIN } from '../support/tilebar-command.js';

/** Whether a feed of this config is running (its command line names the config). */
const running = (bar: string) => spawnSync('pgrep', ['-f', `feed tmux --place right --config ${bar}`]).status === 0;

const cleanups = cleanupsAfterEach();

const config = (name: string) => ({
  theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
  left_widgets: [],
  right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name, command: 'true' }] } }],
});

/** The theme's bar background (as the pane paints it), as capture-pane's `r;g;b`. */
function barRgb(doc: unknown): string {
  const bg = appearanceOf(model(load(doc))).backgrounds.bar ?? '#000000';
  return [1, 3, 5].map((i) => Number.parseInt(bg.slice(i, i + 2), 16)).join(';');
}

/** A bar of Applications items in every list: tmux draws each item as a block of its own, with gaps between. */
const threeLists = {
  theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
  left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'One', command: 'true' }, { name: 'Two', command: 'true' }] } }],
  center_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Mid', command: 'true' }, { name: 'Dle', command: 'true' }] } }],
  right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Three', command: 'true' }, { name: 'Four', command: 'true' }] } }],
};

/**
 * A test's folder removed once nothing of the test runs there: the feeds the inner tmux started (`#()` jobs) end
 * only after its server is killed, and one still writing its log or clicks into the folder made `rm` fail with
 * ENOTEMPTY on a loaded machine.
 */
async function removeWhenQuiet(dir: string): Promise<void> {
  await until(() => spawnSync('pgrep', ['-f', dir], { stdio: 'ignore' }).status === 1, `the processes of ${dir} to end`);
  await rm(dir, { recursive: true, force: true });
}

/** An inner tmux (its conf: `lines`) attached in an outer pane, 100 columns wide, removed after the test. */
async function innerTmux(dir: string, lines: readonly string[], height: number) {
  const inner = join(dir, 'inner');
  await writeFile(join(dir, 'inner.conf'), [...lines, 'set -g status-interval 1', "set -ga terminal-overrides ',xterm-256color:Tc'"].join('\n'));
  const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session -c ${shellQuote(dir)} 'sleep 600'`, { width: 100, height });
  cleanups.push(() => pane.close(), () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' }));
  return pane;
}

describe.skipIf(!hasTmux)('tilebar feed tmux in a real status line', () => {
  it("shows the widgets in the theme's colours and follows a config save", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-tmux-'));
    cleanups.push(() => removeWhenQuiet(dir));
    const bar = await writeBarConfig(dir, config('Hello'));
    const feed = `env HOME=${dir} TZ=UTC XDG_RUNTIME_DIR=${dir} ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN} feed tmux --place right --config ${bar} --log ${join(dir, 'log')}`;
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
    // One feed all along, which saw the save: tmux shuts a job's stdin at once, and a feed that took that for
    // tmux going would quit after each line and be started again at every status-interval.
    const log = await readFile(join(dir, 'log'), 'utf8');
    expect(log.match(/feeding tmux from/g)).toHaveLength(1);
    expect(log).toMatch(/reloaded|validated/);

    // tmux gone, the feed goes too, though this bar has nothing to write (no orphan left running).
    spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' });
    await until(() => !running(bar), 'the feed to end with its tmux');
    // And took its click inbox with it.
    expect(readdirSync(join(dir, 'tilebar'))).toEqual([]);
  });

  it("takes a status line of its own, aligned as the pane, where a click launches an Applications item (tmux.conf from tmuxConfLines)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-tmux-'));
    cleanups.push(() => removeWhenQuiet(dir));
    const bar = join(dir, 'bar.json');
    const clicked = join(dir, 'clicked');
    const pwned = join(dir, 'pwned');
    await writeFile(
      bar,
      JSON.stringify({
        theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
        // A name that would be a job (run in the session's directory, the test's) and a style to tmux, were its # not doubled.
        left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Left', command: 'true' }, { name: '#(touch pwned)#[bg=#ff00ff]X', command: 'true' }] } }],
        right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Other', command: 'true' }, { name: 'Touch', command: `touch ${clicked}` }] } }],
      }),
    );
    const feed = `env HOME=${dir} TZ=UTC XDG_RUNTIME_DIR=${dir} ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN} feed tmux --place line --config ${bar} --log ${join(dir, 'log')}`;
    const inner = join(dir, 'inner');
    await writeFile(join(dir, 'inner.conf'), [...tmuxConfLines('line', feed, join(dir, 'tilebar')), 'set -g status-interval 1', "set -ga terminal-overrides ',xterm-256color:Tc'"].join('\n'));
    const height = 6;
    const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session -c ${shellQuote(dir)} 'sleep 600'`, { width: 100, height });
    cleanups.push(() => pane.close(), () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' }));

    // The feed's line is the last row (status line 1): the left list at its start, the right one at its end.
    const last = (screen: string) => screen.split('\n').slice(0, height).at(-1) ?? '';
    const line = last(await pane.waitFor((s) => last(s).includes('Touch')));
    expect(line.startsWith('Left')).toBe(true);
    expect(line).toContain('#(touch pwned)#[bg=#ff00ff]X');
    expect(existsSync(pwned)).toBe(false);
    expect(line.trimEnd().endsWith('Touch')).toBe(true);

    // An SGR mouse report on "Touch" (1-based column and row), as a terminal sends one to the tmux client.
    const column = line.indexOf('Touch') + 2;
    pane.sendText(`\u001b[<0;${column};${height}M\u001b[<0;${column};${height}m`);
    await until(() => existsSync(clicked), 'the click on Touch to launch its command');
    // The click went through the inbox in the feed's private runtime directory, named after the tmux server, and
    // nothing was made beside tmux's socket (whose directory may be shared).
    expect(readdirSync(join(dir, 'tilebar')).filter((f) => /^tmux-\d+\.clicks$/.test(f))).toHaveLength(1);
    expect(existsSync(`${inner}.tilebar-clicks`)).toBe(false);
  });

  it("paints its whole status line in the theme, whatever the user's status-style (the README's lines, status-style green)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-tmux-'));
    cleanups.push(() => removeWhenQuiet(dir));
    const bar = await writeBarConfig(dir, threeLists);
    const feed = `env HOME=${dir} TZ=UTC XDG_RUNTIME_DIR=${dir} ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN} feed tmux --place line --config ${bar} --log ${join(dir, 'log')}`;
    const height = 6;
    const pane = await innerTmux(dir, ['set -g status-style bg=green', ...tmuxConfLines('line', feed, join(dir, 'tilebar'))], height);
    const last = (screen: string) => screen.split('\n').slice(0, height).at(-1) ?? '';
    await pane.waitFor((s) => last(s).includes('Four'));
    // Every cell of the feed's line, the whole 100 columns: before, between and after the blocks and the lists.
    const cells = cellBackgrounds(pane.capture(true)).slice(0, height).at(-1) ?? [];
    expect(cells).toHaveLength(100);
    const rgb = barRgb(threeLists);
    const off = cells.flatMap((bg, x) => (bg === rgb ? [] : [`${x}: ${bg}`]));
    expect(off, `cells not in the theme's bar background ${rgb}`).toEqual([]);
    // tmux's own line above keeps the user's green.
    expect(cellBackgrounds(pane.capture(true)).slice(0, height).at(-2)?.[99]).toBe('0;205;0');
  });

  it("status-right: the blocks and the gaps between them are one bar in the theme; the rest of the line stays the user's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-tmux-'));
    cleanups.push(() => removeWhenQuiet(dir));
    const bar = await writeBarConfig(dir, threeLists);
    const feed = `env HOME=${dir} TZ=UTC XDG_RUNTIME_DIR=${dir} ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN} feed tmux --place right --config ${bar} --log ${join(dir, 'log')}`;
    const height = 6;
    const pane = await innerTmux(dir, ['set -g status-style bg=green', 'set -g status-left ""', 'set -g window-status-format ""', 'set -g window-status-current-format ""', ...tmuxConfLines('right', feed, join(dir, 'tilebar'))], height);
    const last = (screen: string) => screen.split('\n').slice(0, height).at(-1) ?? '';
    const line = last(await pane.waitFor((s) => last(s).includes('Four')));
    const cells = cellBackgrounds(pane.capture(true)).slice(0, height).at(-1) ?? [];
    const from = line.indexOf('One');
    const rgb = barRgb(threeLists);
    expect(from).toBeGreaterThan(0);
    expect(cells.slice(from).every((bg) => bg === rgb), `from column ${from}: ${cells.slice(from).join(' ')}`).toBe(true);
    expect(cells[from - 1]).toBe('0;205;0');
  });
});
