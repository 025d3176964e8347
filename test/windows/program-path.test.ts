/**
 * Under the Windows build of Node (Wine), where a program started by a bare name is looked for in the current
 * directory before PATH: a bar started from a folder holding a `powershell.exe`, a `komorebic.exe` and a
 * `wezterm.exe` (a program of the test's making, fixtures/planted.cjs, that records that it ran) runs none of them.
 * Its helpers start the system's PowerShell, `C:\windows\system32\WindowsPowerShell\v1.0\powershell.exe` (Wine's
 * stub, which exits at once), as Wine's process trace shows (`WINEDEBUG=+timestamp,+process`); komorebic, on no PATH and not
 * installed, is said to be missing; a click on the example config's Terminal item (`wezterm`) says wezterm is not
 * on PATH. The bar is `tilebar feed i3bar` (clicks typed on its stdin, a tmux pane), its stderr and the trace to a
 * file; waits poll for what the log, the trace and the feed say.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { I3barBlock } from '../../src/feeds/i3bar.js';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { PATIENCE_MS, until } from '../wait.js';
import { processCreations } from './process-trace.js';
import { seaExe, type WindowsNodeWithSea } from './sea.js';
import { ROOT, RUNNER, SKIP, consoleTitled, found, q, titledProgram } from './wine.js';
import { wholeLines } from '../support/whole-lines.js';

const WINE_PATIENCE_MS = 4 * PATIENCE_MS;
const SYSTEM_POWERSHELL = 'C:\\windows\\system32\\WindowsPowerShell\\v1.0\\powershell.exe';
const windowsPath = (path: string) => `Z:${path.replaceAll('/', '\\')}`;
const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');

let pane: Pane | undefined;
const dirs: string[] = [];
afterEach(() => pane?.close());
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string' || !hasTmux)(`programs a bar (${RUNNER}) under Wine starts, with look-alikes in its working directory${SKIP}`, () => {
  it('runs the system PowerShell and no program of the working directory; komorebic and a click’s wezterm, on no PATH, are said missing', async (ctx) => {
    const win = found as WindowsNodeWithSea;
    const built = seaExe(win, join(import.meta.dirname, 'fixtures', 'planted.cjs'));
    if ('skip' in built) {
      console.warn(`test/windows: skipped: ${built.skip}`);
      ctx.skip();
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'tb-wine-planted-'));
    dirs.push(dir);
    for (const name of ['powershell.exe', 'komorebic.exe', 'wezterm.exe']) await symlink(built.exe, join(dir, name));
    copyFileSync(join(ROOT, 'config.example.json'), join(dir, 'config.example.json'));
    const record = join(dir, 'planted.record');
    const log = join(dir, 'tilebar.log');
    const trace = join(dir, 'trace.log');
    const out = join(dir, 'feed.jsonl');

    // Started from the folder the look-alikes lie in, as a user starting the bar from Downloads would.
    const command = `sh -c ${q(`cd ${q(dir)} && exec ${consoleTitled(win)} feed i3bar --config config.example.json --log ${q(log)} > ${q(out)} 2> ${q(trace)}`)}`;
    const p = openPane(command, { width: 200, height: 10, env: { ...win.env, WINEDEBUG: '+timestamp,+process', TZ: 'UTC', PLANTED_RECORD: windowsPath(record) } });
    pane = p;
    const said = () => `\nplanted programs' record:\n${read(record) || '(none)'}\nlog:\n${read(log)}\nprocesses created:\n${processCreations(read(trace)).map((c) => c.path).join('\n')}`;
    const lastLine = (): I3barBlock[] => {
      const last = wholeLines(read(out)).filter((l) => /^,?\[\{/.test(l)).at(-1);
      return last ? (JSON.parse(last.replace(/^,/, '')) as I3barBlock[]) : [];
    };

    // komorebic: found nowhere, said so (before: the one in the working directory ran).
    await until(() => /komorebic is not on PATH, nor in C:\\Program Files\\komorebi\\bin/.test(read(log)) || read(record) !== '', () => `komorebic to be looked for${said()}`, WINE_PATIENCE_MS);
    expect(read(record), 'what ran from the working directory').toBe('');
    // The helpers (network and battery, media, keyboard): the system's PowerShell, by its full path.
    await until(() => processCreations(read(trace)).some((c) => c.program === 'powershell.exe'), () => `a helper to be started${said()}`, WINE_PATIENCE_MS);

    // A click on the Terminal item, whose command is `wezterm`, as i3bar writes it on the feed's stdin.
    let terminal: I3barBlock | undefined;
    await until(() => (terminal = lastLine().find((b) => b.full_text.includes('Terminal'))) !== undefined, () => `the Terminal item to be shown${said()}`, WINE_PATIENCE_MS);
    p.sendText(JSON.stringify({ name: terminal?.name, instance: terminal?.instance, button: 1 }));
    p.sendKeys('Enter');
    await until(() => /launch failed: wezterm is not on PATH \(the current directory is not searched\)/.test(read(log)) || read(record) !== '', () => `the click's wezterm to be looked for${said()}`, WINE_PATIENCE_MS);

    expect(read(record), 'what ran from the working directory').toBe('');
    const started = processCreations(read(trace));
    const powershells = started.filter((c) => c.program === 'powershell.exe').map((c) => c.path.toLowerCase());
    expect(powershells.length).toBeGreaterThan(0);
    expect(new Set(powershells)).toEqual(new Set([SYSTEM_POWERSHELL.toLowerCase()]));
    // Wine's own (its services, the console host) run from C:\windows; a program of the working directory would not.
    // …and the bar itself, which cmd.exe starts once it has titled the console (wine.ts consoleTitled), naming it
    // as it found it (with a doubled separator before its name).
    const oneSeparator = (path: string) => path.toLowerCase().replace(/\\+/g, '\\');
    expect(
      started.filter((c) => !c.path.toLowerCase().startsWith('c:\\windows\\') && oneSeparator(c.path) !== oneSeparator(titledProgram(win))),
      'processes started from elsewhere than Windows itself',
    ).toEqual([]);
    expect(started.map((c) => c.program)).not.toContain('komorebic.exe');
    expect(started.map((c) => c.program)).not.toContain('wezterm.exe');
    expect(read(log)).not.toMatch(/internal error/);
  }, 900_000);
});
