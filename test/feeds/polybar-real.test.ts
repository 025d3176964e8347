/**
 * `tilebar feed polybar` as a real Polybar's `custom/script` (`tail = true`) under Xvfb: the bar shows the widgets
 * in the theme's colours (read from the screen), a pointer click (XTEST) on an Applications item launches it
 * through the action tag and the feed's inbox, and an item named like a Polybar action tag is shown as text: a
 * click on it runs its own command, never the one in its name; a name ending in `%` shows as it is, and Polybar logs
 * nothing it could not draw (issue 43: escape.ts used to put a zero-width space after it); with the lines
 * `--print-config` prints, the config's left, centre and right widgets are where the pane puts them (clicks still reaching them), and the bar's other modules stay where the
 * README says (before tilebar in modules-left, in modules-right). Skipped where Polybar or Xvfb is missing (CI installs them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appearanceOf } from '../../src/view/appearance.js';
import { load, model } from '../helpers.js';
import { until } from '../wait.js';
import { hasXvfb, startXvfb, stopChild } from '../xvfb.js';
import { twoItemBar } from './host-config.js';
import { openX11Screen } from './x11-screen.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';

const hasPolybar = hasXvfb && spawnSync('polybar', ['--version'], { stdio: 'ignore' }).error === undefined;

const cleanups = cleanupsAfterEach();

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;


/** The module and bar lines `tilebar feed polybar --print-config` prints for this config, running `feed` instead of `tilebar feed polybar`. */
function printedModules(dir: string, feed: string): string {
  const printed = spawnSync(process.execPath, tilebarArgs('feed', 'polybar', '--print-config', '--config', join(dir, 'bar.json'), '--log', join(dir, 'print-log')), { cwd: dir, env: childEnv({ HOME: dir, XDG_RUNTIME_DIR: dir }), encoding: 'utf8' });
  expect(printed.status, printed.stderr).toBe(0);
  // The printed exec is a thin feed's loop (feeds/hosts.ts): here a feed of its own, whose log the test reads.
  return printed.stdout.replace(/^exec = .*tilebar feed polybar.*$/m, `exec = ${feed}`);
}

/** The bar's module lines a test writes itself: tilebar's module alone. */
const tilebarAlone = (_dir: string, feed: string) => ['modules-left = tilebar', '[module/tilebar]', 'type = custom/script', `exec = ${feed}`, 'tail = true'].join('\n');

/**
 * Polybar under a fresh Xvfb, in a directory of its own, running `tilebar feed polybar` on the config made for it,
 * with the module lines `modulesOf` gives for the feed's command after the bar's own.
 */
