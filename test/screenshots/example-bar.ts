/**
 * What every host's README picture shares: the example config (config.example.json) run as a user runs it — a real
 * MPRIS player on a real session bus, a fixed time zone, a home of its own (the Update widget's cache) — and a
 * CPU that is really busy (stress-ng beside the bar), so the Cpu widget's threshold highlight shows because the
 * reading is over 80, not because a reading was made up. The pictures go to docs/feeds (or TILEBAR_SCREENSHOTS).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import type { Run } from '../../src/render/bar-types.js';
import { svgToPng, SHIPPED_FAMILY } from '../../src/render/png.js';
import { frameToSvg } from '../../src/render/svg.js';
import { startFakePlayer, startSessionBus } from '../media/session-bus.js';
import type { ScreenCell } from '../tty/tmux.js';
import { shellQuote } from '../tty/tmux.js';
import { until } from '../wait.js';
import { stopChild } from '../xvfb.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';

export const EXAMPLE = join(process.cwd(), 'config.example.json');
/** The Date widget follows the session's zone (the Time widget names its own, Europe/London, too). */
export const ZONE = 'Europe/London';
/** The track the player plays. */
export const TRACK = { artist: 'Nils Frahm', title: 'Says' };
/**
 * What the host was given once every part of the example bar is there: the player (the example's Media widget is
 * IconAndControls, no title, hidden while no player is there: its icon, in the unicode set the feeds use outside
 * WezTerm and kitty), the focused window, a launcher, the memory.
 */
const SHOWN = ['♫', 'README.md', 'Terminal', 'RAM'];
const PICTURES = resolve(process.env.TILEBAR_SCREENSHOTS ?? join(process.cwd(), 'docs', 'feeds'));
/** The user a host runs as when this runs as root (sway refuses root; the feeds it starts are that user's). */
const NOBODY = 65534;

export interface ExampleBar {
  /** A directory of the run's own, readable by the host's user: the config copy, the feed's home and log. */
  dir: string;
  config: string;
  log: string;
  /** `env …` words that give a feed the player's bus, the zone and its home (plus `extra`). */
  env(extra?: Record<string, string>): string;
  /** The feed's command line for `host` (`args`: more options). */
  feed(host: string, args?: string): string;
  /** `command`, its output also appended to `lines`: what the host was given, to see the readings arrive. */
  teed(command: string): string;
  lines: string;
  stop(): Promise<void>;
}

