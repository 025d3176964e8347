/**
 * The Media and Keyboard widgets' Windows helpers, spoken to by tilebar under the Windows build of Node (Wine).
 * Wine has no PowerShell: a fake powershell.exe (fixtures/fake-powershell.cjs, made a Windows program by sea.ts)
 * stands where tilebar starts the system's, C:\windows\system32\WindowsPowerShell\v1.0\powershell.exe, in a
 * Wine prefix of the test's own (wine.ts privatePrefix: Wine fixes SystemRoot, and the shared prefix keeps Wine's
 * stub), decodes the `-EncodedCommand` tilebar gives it, recognises the media-session or the keyboard-layout
 * helper and speaks its protocol. The helpers' own code is tested from
 * outside, as a user meets it: the bar shows the fake's artist, title and layout, and a click on the widget's
 * pause button reaches the fake as `play-pause`, after which the bar shows the play button.
 *
 * The bar is `tilebar feed i3bar`, its status lines to a file (Wine fails writing to a Linux pipe), its stdin a
 * real tmux pane's terminal where the clicks are typed as i3bar sends them, naming the clicked block: `tilebar
 * run` in a pane draws the same widgets, but Wine's console shifts and wraps Ink's redraws, so where a widget
 * shows in the pane is not where tilebar put it, and a mouse click there cannot be aimed.
 *
 * The config is the example one, its Media widget showing the artist and title as well as its buttons
 * (`Full` where the example has `IconAndControls`, which shows no text). One node.exe for the whole test, its
 * stderr to a file; waits poll for what the feed and the fake say.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { PATIENCE_MS, until } from '../wait.js';
import { seaExe, type WindowsNodeWithSea } from './sea.js';
import { ROOT, RUNNER, SKIP, consoleTitled, found, privatePrefix, q, type PrivatePrefix } from './wine.js';
import type { I3barBlock } from '../../src/feeds/i3bar.js';
import { wholeLines } from '../support/whole-lines.js';

// Under Wine the bar's start alone takes several seconds, more when other Wine runs share the cores.
const WINE_PATIENCE_MS = 4 * PATIENCE_MS;
/** Wine's drive Z: is the Linux root: how a Windows program names a Linux path. */
const windowsPath = (path: string) => `Z:${path.replaceAll('/', '\\')}`;

/** Reads a file that may not be there yet. */
function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '(none)';
  }
}

let pane: Pane | undefined;
let prefix: PrivatePrefix | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await pane?.close();
  prefix?.stop();
});
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string' || !hasTmux)(`the Media and Keyboard helpers of tilebar run under ${RUNNER} (Wine), with a fake PowerShell${SKIP}`, () => {
  it("shows the fake's artist, title and layout, and a click on pause sends it play-pause", async (ctx) => {
    const win = found as WindowsNodeWithSea;
    const built = seaExe(win, join(import.meta.dirname, 'fixtures', 'fake-powershell.cjs'));
    if ('skip' in built) {
      console.warn(`test/windows: skipped: ${built.skip}`);
      ctx.skip();
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'tb-wine-helpers-'));
    dirs.push(dir);
    prefix = privatePrefix(win, join(dir, 'prefix'), { 'C:\\windows\\system32\\WindowsPowerShell\\v1.0\\powershell.exe': built.exe });
    const config = join(dir, 'bar.json');
    const example = readFileSync(join(ROOT, 'config.example.json'), 'utf8');
    expect(example, 'the example config shows the Media widget as IconAndControls').toContain('"Media": { "enable": true, "display": "IconAndControls" }');
    await writeFile(config, example.replace('"display": "IconAndControls"', '"display": "Full"'));
    const record = join(dir, 'powershell.record');
    const log = join(dir, 'tilebar.log');
    const err = join(dir, 'node.err');

    // In the test's own folder: what tilebar starts (the fake) starts there too.
    const out = join(dir, 'feed.jsonl');
    // In the test's own folder: what tilebar starts (the fake) starts there too.
    const command = `sh -c ${q(`cd ${q(dir)} && exec ${consoleTitled(win)} feed i3bar --config ${q(config)} --log ${q(log)} > ${q(out)} 2> ${q(err)}`)}`;
    const env = { ...prefix.env, TZ: 'UTC', LOCALAPPDATA: join(dir, 'AppData', 'Local'), FAKE_POWERSHELL_RECORD: windowsPath(record) };
    const p = openPane(command, { width: 200, height: 10, env });
    pane = p;
    const said = () => `\nthe feed's last line:\n${JSON.stringify(lastLine())}\nfake powershell.exe's record:\n${read(record)}\ntilebar's stderr:\n${read(err)}\nlog:\n${read(log)}`;
    /** The newest whole status line the feed wrote: its blocks. */
    const lastLine = (): I3barBlock[] => {
      const lines = wholeLines(read(out)).filter((l) => /^,?\[\{/.test(l));
      const last = lines.at(-1);
      return last ? (JSON.parse(last.replace(/^,/, '')) as I3barBlock[]) : [];
    };
    const shows = async (test: (text: string) => boolean, what: string): Promise<I3barBlock[]> => {
      let blocks: I3barBlock[] = [];
      await until(() => test((blocks = lastLine()).map((b) => b.full_text).join('')), () => `${what}${said()}`, WINE_PATIENCE_MS);
      return blocks;
    };

    const blocks = await shows((s) => s.includes('Fake Artist - Fake Title') && s.includes('‖'), "the fake's artist and title, playing");
    await shows((s) => s.includes('KB: fr-FR'), "the fake's keyboard layout");
    expect(read(record)).toMatch(/^start media -NoProfile -NonInteractive -ExecutionPolicy Bypass -EncodedCommand$/m);
    expect(read(record)).toMatch(/^start keyboard -NoProfile -NonInteractive -ExecutionPolicy Bypass -EncodedCommand$/m);
    expect(read(record)).toMatch(/^keyboard request$/m);

    // A left click on the pause button, as i3bar writes it on the feed's stdin.
    const pause = blocks.find((b) => b.full_text.includes('‖'));
    expect(pause, 'a block of its own for the pause button').toBeDefined();
    p.sendText(JSON.stringify({ name: pause?.name, instance: pause?.instance, button: 1 }));
    p.sendKeys('Enter');
    await until(() => /^media play-pause$/m.test(read(record)), () => `the click to reach the fake as play-pause${said()}`, WINE_PATIENCE_MS);
    await shows((s) => s.includes('Fake Artist - Fake Title') && s.includes('►') && !s.includes('‖'), 'the play button once paused');
    expect(read(record).match(/^start media/gm), 'the media helper was started once').toHaveLength(1);
    expect(read(log)).not.toMatch(/internal error/);
  }, 900_000);
});