async function polybarFeeding<C extends object>(configIn: (dir: string) => C, modulesOf: (dir: string, feed: string) => string = tilebarAlone) {
  const dir = await mkdtemp(join(tmpdir(), 'tb-feed-polybar-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const config = configIn(dir);
  await writeBarConfig(dir, config);
  const log = join(dir, 'log');
  const feed = `env HOME=${q(dir)} TZ=UTC ${tilebarCommand('feed', 'polybar', '--config', join(dir, 'bar.json'), '--log', log)}`;
  await writeFile(
    join(dir, 'polybar.ini'),
    ['[bar/tb]', 'width = 100%', 'height = 24', 'background = #000000', 'foreground = #ffffff', 'font-0 = monospace:size=10', modulesOf(dir, feed)].join('\n'),
  );
  const x = await startXvfb(['-screen', '0', '1280x200x24']);
  // Polybar's own log (its warnings go to stderr) in the test's directory.
  const polybarLog = join(dir, 'polybar-log');
  const logFd = openSync(polybarLog, 'w');
  // XDG_RUNTIME_DIR: the feed's inbox goes in the test's directory.
  const polybar = spawn('polybar', ['-c', join(dir, 'polybar.ini'), 'tb'], { cwd: dir, env: childEnv({ DISPLAY: x.display, XDG_RUNTIME_DIR: dir }), stdio: ['ignore', 'ignore', logFd] });
  closeSync(logFd);
  cleanups.push(() => x.stop(), () => until(() => spawnSync('pgrep', ['-f', `--log ${log}`]).status !== 0, 'the feed to end with Polybar'), () => stopChild(polybar));
  await until(() => existsSync(log) && readFileSync(log, 'utf8').includes('feeding polybar'), 'the feed started by Polybar');
  const screen = await openX11Screen(x.display);
  cleanups.push(() => screen.close());
  return { dir, log, polybarLog, screen, config };
}

/** The stretches of a row of pixels that are not Polybar's own black: the blocks the feed coloured. */
function spansOf(row: readonly string[]): Array<{ from: number; to: number }> {
  const spans: Array<{ from: number; to: number }> = [];
  row.forEach((c, i) => {
    if (c === '#000000') return;
    const last = spans.at(-1);
    if (last && last.to === i - 1) last.to = i;
    else spans.push({ from: i, to: i });
  });
  return spans;
}

/** One Applications widget with one item: its name shown, clicking it runs `command`. */
const oneItem = (name: string, command: string) => ({ Applications: { enable: true, display: 'Text', items: [{ name, command, show_command_on_hover: false }] } });

describe.skipIf(!hasPolybar)('tilebar feed polybar in a real Polybar (Xvfb)', () => {
  it("shows the theme's colours, launches an item on a click, and never runs a tag from a name", async () => {
    // The first item's name is relative: Polybar runs action commands in its own directory, the test's.
    const { dir, log, screen, config } = await polybarFeeding((d) => twoItemBar('%{A1:touch pwned:}Evil%{A}', join(d, 'touched')));
    const touched = join(dir, 'touched');
    const pwned = join(dir, 'pwned');

    // The items' cells are in the theme's bar background, not Polybar's black.
    const bg = appearanceOf(model(load(config))).backgrounds.bar ?? '#000000';
    expect(bg).not.toBe('#000000');
    let span = { from: -1, to: -1 };
    await until(async () => {
      const row = (await screen.pixels(0, 12, 1280, 1))[0] ?? [];
      span = { from: row.indexOf(bg), to: row.lastIndexOf(bg) };
      return span.from >= 0 && span.to - span.from > 40;
    }, "the theme's colours on the bar");

    // A click on the item named like a tag runs its own command ("true"), and not the one in its name.
    // (Clicked again until taken: a click as Polybar is still reading its first line may be lost.)
    const launched = () => readFileSync(log, 'utf8').includes('launch: true');
    await until(async () => {
      await screen.click(span.from + 10, 12);
      for (let i = 0; i < 10 && !launched(); i++) await new Promise((r) => setTimeout(r, 100));
      return launched();
    }, 'a click on the first item to launch it');
    // "Touch" is last: clicks from the right end of the items until it has launched (Polybar takes two clicks
    // close together for a double click, so one at a time).
    await until(async () => {
      for (let px = span.to - 4; px > span.from && !existsSync(touched); px -= 8) {
        await new Promise((r) => setTimeout(r, 450));
        await screen.click(px, 12);
      }
      return existsSync(touched);
    }, 'a click on Touch to launch it');
    expect(existsSync(pwned)).toBe(false);
  });

  it('shows a name ending in % as it is: as wide as one ending in a letter, no tag shown as text, nothing dropped in its log', async () => {
    // Between two others: the first and last items of the bar may have padding of their own.
    // (Issue 43: a zero-width space after a `%` made Polybar 3.6.3 log "Dropping unmatched character (U+200b)"
    // at each line; a `%{` of a name is broken by a tag of no effect instead.)
    const names = ['a', 'CPU: 95%', 'CPU: 95x', 'b', '%{F#ff0000}'];
    const { screen, config, polybarLog } = await polybarFeeding(() => {
      const bar = twoItemBar('a', 'unused');
      bar.left_widgets[0]?.Applications.items.splice(0, 2, ...names.map((name) => ({ name, command: 'true', show_command_on_hover: false })));
      return bar;
    });
    const bg = appearanceOf(model(load(config))).backgrounds.bar ?? '#000000';
    // Each item is a span of the theme's colours, the gap between them Polybar's own black.
    let spans: Array<{ from: number; to: number }> = [];
    await until(async () => {
      const row = (await screen.pixels(0, 12, 1280, 1))[0] ?? [];
      spans = spansOf(row);
      return row.includes(bg) && spans.length >= names.length;
    }, 'the items on the bar');
    expect(spans).toHaveLength(names.length);
    const [percent, letter, b, tag] = spans.slice(1, 5).map((s) => s.to - s.from);
    expect(percent).toBe(letter);
    // The name written like a tag is text, eleven characters of it (a tag would leave the item empty).
    expect(tag).toBeGreaterThan((b ?? 0) + 40);
    // Polybar has drawn the line: it has said by now what it could not draw of it.
    const said = readFileSync(polybarLog, 'utf8');
    expect(said).not.toContain('Dropping unmatched character');
    expect(said).not.toMatch(/error/i);
  });

  it("puts the left widgets at the left edge, the centre ones in the middle and the right ones at the right edge, with --print-config's lines", async () => {
    const { dir, screen } = await polybarFeeding(
      (d) => ({
        theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
        left_widgets: [oneItem('Left', 'true')],
        center_widgets: [oneItem('Middle', `touch ${join(d, 'middle')}`)],
        right_widgets: [oneItem('Right', `touch ${join(d, 'right')}`)],
      }),
      printedModules,
    );
    // The bar is 1280 pixels wide; Polybar adds no padding of its own unless told to.
    const edge = 4;
    let spans: Array<{ from: number; to: number }> = [];
    await until(async () => {
      spans = spansOf((await screen.pixels(0, 12, 1280, 1))[0] ?? []);
      return spans.length === 3;
    }, () => `three widgets on the bar (found ${JSON.stringify(spans)})`);
    const [left, middle, right] = spans as [(typeof spans)[0], (typeof spans)[0], (typeof spans)[0]];
    expect(left.from, 'the left widget starts at the left edge').toBeLessThanOrEqual(edge);
    expect(middle.from, 'the centre widget straddles the middle').toBeLessThan(640);
    expect(middle.to, 'the centre widget straddles the middle').toBeGreaterThan(640);
    expect(right.to, 'the right widget reaches the right edge').toBeGreaterThanOrEqual(1279 - edge);

    // Clicks still reach each item where it now is (one at a time: two close together are a double click).
    for (const [span, made] of [[right, join(dir, 'right')], [middle, join(dir, 'middle')]] as const) {
      await until(async () => {
        await screen.click(Math.round((span.from + span.to) / 2), 12);
        for (let i = 0; i < 10 && !existsSync(made); i++) await new Promise((r) => setTimeout(r, 100));
        return existsSync(made);
      }, `a click on ${made} to launch it`);
    }
  });

  it("keeps the bar's other modules where the README says: before tilebar at the left edge, in modules-right at the right edge", async () => {
    const other = (name: string, colour: string) => [`[module/${name}]`, 'type = custom/text', `content = %{B${colour}}${name}%{B-}`];
    const { screen, config } = await polybarFeeding(
      () => ({ theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' }, left_widgets: [oneItem('Left', 'true')], center_widgets: [], right_widgets: [oneItem('Right', 'true')] }),
      (dir, feed) => tilebarAlone(dir, feed).replace('modules-left = tilebar', ['modules-left = before tilebar', 'modules-right = after'].join('\n')) + ['', ...other('before', '#ff0000'), ...other('after', '#0000ff')].join('\n'),
    );
    // The modules touch: each is told apart by its colour (tilebar's by the theme's bar background).
    const bg = appearanceOf(model(load(config))).backgrounds.bar ?? '#000000';
    let row: string[] = [];
    await until(async () => {
      row = (await screen.pixels(0, 12, 1280, 1))[0] ?? [];
      return row.includes('#ff0000') && row.includes('#0000ff') && row.includes(bg);
    }, 'the modules on the bar');
    const near = 8;
    expect(row.indexOf('#ff0000'), "the module before tilebar's is at the left edge").toBeLessThanOrEqual(4);
    expect(row.indexOf(bg) - row.lastIndexOf('#ff0000'), "tilebar's left widget just after it").toBeGreaterThan(0);
    expect(row.indexOf(bg) - row.lastIndexOf('#ff0000'), "tilebar's left widget just after it").toBeLessThanOrEqual(near);
    expect(row.lastIndexOf('#0000ff'), 'the module of modules-right is at the right edge').toBeGreaterThanOrEqual(1279 - 4);
    expect(row.indexOf('#0000ff') - row.lastIndexOf(bg), "tilebar's right widget just before it").toBeGreaterThan(0);
    expect(row.indexOf('#0000ff') - row.lastIndexOf(bg), "tilebar's right widget just before it").toBeLessThanOrEqual(near);
    expect(row.lastIndexOf(bg), "tilebar's right widget is on the right").toBeGreaterThan(1200);
  });
});
