/**
 * `tilebar run`: the live bar in this terminal, an Ink app (render/ink/) by default, or the direct renderer
 * with `--renderer direct`. The bar itself — config, sources, window manager, actions — is the live core
 * (app/live-bar.ts); this is the terminal front end around it: the terminal and its size, the frame writer,
 * the renderer, the mouse, and how the bar ends. `q` quits (0), Ctrl-C gives 130 and SIGTERM 143, as a shell
 * expects, always restoring the terminal.
 */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { appearanceOf } from '../bar/appearance.js';
import { LiveBar, type BarAction } from '../app/live-bar.js';
import { fileLog, type Log } from '../bar/log.js';
import { DISABLE_MOUSE, ENABLE_MOUSE } from '../bar/mouse.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import { configLabel, discoverConfig } from '../config/discover.js';
import { modelCacheDir } from '../config/model-cache.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { Variant } from '../config/variant.js';
import type { BarView, Renderer } from '../render/bar-view.js';
import type { CellSize } from '../render/cells.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { FrameWriter } from '../render/terminal.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import type { SourceReaders } from '../bar/live-sources.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { tilerDataDir } from '../tiler/client.js';
import { resolveVariables } from '../tiler/variables.js';
import { VERSION } from '../version.js';
import { colourDepthFor } from './colour-options.js';
import { EXIT, SIGNAL_EXIT, UsageError, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';
import { barSize, processTerminal, type RunTerminal } from '../io/terminal.js';

export type { RunTerminal } from '../io/terminal.js';

export interface RunOptions {
  config?: string;
  variant?: Variant;
  color?: ColourChoice;
  terminalBg?: Hex;
  icons?: IconSet;
  cell?: CellSize;
  updateUrl?: string;
  log?: string;
  /** The window manager's data directory (where `komorebi.sock` is). */
  tilerSocketDir?: string;
  /** `--tiler`: which window manager the Tiler widgets talk to (default: detected). */
  tiler?: string;
  /** `--no-mouse`: leave the mouse to the terminal (text selection) instead of the bar. */
  mouse?: boolean;
  /** `--renderer`: the Ink app (default) or the direct serializer. */
  renderer?: Renderer;
}

export interface RunDeps {
  terminal?: RunTerminal;
  timers?: Timers;
  readers?: SourceReaders;
  /** The widget kinds the bar knows: its own unless others are given. */
  widgets?: WidgetRegistry;
  /** Ends the run (tests); SIGINT/SIGTERM and `q` do otherwise. */
  stop?: AbortSignal;
  /** Where log lines go (tests); default: the log file. */
  log?: Log;
}

export function defaultLogPath(env: Readonly<Record<string, string | undefined>>): string {
  return join(env.XDG_STATE_HOME || join(env.HOME ?? homedir(), '.local', 'state'), 'tilebar', 'tilebar.log');
}

export async function runCommand(opts: RunOptions, io: CliIo, deps: RunDeps = {}): Promise<number> {
  // A bar draws in place on a terminal; into a file or a pipe it would write full-screen escapes forever.
  if (!deps.terminal && !io.isTTY) {
    throw new UsageError('run draws the bar in a terminal, and standard output is not one (a file or a pipe); for one frame use `tilebar preview --format text` (or ansi, json, svg, png)');
  }
  const home = io.env.HOME ?? homedir();
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), { env: io.env, home, exists: existsSync });
  const configPath = resolve(io.cwd, found.path);
  const logPath = opts.log ? resolve(io.cwd, opts.log) : defaultLogPath(io.env);
  const log = deps.log ?? fileLog(logPath);
  // A running bar never dies: what escapes every handler is logged, and the bar goes on with its last state.
  const onStray = (e: unknown) => log(`internal error (the bar goes on): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  if (!deps.terminal) {
    process.on('uncaughtException', onStray);
    process.on('unhandledRejection', onStray);
  }
  const terminal = deps.terminal ?? processTerminal();
  const timers = deps.timers ?? realTimers;
  const depth = colourDepthFor(opts, { ...io, isTTY: true });
  const icons = chooseIconSet(opts.icons, io.env, true);
  const renderer: Renderer = opts.renderer ?? 'ink';
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  const bar = await LiveBar.load(
    {
      widgets,
      configPath,
      label: configLabel(found, opts.config),
      ...(opts.variant ? { variant: opts.variant } : {}),
      cacheDir: modelCacheDir(io.env, io.platform, home),
      logPath,
      ...(opts.tiler !== undefined ? { tiler: opts.tiler } : {}),
      komorebiDir: tilerDataDir(io.env, io.platform, opts.tilerSocketDir && resolve(io.cwd, opts.tilerSocketDir)),
      komorebiDirGiven: opts.tilerSocketDir !== undefined,
      appearance: (model) => appearanceOf(model, { widgets, icons: icons.set, ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) }),
      size: barSize(terminal),
    },
    { env: io.env, platform: io.platform, cwd: io.cwd, timers, readers: deps.readers ?? liveReaders(io, timers, widgets, opts.updateUrl), log, onStray },
  );

  // How the bar ends: `q`, Ctrl-C (a key in raw mode, or the signal), SIGTERM, its terminal going.
  let exitCode: number = EXIT.ok;
  const controller = new AbortController();
  const quit = (code: number) => {
    if (controller.signal.aborted) return;
    exitCode = code;
    controller.abort();
  };
  const signals = deps.stop ? [] : (Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>);
  const handlers = signals.map((s) => [s, () => quit(SIGNAL_EXIT[s])] as const);
  for (const [s, h] of handlers) process.once(s, h);
  const offGone = terminal.onGone?.(() => quit(SIGNAL_EXIT.SIGHUP));
  deps.stop?.addEventListener('abort', () => quit(EXIT.ok), { once: true });

  let lastDrawError: string | undefined;
  const onDrawError = (e: unknown) => {
    const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
    if (why !== lastDrawError) log(`internal: a frame could not be drawn; the last one stays: ${why}`);
    lastDrawError = why;
    bar.revalidate();
  };

  // The first frame goes out before the watchers, the manager's subscription and chokidar are even loaded:
  // time to first frame is start-up plus one render (clocks and the launcher show at once; sources follow).
  const writer = new FrameWriter(terminal);
  writer.start();
  const mouse = opts.mouse !== false;
  if (mouse) terminal.write(ENABLE_MOUSE);
  const viewOptions = {
    store: bar.store,
    writer,
    terminal,
    depth,
    version: VERSION,
    tilerOptions: { exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) },
    onAction: (action: BarAction) => bar.act(action),
    onBinding: (trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined) => bar.bind(trigger, mouseFollowsFocus),
    onQuit: quit,
    onDrawError,
    now: () => timers.now(),
  };
  let view: BarView;
  try {
    // Each renderer is its own chunk: the direct one never loads Ink and React.
    view = renderer === 'direct' ? (await import('../render/direct-view.js')).startDirectView(viewOptions) : (await import('../render/ink/mount.js')).startInkView(viewOptions);
  } catch (e) {
    log(`the ${renderer} renderer could not start (${e instanceof Error ? e.message : String(e)}); drawing directly instead`);
    view = (await import('../render/direct-view.js')).startDirectView(viewOptions);
  }
  // From here on this process is a bar that runs all day: V8 grows the old generation less between full
  // collections. Through Ink, a 6-minute run of config.example.json settles near 78 MB (peak ~79 MB) instead
  // of climbing to ~87 MB; the live heap is ~10 MB after every full collection either way, and the CPU is the
  // same. Set after the first frame, not on the command line, where it slows V8's compilers during start-up.
  // Only for the real terminal: tests run bars in-process.
  if (!deps.terminal) setFlagsFromString('--optimize-for-size');
  const offResize = terminal.onResize(() => {
    writer.invalidate();
    bar.store.update({ size: barSize(terminal) });
    bar.store.publish();
  });
  await bar.start();
  const look = bar.store.getSnapshot().look;
  log(`running ${configPath} (${bar.origin}; ${renderer} renderer, ${look.theme.source}, ${depth} colour, ${look.icons} icons: ${icons.why})`);
  if (!controller.signal.aborted) await new Promise((r) => controller.signal.addEventListener('abort', r, { once: true }));

  bar.stopUpdates();
  offResize();
  offGone?.();
  for (const [s, h] of handlers) process.removeListener(s, h);
  await view.stop();
  await bar.close();
  if (mouse) terminal.write(DISABLE_MOUSE);
  writer.stop();
  if (!deps.terminal) {
    process.removeListener('uncaughtException', onStray);
    process.removeListener('unhandledRejection', onStray);
  }
  log(`stopped after ${writer.stats.frames} frames, ${writer.stats.bytes} bytes${exitCode === EXIT.ok ? '' : ` (status ${exitCode})`}`);
  return exitCode;
}