/** The example config in a directory of its own and a session bus with a player playing TRACK (for an ordinary user's host: theirs). */
export async function startExampleBar(forOrdinaryUser = false): Promise<ExampleBar> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-shot-'));
  chmodSync(dir, 0o755);
  const config = join(dir, 'bar.json');
  copyFileSync(EXAMPLE, config);
  chmodSync(config, 0o644);
  const log = join(dir, 'log');
  const lines = join(dir, 'lines');
  writeFileSync(lines, '');
  chmodSync(lines, 0o666);
  const bus = await startSessionBus();
  // The bus's directory is private to its maker: an ordinary user's feed has to reach its socket.
  chmodSync(bus.dir, 0o755);
  const player = await startFakePlayer(bus.address, 'shots');
  player.set({ artist: [TRACK.artist], title: TRACK.title, status: 'Playing' });
  if (forOrdinaryUser && process.getuid?.() === 0) chownSync(dir, NOBODY, NOBODY);
  const env = (extra: Record<string, string> = {}) =>
    `env ${Object.entries({ HOME: dir, TZ: ZONE, DBUS_SESSION_BUS_ADDRESS: bus.address, ...extra }).map(([k, v]) => `${k}=${shellQuote(v)}`).join(' ')}`;
  return {
    dir,
    config,
    log,
    lines,
    env,
    feed: (host, args = '') => `${tilebarCommand('feed', host)} ${args} --config ${shellQuote(config)} --log ${shellQuote(log)}`,
    teed: (command) => `${command} | tee -a ${shellQuote(lines)}`,
    async stop() {
      // The feed ends with its host; waited for, so nothing writes into a removed directory.
      await until(() => spawnSync('pgrep', ['-f', `--log ${log}`]).status !== 0, 'the feed to end with its host');
      player.process.kill();
      await new Promise((r) => (player.process.exitCode === null ? player.process.once('exit', r) : r(undefined)));
      bus.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The fill the example's theme gives a widget over its threshold (auto_select_fill), as tilebar's preview draws it. */
export function selectedFill(): string {
  const frame = JSON.parse(execFileSync(process.execPath, tilebarArgs('preview', '--config', EXAMPLE, '--set', 'cpu=95', '--format', 'json'), { encoding: 'utf8', env: childEnv({ HOME: '/nonexistent' }) })) as {
    sections: Record<string, Array<{ kind: string; units: Array<{ state: string; colours: { bg?: string } }> }>>;
  };
  const cpu = Object.values(frame.sections).flat().find((w) => w.kind === 'Cpu')?.units.find((u) => u.state === 'selected');
  if (!cpu?.colours.bg) throw new Error('the preview shows no selected Cpu widget to take its fill from');
  return cpu.colours.bg;
}

/** Every core busy (stress-ng, one worker a core) until stopped: the bar's CPU reading goes over its threshold. */
export function loadCpu(): { stop(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'tb-stress-'));
  // --timeout: a run that dies half-way leaves no load behind for long.
  const child = spawn('stress-ng', ['--cpu', '0', '--timeout', '300s', '--quiet'], { cwd: dir, stdio: 'ignore' });
  return {
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The screenshot run's patience: longer than the tests' (test/wait.ts), as it loads every core on purpose and a
 * host of many modules (Waybar: a `cat` each, restarted each second until its pipe is there) is slow to fill.
 */
const SHOT_PATIENCE_MS = 180_000;

export const patiently = (test: () => boolean | Promise<boolean>, what: () => string): Promise<void> => until(test, what, SHOT_PATIENCE_MS);

/** Wait until the feed has given the host the example's readings (the player playing) and `shows` (the busy CPU on the screen). */
export async function untilBarShowsAll(bar: ExampleBar, shows: () => Promise<boolean> | boolean, said: () => string): Promise<void> {
  // First the feed started by its host (a host may take a while to start its modules), then what it shows.
  await patiently(() => existsSync(bar.log) && readFileSync(bar.log, 'utf8').includes('feeding '), () => `the feed started by its host${said()}`);
  await patiently(async () => missing(bar).length === 0 && (await shows()), () => `the example bar with all its parts (missing: ${missing(bar).join(', ') || 'none'}) and a busy CPU${said()}; the feed's last line:\n${readFileSync(bar.lines, 'utf8').slice(-1500)}\nthe feed's log:\n${readLog(bar)}`);
}

/** What of SHOWN the host has not been given yet. */
const missing = (bar: ExampleBar) => {
  const lines = readFileSync(bar.lines, 'utf8');
  return SHOWN.filter((s) => !lines.includes(s));
};

export function readLog(bar: ExampleBar): string {
  return existsSync(bar.log) ? readFileSync(bar.log, 'utf8').slice(-3000) : '(none)';
}

/** How many pixels of `colour` there are in `rows`. */
export const count = (rows: readonly (readonly string[])[], colour: string) => rows.reduce((n, row) => n + row.filter((c) => c === colour).length, 0);

/** Save a screen's rows (`#rrggbb` each pixel), as they are, as `<host>.png`. */
export function writeScreenPicture(host: string, rows: readonly (readonly string[])[]): void {
  const width = rows[0]?.length ?? 0;
  const png = new PNG({ width, height: rows.length });
  rows.forEach((row, y) =>
    row.forEach((hex, x) => {
      const i = (y * width + x) * 4;
      png.data[i] = Number.parseInt(hex.slice(1, 3), 16);
      png.data[i + 1] = Number.parseInt(hex.slice(3, 5), 16);
      png.data[i + 2] = Number.parseInt(hex.slice(5, 7), 16);
      png.data[i + 3] = 255;
    }),
  );
  save(host, PNG.sync.write(png));
}

/** Save the cells of a terminal's lines as `<host>.png`, 9×18 pixels a cell at `scale`, as `preview --format png` draws. */
export async function writeTerminalPicture(host: string, lines: readonly (readonly ScreenCell[])[], scale = 2): Promise<void> {
  const rows = lines.map((line) => {
    const runs: Run[] = [];
    for (const c of line) {
      const last = runs.at(-1);
      if (last && last.fg === c.fg && last.bg === c.bg && (last.bold ?? false) === c.bold) last.text += c.ch;
      else runs.push({ text: c.ch, ...(c.fg ? { fg: c.fg } : {}), ...(c.bg ? { bg: c.bg } : {}), bold: c.bold });
    }
    return runs;
  });
  const svg = frameToSvg(rows, { cell: { width: 9, height: 18 }, scale, fonts: [SHIPPED_FAMILY], background: '#000000', foreground: '#e5e5e5' });
  save(host, await svgToPng(svg));
}

function save(host: string, png: Uint8Array): void {
  mkdirSync(PICTURES, { recursive: true });
  writeFileSync(join(PICTURES, `${host}.png`), png);
}

interface TreeNode {
  type?: string;
  rect?: { y: number; height: number };
  nodes?: TreeNode[];
}

/**
 * The height of a bar at the top of the screen: i3's top dock area (i3bar, Polybar: dock windows), or where sway
 * starts the focused workspace (swaybar, Waybar: layer surfaces that reserve their height).
 */
export async function barHeight(ask: (type: number) => Promise<unknown>): Promise<number> {
  const docks: TreeNode[] = [];
  const walk = (n: TreeNode) => {
    if (n.type === 'dockarea' && n.rect?.y === 0) docks.push(n);
    n.nodes?.forEach(walk);
  };
  walk((await ask(4)) as TreeNode);
  if (docks.length > 0) return Math.max(...docks.map((d) => d.rect?.height ?? 0));
  const workspaces = (await ask(1)) as Array<{ focused: boolean; rect: { y: number } }>;
  return workspaces.find((w) => w.focused)?.rect.y ?? 0;
}
