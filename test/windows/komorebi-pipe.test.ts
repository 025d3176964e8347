/**
 * komorebi over a real Windows named pipe: the bundle under the Windows build of Node (Wine), `tilebar run` in a
 * tmux pane, with a fake komorebic.exe first on the Windows PATH — a Windows program of our making
 * (fixtures/fake-komorebic.cjs, built by sea.ts) that answers `komorebic state` with the recorded state, and
 * `komorebic subscribe-pipe NAME` by starting a fake komorebi that connects to `\\.\pipe\NAME` and writes
 * notifications; every other command it records. What a user sees: komorebic missing from the Windows PATH
 * (WINEPATH), then komorebi not running, each said and tried again; the workspaces, layout and focused window; a
 * click on a workspace switches it through komorebic; a komorebi that dies, floods or writes garbage leaves the
 * last good bar, is said in the log, and a good one coming back is followed; a second program connecting to the
 * real named pipe while komorebi's connection is open is refused, and komorebi's state stays shown.
 *
 * Under Wine the pane's frame is shifted by Wine's console, so the test reads the text the pane shows, not its
 * shape. One bar process for everything: each node.exe start costs seconds. Skipped, saying why, where tmux,
 * Wine, the Windows Node or postject is missing (`node scripts/windows-node.mjs` puts them in the CI cache).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateDoc } from '../tiler/fake-wm.js';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { eventually, until } from '../wait.js';
import { seaExe, type WindowsNodeWithSea } from './sea.js';
import { found, q, ROOT, RUNNER, SKIP, consoleTitled } from './wine.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs } from '../support/tilebar-command.js';
import { wholeLines } from '../support/whole-lines.js';

const cleanups = cleanupsAfterEach();

const CONFIG = {
  left_widgets: [
    {
      Komorebi: {
        workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' },
        layout: { enable: true, display: 'Text' },
      },
    },
  ],
  center_widgets: [{ Komorebi: { focused_container: { enable: true, display: 'Text' } } }],
  right_widgets: [],
};

/** A notification as komorebi writes it (a line): one monitor, these workspaces, a window on the focused one. */
function notification(names: string[], focused: number, title: string, layout = 'VerticalStack'): string {
  const workspaces = names.map((name, i) => ({ name, layout, containers: i === focused ? [[{ title, exe: 'app.exe' }]] : [] }));
  return `${JSON.stringify(stateDoc({ workspaces, focused, mouseFollowsFocus: false }))}\n`;
}

const FIRST = notification(['mail', 'code', 'chat'], 1, 'Inbox — Thunderbird');
const WIDTH = 120;
const HEIGHT = 3;

/** Where (0-based column and row) the bar of `dir`/bar.json draws `text` for this notification, previewed on Linux. */
function cellOf(text: string, dir: string, notified: string): { x: number; y: number } {
  writeFileSync(join(dir, 'preview-state.json'), notified);
  const rows = execFileSync(process.execPath, tilebarArgs('preview', '--config', 'bar.json', '--tiler-state', 'preview-state.json', '--width', String(WIDTH), '--height', String(HEIGHT), '--format', 'text'), {
    cwd: dir,
    encoding: 'utf8',
  }).split('\n');
  const y = rows.findIndex((row) => row.includes(text));
  return { x: rows[y]?.indexOf(text) ?? -1, y };
}

/**
 * Whether the pane shows all these texts. Wine's console wraps the bar's row at places of its own, inside words
 * too, so text is compared with all white space taken out.
 */
const shows =
  (...texts: string[]) =>
  (screen: string): boolean => {
    const flat = screen.replace(/\s+/g, '');
    return texts.every((t) => flat.includes(t.replace(/\s+/g, '')));
  };

/** Z:\ is the Linux root under Wine: the Windows form of a Linux directory, for the Windows PATH. */
const windowsPath = (dir: string) => `Z:${dir.replaceAll('/', '\\')}`;

