/**
 * One tmux server, two clients attached, the bar in both status-left and status-right: tmux runs a `#()` job per
 * client and per place, so four feeds run the printed config at once. A click (a real mouse report through a
 * client, into the bindings tmuxConfLines prints) must act once, however many feeds draw it; and when the feed
 * that reads the clicks is killed, another takes over. Skipped where tmux is missing (CI installs it).
 */
import { spawnSync } from 'node:child_process';
import { childEnv, envCommand } from '../support/child-env.js';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmuxConfLines } from '../../src/feeds/tmux.js';
import { hasTmux, openPane, shellQuote, type Pane } from '../tty/tmux.js';
import { until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { MAIN } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

const WIDTH = 100;
const HEIGHT = 6;

/** What the clicked items' commands appended: `count <feed pid>` and `mark <feed pid>` lines. */
function acted(file: string, what: 'count' | 'mark'): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${what} `));
}

/** The inner tmux's status line as a client shows it: the last row its pane draws. */
const statusRow = (screen: string) => screen.split('\n').slice(0, HEIGHT).at(-1) ?? '';

/** An SGR mouse press and release (1-based column and row) on `text` of a client's status line, as a terminal sends it. */
function clickOn(pane: Pane, text: string, nth: 'first' | 'last'): void {
  const line = statusRow(pane.capture());
  const at = nth === 'first' ? line.indexOf(text) : line.lastIndexOf(text);
  expect(at, `${text} on the status line: ${line}`).toBeGreaterThanOrEqual(0);
  const column = at + 2;
  pane.sendText(`\u001b[<0;${column};${HEIGHT}M\u001b[<0;${column};${HEIGHT}m`);
}

/**
 * An inner tmux server whose conf is tmuxConfLines' for status-left and status-right, with two clients attached
 * (each in a pane of a tmux of its own), once all four feeds have started.
 */
async function twoClientsTwoPlaces() {
  // A short name: the claim's socket lives in here, and a socket's path has at most 103 bytes (inbox-claim.ts),
  // past which feeds read unclaimed. Under the suite's run directory a longer name left a feed's own socket at 104
  // bytes whenever the pids had five digits, and both feeds of a place acted on each click.
  const dir = await mkdtemp(join(tmpdir(), 'tbc-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'acted');
  // $PPID in the item's shell is the feed that acted.
  const bar = await writeBarConfig(dir, {
    theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
    left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Mark', command: `echo mark $PPID >> ${file}` }] } }],
    right_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Count', command: `echo count $PPID >> ${file}` }] } }],
  });
  const log = join(dir, 'log');
  // The feeds get an environment of their own, but for $TMUX, which names their server (and so their inbox).
  const feed = (place: string) => `${envCommand(childEnv({ HOME: dir, TZ: 'UTC', XDG_RUNTIME_DIR: dir, XDG_CACHE_HOME: join(dir, 'cache') }))} TMUX="$TMUX" ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN} feed tmux --place ${place} --config ${bar} --log ${log}`;
  const inner = join(dir, 'inner');
  const runtime = join(dir, 'tilebar');
  const conf = [...tmuxConfLines('left', feed('left'), runtime), ...tmuxConfLines('right', feed('right'), runtime)];
  await writeFile(join(dir, 'inner.conf'), [...conf, 'set -g window-status-format ""', 'set -g window-status-current-format ""', 'set -g status-interval 1'].join('\n'));
  const killServer = () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' });
  const first = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session -c ${shellQuote(dir)} 'sleep 600'`, { width: WIDTH, height: HEIGHT });
  cleanups.push(() => first.close(), killServer);
  await first.waitFor((s) => statusRow(s).includes('Count'));
  const second = openPane(`tmux -S ${shellQuote(inner)} attach`, { width: WIDTH, height: HEIGHT });
  cleanups.push(() => second.close());
  await second.waitFor((s) => statusRow(s).includes('Count'));
  const logText = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  // Both copies of the bar on both clients: four feeds, each started by tmux.
  const feedsStarted = () => (logText().match(/feeding tmux from/g) ?? []).length;
  await until(() => feedsStarted() >= 4, () => `four feeds; the log:\n${logText()}`);
  // And the files the bindings append clicks to are there: a feed reads each (a click appended before would be
  // for a bar that was not shown yet, and is not acted on).
  const server = spawnSync('tmux', ['-S', inner, 'display-message', '-p', '#{pid}'], { encoding: 'utf8' }).stdout.trim();
  const inboxes = [...new Set(conf.flatMap((l) => /run-shell.* >> (\S+)\\"/.exec(l)?.[1] ?? []))].map((p) => p.replace('#{pid}', server));
  expect(inboxes.length).toBeGreaterThan(0);
  await until(() => inboxes.every((p) => existsSync(p)), () => `the inboxes ${inboxes.join(', ')}`);
  // Every feed claims or waits: none reads unclaimed (which it would, and say, were the claim's path too long).
  expect(logText()).not.toMatch(/longer than a socket's name may be/);
  const running = (what: string) => spawnSync('pgrep', ['-f', '--', what]).status === 0;
  return {
    feedsStarted,
    first,
    second,
    logText,
    count: () => acted(file, 'count'),
    mark: () => acted(file, 'mark'),
    /**
     * Ends tmux and waits until every feed has ended and every command a click started has finished: then what
     * the commands appended is all there will ever be.
     */
    async settled() {
      killServer();
      await until(() => !running(`--config ${bar}`) && !running(file), 'the feeds and the commands they started to end');
    },
  };
}

describe.skipIf(!hasTmux)('tilebar feed tmux with two clients and two places', () => {
  it('acts on each click once, however many feeds draw the bar', async () => {
    const t = await twoClientsTwoPlaces();
    // Count in status-right, through the first client; then Mark in status-left, through the second. The binding
    // appends each click once; each acts once.
    clickOn(t.first, 'Count', 'last');
    await until(() => t.count().length > 0, 'the click on Count to act');
    clickOn(t.second, 'Mark', 'first');
    await until(() => t.mark().length > 0, 'the click on Mark to act');
    await t.settled();
    expect(t.count(), 'feeds that acted on the one click on Count').toHaveLength(1);
    expect(t.mark(), 'feeds that acted on the one click on Mark').toHaveLength(1);
  });

  it('has another feed read the clicks when the one reading them is killed', async () => {
    const t = await twoClientsTwoPlaces();
    clickOn(t.first, 'Count', 'last');
    await until(() => t.count().length > 0, 'the click on Count to act');
    // The feed that read it killed outright (no clean-up of its own): another feed of status-right takes the
    // clicks over, and the next click acts, once.
    const reader = Number(t.count()[0]?.split(' ')[1]);
    const takeovers = () => (t.logText().match(/reads the clicks/g) ?? []).length;
    const before = takeovers();
    const started = t.feedsStarted();
    process.kill(reader, 'SIGKILL');
    await until(() => takeovers() > before, () => `another feed to take the clicks over; the log:\n${t.logText()}`);
    // tmux starts the killed job again (at its next status-interval): that feed only draws.
    await until(() => t.feedsStarted() > started, () => `tmux to start the killed feed again; the log:\n${t.logText()}`);
    // Through the other client: a second press soon after the first on one client is tmux's double click, which
    // the printed bindings leave alone.
    clickOn(t.second, 'Count', 'last');
    await until(() => t.count().length > 1, () => `the click on Count after the reader was killed to act; the log:\n${t.logText()}`);
    await t.settled();
    const counts = t.count();
    expect(counts).toHaveLength(2);
    expect(counts[1]).not.toBe(counts[0]);
  });
});
