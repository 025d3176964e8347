/**
 * `tilebar feed waybar` in a real Waybar under a headless sway run as an ordinary user: Waybar's config is what
 * `feed waybar --print-config` prints, the tilebar module starts the feed, the other modules `cat` their pipes.
 * The screen (grim) shows the modules in the theme's colours, an item named with pango markup shows as text (its
 * markup would paint magenta), and a click of a virtual pointer on an Applications item's module launches it
 * through Waybar's on-click and the feed's inbox. The JSON lines that module read (teed on their way to Waybar)
 * carry the item's command as the tooltip (show_command_on_hover) and its classes, which Waybar applied: a CSS
 * rule on them underlines it in green on the screen. Skipped where sway, Waybar or grim is missing (CI installs them).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { appearanceOf } from '../../src/view/appearance.js';
import { load, model } from '../helpers.js';
import { hasSway, startSway } from '../tiler/real-wm.js';
import { shellQuote } from '../tty/tmux.js';
import { until } from '../wait.js';
import { twoItemBar } from './host-config.js';
import { openWaylandPointer } from './wayland-pointer.js';
import { pngRows } from './png-rows.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';
import { wholeLines } from '../support/whole-lines.js';

const has = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error === undefined;
const hasWaybar = hasSway && has('waybar') && has('grim');

const cleanups = cleanupsAfterEach();

const MAGENTA = '#ff00ff';
const GREEN = '#00ff00';
const BLUE = '#0000ff';

describe.skipIf(!hasWaybar)('tilebar feed waybar in a real Waybar (headless sway, an ordinary user)', () => {
  it("shows the modules in the theme's colours, markup in a name as text, and launches an item on a click", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-feed-waybar-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const touched = join(dir, 'touched');
    // And a second widget after the items, a unit of its own: Waybar shows a gap between it and Touch.
    const items = twoItemBar(`<span background="${MAGENTA}">Evil</span>`, touched);
    const config = { ...items, left_widgets: [...items.left_widgets, { Applications: { enable: true, display: 'Text', items: [{ name: 'Next', command: 'true' }] } }] };
    const bar = await writeBarConfig(dir, config);
    const wm = await startSway();
    cleanups.push(() => wm.stop());
    const runtime = dirname(wm.socket);
    const log = join(dir, 'log');
    // The modules as a user gets them, with the feed's command made to run here.
    const printHome = await mkdtemp(join(tmpdir(), 'tb-print-'));
    cleanups.push(() => rm(printHome, { recursive: true, force: true }));
    // Printed by the user Waybar runs as (nobody, when the tests run as root), in sway's session: the runtime
    // directory is that user's, and one of another user's is refused.
    const asSwayUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    if (asSwayUser.length > 0) chownSync(printHome, 65534, 65534);
    chmodSync(dir, 0o755);
    chmodSync(bar, 0o644);
    const [printer = process.execPath, ...printArgs] = [...asSwayUser, process.execPath, ...tilebarArgs('feed', 'waybar', '--print-config', '--config', bar, '--log', join(printHome, 'log'))];
    const printed = JSON.parse(execFileSync(printer, printArgs, { env: childEnv({ HOME: printHome, XDG_RUNTIME_DIR: runtime }), encoding: 'utf8' })) as Record<string, Record<string, unknown>>;
    expect(printed['modules-left']).toEqual(['custom/tilebar', 'custom/tilebar-left-0', 'custom/tilebar-left-0-1', 'custom/tilebar-left-1']);
    (printed['custom/tilebar'] ?? {}).exec = `env HOME=${shellQuote(dir)} TZ=UTC ${tilebarCommand('feed', 'waybar', '--config', bar, '--log', log)}`;
    // Touch's lines, copied on their way from its pipe to Waybar.
    const touchLines = join(dir, 'touch-lines');
    const touchModule = printed['custom/tilebar-left-0-1'] ?? {};
    touchModule.exec = `${String(touchModule.exec).replace(/^exec /, '')} | tee -a ${shellQuote(touchLines)}`;
    await writeFile(join(dir, 'waybar.json'), JSON.stringify({ layer: 'top', position: 'top', height: 30, ...printed }));
    await writeFile(
      join(dir, 'style.css'),
      `* { font-family: monospace; font-size: 12px; } window#waybar { background: #000000; } #custom-tilebar-left-0-1.tilebar.applications.normal { border-bottom: 3px solid ${GREEN}; } #custom-tilebar-left-1 { border-bottom: 3px solid ${BLUE}; }`,
    );
    // sway (and so Waybar and the feed) runs as nobody when the tests run as root: its files are made readable.
    chmodSync(dir, 0o755);
    if (process.getuid?.() === 0) for (const f of ['', 'bar.json', 'waybar.json', 'style.css']) chownSync(join(dir, f), 65534, 65534);
    // Waybar's own log, said when a step below gives up.
    const waybarLog = join(dir, 'waybar.log');
    await wm.command(`exec waybar -c ${join(dir, 'waybar.json')} -s ${join(dir, 'style.css')} > ${waybarLog} 2>&1`);
    const said = () => `; Waybar said:\n${existsSync(waybarLog) ? readFileSync(waybarLog, 'utf8').slice(-2000) : '(nothing)'}\nthe feed's log:\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '(none)'}`;
    cleanups.push(() => until(() => spawnSync('pgrep', ['-f', `--log ${log}`]).status !== 0, 'the feed to end with sway'));
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes('feeding waybar'), () => `the feed started by Waybar${said()}`);

    const display = readdirSync(runtime).find((f) => /^wayland-\d+$/.test(f)) ?? 'wayland-1';
    const shot = join(dir, 'shot.png');
    const bg = appearanceOf(model(load(config))).backgrounds.bar ?? '#000000';
    /** The first and last column in the theme's bar colour, on a fresh screenshot; the screenshot's rows. */
    const look = () => {
      spawnSync('grim', ['-g', '0,0 1280x30', shot], { env: childEnv({ XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: display }) });
      const rows = existsSync(shot) ? pngRows(PNG.sync.read(readFileSync(shot))) : [];
      const row = rows[15] ?? [];
      return { rows, from: row.indexOf(bg), to: row.lastIndexOf(bg) };
    };
    await until(() => {
      const { from, to } = look();
      return from >= 0 && to - from > 40;
    }, () => `the modules in the theme's colours${said()}`);

    // A click near the right end of Touch's module, on a fresh screenshot each
    // time (a module shows once its cat has found its pipe), until Waybar, which learns of the new pointer as it
    // comes, has taken one.
    const pointer = await openWaylandPointer(join(runtime, display));
    cleanups.push(() => pointer.close());
    await until(async () => {
      // Touch's module is underlined in green by the CSS rule below (Next, after it, in blue).
      const x = (look().rows.find((r) => r.includes(GREEN)) ?? []).lastIndexOf(GREEN) - 4;
      if (x < 0) return false;
      await pointer.click(x, 15, 1280, 720);
      for (let i = 0; i < 10 && !existsSync(touched); i++) await new Promise((r) => setTimeout(r, 100));
      return existsSync(touched);
    }, () => `a click on Touch to launch it${said()}`);

    // The lines Touch's module read: its command as the tooltip, and its classes.
    const lines = wholeLines(readFileSync(touchLines, 'utf8')).filter(Boolean).map((l) => JSON.parse(l) as { text: string; tooltip?: string; class: string[] });
    expect(lines.at(-1)).toMatchObject({ tooltip: `touch ${touched}`, class: ['tilebar', 'applications', 'normal'] });
    expect(lines.at(-1)?.text).toContain('Touch');

    // Both modules shown: the markup in the first one's name painted nothing, and Waybar gave Touch the classes
    // of its line (the CSS rule's green underline).
    await pointer.move(1279, 719, 1280, 720);
    await until(() => look().rows.flat().includes(GREEN), () => `Touch underlined by the CSS rule on its classes${said()}`);
    expect(look().rows.flat()).not.toContain(MAGENTA);

    // Touch and Next are units of two widgets: between Touch's last letter and Next's first, a gap of background
    // at least a space wide, as the pane spaces units (Waybar's CSS pads only its own modules, not ours).
    const { rows } = look();
    const underlined = (colour: string) => rows.find((r) => r.includes(colour)) ?? [];
    const [touchEnd, nextStart] = [underlined(GREEN).lastIndexOf(GREEN), underlined(BLUE).indexOf(BLUE)];
    expect(touchEnd, 'both modules underlined by their CSS rules').toBeGreaterThan(0);
    expect(nextStart).toBeGreaterThan(touchEnd);
    const ink = (x: number) => rows.slice(2, 24).some((row) => ![bg, '#000000'].includes(row[x] ?? bg));
    const lastOfTouch = Array.from({ length: touchEnd + 1 }, (_, x) => x).filter(ink).at(-1) ?? 0;
    const firstOfNext = Array.from({ length: 200 }, (_, x) => nextStart + x).find(ink) ?? nextStart;
    expect(firstOfNext - lastOfTouch - 1, `the empty columns between Touch (text to ${lastOfTouch}, module to ${touchEnd}) and Next (module from ${nextStart}, text from ${firstOfNext})`).toBeGreaterThanOrEqual(6);
  });
});