describe.skipIf(typeof found === 'string' || !hasTmux)(`komorebi over a Windows named pipe, ${RUNNER} under Wine${SKIP}${hasTmux ? '' : ' (skipped: no tmux)'}`, () => {
  it('shows komorebi’s workspaces, layout and window, clicks run komorebic, and a komorebi that dies, floods or writes garbage is survived', async (ctx) => {
    const win = found as WindowsNodeWithSea;
    const built = seaExe(win, join(import.meta.dirname, 'fixtures', 'fake-komorebic.cjs'));
    if ('skip' in built) {
      console.warn(`test/windows: skipped: ${built.skip}`);
      ctx.skip();
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'tb-win-komorebi-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const bin = join(dir, 'bin');
    await mkdir(bin);
    const fake = {
      FAKE_KOMOREBIC_RECORD: join(dir, 'komorebic.record'),
      FAKE_KOMOREBIC_STATE: join(dir, 'state.json'),
      FAKE_KOMOREBIC_NOTIFY: join(dir, 'notify.jsonl'),
      FAKE_KOMOREBIC_MODE: join(dir, 'mode'),
    };
    await copyFile(join(ROOT, 'docs/example-tiler-state.json'), fake.FAKE_KOMOREBIC_STATE);
    await writeFile(fake.FAKE_KOMOREBIC_NOTIFY, FIRST);
    await writeFile(fake.FAKE_KOMOREBIC_MODE, 'down');
    await writeBarConfig(dir, CONFIG);
    const log = join(dir, 'tilebar.log');
    const logText = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    /** What the log says from now on. */
    const logFromNow = () => {
      const from = logText().length;
      return () => logText().slice(from);
    };
    const recorded = () => (existsSync(fake.FAKE_KOMOREBIC_RECORD) ? wholeLines(readFileSync(fake.FAKE_KOMOREBIC_RECORD, 'utf8')).map((l) => JSON.parse(l) as string[]) : []);
    /** What the next komorebi the fake starts does, what it writes, and what `komorebic state` answers meanwhile. */
    const komorebi = async (mode: string, lines: string, state = lines.split('\n')[0] ?? '') => {
      await writeFile(fake.FAKE_KOMOREBIC_NOTIFY, lines);
      await writeFile(fake.FAKE_KOMOREBIC_STATE, JSON.stringify((JSON.parse(state) as { state: unknown }).state));
      await writeFile(fake.FAKE_KOMOREBIC_MODE, mode);
    };

    const pane: Pane = openPane(`sh -c ${q(`cd ${q(dir)} && exec ${consoleTitled(win)} run --config bar.json --log tilebar.log`)}`, {
      // Wine's console wraps the bar's one row onto two: room for both. It writes in the locale's character set.
      width: WIDTH,
      height: HEIGHT,
      env: { ...win.env, TZ: 'UTC', LANG: 'C.UTF-8', WINEPATH: windowsPath(bin), ...fake },
    });
    cleanups.push(() => pane.close());

    // No komorebic on the Windows PATH, then one there while komorebi is not running: each said, and tried again.
    let said = logFromNow();
    await eventually(() => expect(said()).toMatch(/komorebic is not on PATH, nor in C:\\Program Files\\komorebi\\bin; subscribing again/));
    await pane.waitFor(shows('not connected'));
    await symlink(built.exe, join(bin, 'komorebic.exe'));
    await eventually(() => expect(said()).toMatch(/komorebi is not running; subscribing again/));
    await writeFile(fake.FAKE_KOMOREBIC_MODE, 'good');

    // The recorded notifications, written by komorebi over the pipe: workspaces, layout, the focused window.
    await pane.waitFor(shows('chat', 'Inbox — Thunderbird'));
    expect(shows('mail', 'code', 'VerticalStack')(pane.capture())).toBe(true);
    expect(recorded()).toContainEqual(['subscribe-pipe', expect.stringMatching(/^tilebar-/)]);
    await eventually(() => expect(recorded()).toContainEqual(['state']));

    // A click on "chat" (SGR mouse report, 1-based) runs komorebic. Where the bar draws it is read from the same
    // bar previewed on Linux (the layout is platform-free): Wine's console shifts what the pane shows.
    const { x, y } = cellOf('chat', dir, FIRST);
    pane.sendText(`\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`);
    await eventually(() => expect(recorded()).toContainEqual(['focus-monitor-workspace', '0', '2']));

    // komorebi dies mid-line after one notification, again and again: the bar says so and keeps going.
    // (`komorebic state` answers what it says: komorebi is gone between the fake's connections.)
    said = logFromNow();
    await komorebi('die', notification(['died', 'once'], 0, 'half') + notification(['never'], 0, 'never shown'));
    await eventually(() => expect(said()).toMatch(/komorebi closed the pipe; subscribing again/));
    await pane.waitFor(shows('not connected'));
    await eventually(() => expect(recorded().filter((c) => c[0] === 'subscribe-pipe').length).toBeGreaterThanOrEqual(3));

    // Garbage after a good notification: said, skipped, the good state kept.
    said = logFromNow();
    await komorebi('garbage', notification(['before', 'garbage'], 0, 'Kept through garbage'));
    await pane.waitFor(shows('Kept through garbage'));
    await eventually(() => expect(said()).toMatch(/not JSON/));
    await eventually(() => expect(said()).toMatch(/not a window-manager state/));
    expect(shows('before', 'garbage', 'Kept through garbage')(pane.capture())).toBe(true);
    expect(shows('pwned')(pane.capture())).toBe(false);
    expect(pane.title()).not.toContain('pwned');

    // A flood: an endless line is dropped at its limit, 10,000 notifications are read, the last one (ended with
    // CRLF) shown.
    said = logFromNow();
    await komorebi('flood', `${notification(['flood'], 0, 'many')}${notification(['after', 'flood'], 1, 'Flood survived')}`);
    await pane.waitFor(shows('Flood survived'));
    expect(said()).toMatch(/dropped a notification of \d+ bytes or more/);

    // A good komorebi again: followed.
    await komorebi('good', notification(['back', 'again'], 0, 'Good again'));
    await pane.waitFor(shows('back', 'Good again'));

    // Another program connects to the pipe while komorebi's connection is open and writes a state of its own: it is
    // refused, never swapped in, and komorebi's state stays shown.
    said = logFromNow();
    await komorebi('intruded', notification(['kept'], 0, 'Komorebi kept') + notification(['PWNED-1', 'PWNED-2'], 0, 'PWNED'));
    await pane.waitFor(shows('kept', 'Komorebi kept'));
    await eventually(() => expect(recorded()).toContainEqual(['intruder', 'connected']));
    await until(() => recorded().some((c) => c[0] === 'intruder' && c[1] === 'closed') || shows('PWNED')(pane.capture()), 'the second connection to be refused or its state shown');
    expect(pane.capture()).not.toMatch(/PWNED/);
    await eventually(() => expect(recorded()).toContainEqual(['intruder', 'closed']));
    await eventually(() => expect(said()).toMatch(/refused another connection to the pipe while komorebi's is open/));
    expect(shows('kept', 'Komorebi kept')(pane.capture())).toBe(true);
    expect(logText()).not.toMatch(/internal error/);

    pane.sendKeys('q');
    await pane.waitFor(() => pane.currentCommand() === 'sleep');
  }, 600_000);
});
