/**
 * `tilebar run` under the Windows build of Node (Wine, process.platform 'win32') in a real 160×3 tmux pane, with
 * the Windows readers live (CPU and memory from Node's os module, disks from fs.statfs over the drive letters:
 * Wine's C: and Z:).
 *
 * Wine's console shifts Ink's redraws (rows wrap, borders are lost: a plain node.exe script that erases and
 * rewrites lines the same way comes out shifted too), so this reads what the pane shows as text — the bar's
 * words, its ticking clock, a followed save, the error of a bad one, the end on `q` — not the frame's shape.
 * node.exe's stderr goes to a file: Wine's console would otherwise mix it into the pane.
 *
 * The bar finds its config where komorebi keeps it, `%USERPROFILE%\komorebi.bar.json`, for a user whose name has a
 * space and letters beyond ASCII, and logs to `%LOCALAPPDATA%\tilebar\tilebar.log`: no --config, no --log. Wine sets
 * USERPROFILE and LOCALAPPDATA itself for a process started from Linux, so the bar is started by a node.exe that
 * gives it its own (windows-env.cjs) and hands it its console, the pane.
 *
 * One bar for the whole test (each start costs seconds under Wine, and other Wine runs share the cores);
 * every wait polls for what the pane shows, with a patience beyond the shared one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { PATIENCE_MS, until } from '../wait.js';
import { RUNNER, SKIP, found, q, windowsEnvCommand, type WindowsNode } from './wine.js';
import { saveConfig } from '../support/bar-config.js';

// Under Wine the bar's start alone takes several seconds, more when other Wine runs share the cores.
const WINE_PATIENCE_MS = 4 * PATIENCE_MS;

function config(word: string): string {
  return `{
  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word} %Y" }, "label_prefix": "None" } } ],
  "center_widgets": [
    { "Cpu": { "enable": true, "data_refresh_interval": 1, "label_prefix": "Text" } },
    { "Memory": { "enable": true, "data_refresh_interval": 1, "label_prefix": "Text" } },
    { "Storage": { "enable": true, "data_refresh_interval": 1, "label_prefix": "Text" } }
  ],
  "right_widgets": [ { "Time": { "enable": true, "format": { "Custom": "%H:%M:%S" }, "timezone": "UTC", "label_prefix": "None" } } ],
}
`;
}

/** A Linux path as node.exe under Wine sees it (the Linux root is drive Z:). */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

/** The times the pane shows (Wine's shifted redraws may leave an older frame's beside the newest). */
const clockTexts = (screen: string): string[] => screen.match(/\d\d:\d\d:\d\d/g) ?? [];

let pane: Pane | undefined;
const dirs: string[] = [];
afterEach(() => pane?.close());
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string' || !hasTmux)(`tilebar run under ${RUNNER} (Wine) in a 160×3 tmux pane${SKIP}`, () => {
  it('finds %USERPROFILE%\\komorebi.bar.json, draws it with live CPU, memory and disks, ticks, follows a save, keeps the last good bar through a bad one, quits on q; logs under %LOCALAPPDATA%', async () => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-wine-run-'));
    dirs.push(dir);
    const profile = join(dir, 'Users', 'Zoë Müller');
    await mkdir(profile, { recursive: true });
    const file = join(profile, 'komorebi.bar.json');
    const log = join(profile, 'AppData', 'Local', 'tilebar', 'tilebar.log');
    const err = join(dir, 'node.err');
    await saveConfig(file, config('FIRST'));
    // HOME as Git Bash would set it: komorebi's place is the profile all the same.
    const user = { USERPROFILE: windowsPath(profile), LOCALAPPDATA: windowsPath(join(profile, 'AppData', 'Local')), HOME: '/root' };
    const command = `${windowsEnvCommand(win, dir, [{ args: ['run'], env: user }], true)} 2> ${q(err)}`;
    // A UTF-8 locale: Wine maps Linux file names to Windows ones through it, and the pane's environment is
    // otherwise empty (without it, node.exe never showed anything here with the profile's non-ASCII name).
    const p = openPane(command, { width: 160, height: 3, env: { ...win.env, TZ: 'UTC', LANG: 'C.UTF-8' } });
    pane = p;
    const said = () => {
      const read = (path: string) => {
        try {
          return readFileSync(path, 'utf8');
        } catch {
          return '(none)';
        }
      };
      return `\npane:\n${p.capture()}\ntilebar's stderr:\n${read(err)}\nlog:\n${read(log)}`;
    };
    const shows = async (test: (screen: string) => boolean, what: string): Promise<string> => {
      let screen = '';
      // Wine's console wraps rows where the pane does not ("RAM" at a row's end, ": 4%" on the next): the
      // pane's text is read as one line.
      await until(() => test((screen = p.capture().replaceAll('\n', ''))), () => `${what}${said()}`, WINE_PATIENCE_MS);
      return screen;
    };

    const first = clockTexts(await shows((s) => s.includes('FIRST 20') && clockTexts(s).length > 0, 'the bar to draw'));
    // The Windows readers answer: a CPU and a memory percentage, not an error or a placeholder.
    await shows((s) => /CPU: \d+%/.test(s) && /RAM: \d+%/.test(s) && /[A-Z]:\\ \d+%/.test(s), 'CPU, memory and disk percentages');
    await shows((s) => clockTexts(s).some((t) => !first.includes(t)), 'the clock to tick');

    await saveConfig(file, config('EDITED'));
    await shows((s) => s.includes('EDITED 20') && !s.includes('FIRST'), 'the saved label');

    await saveConfig(file, config('BROKEN').replace('"left_widgets"', '"left_widgets" oops'));
    const broken = await shows((s) => s.includes('config error'), 'the config error');
    expect(broken).not.toContain('BROKEN');
    await shows((s) => s.includes('EDITED 20'), 'the last good bar beside the error');
    expect(readFileSync(log, 'utf8')).toMatch(/bar\.json:\d+:\d+: error: syntax error/);
    expect(readFileSync(log, 'utf8')).not.toMatch(/internal error/);
    // The log names the discovered file; the cache of validated models is beside the log, under %LOCALAPPDATA%.
    expect(readFileSync(log, 'utf8')).toContain(`${windowsPath(profile)}\\komorebi.bar.json`);
    expect(readdirSync(join(profile, 'AppData', 'Local', 'tilebar', 'cache', 'models')).length).toBeGreaterThan(0);

    p.sendKeys('q');
    await until(() => p.currentCommand() === 'sleep', () => `the bar to end on q (pane runs ${p.currentCommand()})${said()}`, WINE_PATIENCE_MS);
  }, 600_000);
});
