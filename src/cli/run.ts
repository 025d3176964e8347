/**
 * `tilebar run`: the live bar in this terminal, an Ink app (src/pane/ink/) by default, or the direct renderer
 * with `--renderer direct`. The bar itself — config, sources, window manager, actions — is the live core
 * (app/live-bar.ts); this is the terminal front end around it: the terminal and its size, the frame writer,
 * the renderer, the mouse, and how the bar ends. `q` quits (0), Ctrl-C gives 130 and SIGTERM 143, as a shell
 * expects, always restoring the terminal.
 */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { appearanceOf } from '../view/appearance.js';
import { fileLog } from '../io/log.js';
import { DISABLE_MOUSE, ENABLE_MOUSE } from '../pane/mouse.js';
import { catchStrays, runEnd } from '../io/run-end.js';
import { barSize, processTerminal } from '../io/terminal.js';
import type { BarViewOptions } from '../pane/bar-view.js';
import { startBarView } from '../pane/start-view.js';
import { chooseIconSet } from '../render/icons.js';
import { FrameWriter } from '../pane/terminal.js';
import { realTimers } from '../scheduler/timers.js';
import { resolveVariables } from '../tiler/variables.js';
import { VERSION } from '../version.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { colourDepthFor } from './colour-options.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { frontEndBar, selectOf, wantsStandalone } from './front-end-bar.js';
import { chooseMonitorConfig } from './monitor-config.js';
import { answerUserSignals } from './bar-signals.js';
import { BUILTIN_FORMATS } from '../render/formats.js';
import { liveBarPlaces, type RunDeps, type RunOptions } from './run-options.js';

export type { RunTerminal } from '../io/terminal.js';
export type { RunDeps, RunOptions } from './run-options.js';

export async function runCommand(given: RunOptions, io: CliIo, deps: RunDeps = {}): Promise<number> {
  let opts = given;
  // A bar draws in place on a terminal; into a file or a pipe it would write full-screen escapes forever.
  if (!deps.terminal && !io.isTTY) {
    const others = BUILTIN_FORMATS.flatMap((f) => (f.name === 'text' ? [] : [f.name])).join(', ');
    throw new UsageError(`run draws the bar in a terminal, and standard output is not one (a file or a pipe); for one frame use \`tilebar preview --format text\` (or ${others})`);
  }
  // `--monitor N`: the bar komorebi.json's bar_configurations lists for monitor N, shown for that monitor.
  const chosen = await chooseMonitorConfig(opts, io);
  opts = { ...opts, ...(chosen.config !== undefined ? { config: chosen.config } : {}) };
  const places = liveBarPlaces({ ...opts, ...(chosen.listed ? { listedMonitor: chosen.monitor } : {}) }, io);
  const { configPath, logPath } = places;
  const log = deps.log ?? fileLog(logPath, { named: opts.log !== undefined });
  const onStray = (e: unknown) => log(`internal error (the bar goes on): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  // Tests run bars in-process: only the real terminal's bar owns the process's strays, signals and V8 flags.
  const stopCatching = deps.terminal ? () => undefined : catchStrays(onStray);
  const terminal = deps.terminal ?? processTerminal();
  const timers = deps.timers ?? realTimers;
  const depth = colourDepthFor(opts, { ...io, isTTY: true });
  const icons = chooseIconSet(opts.icons, io.env, true);
  const renderer = opts.renderer ?? 'ink';
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  // The bar from the user's core (started when none runs), or in this process: tests that hand in a terminal or
  // readers drive the in-process bar.
  const bar = await frontEndBar({
    standalone: wantsStandalone(opts.standalone, io.env) || deps.terminal !== undefined || deps.readers !== undefined,
    inProcess: {
      settings: { ...places, widgets, ...(deps.managers ? { managers: deps.managers } : {}) },
      deps: { env: io.env, platform: io.platform, cwd: io.cwd, timers, readers: deps.readers, log, onStray },
      updateUrl: opts.updateUrl,
    },
    // This terminal's view of the bar: the model's monitor, the look asked for on the command line, its size.
    view: {
      appearance: (model) => appearanceOf(model, { widgets, icons: icons.set, ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) }),
      size: barSize(terminal),
      ...(chosen.monitor !== undefined ? { monitor: chosen.monitor } : {}),
    },
    attach: { io, timers, log, role: { kind: 'pane' }, select: selectOf({ ...opts, ...chosen }, io.cwd, logPath), logPath },
  });
  const shown = bar.view;
  const end = runEnd({ signals: !deps.stop, onGone: terminal.onGone?.bind(terminal), stop: deps.stop });

  // The first frame goes out before the watchers, the manager's subscription and chokidar are even loaded:
  // time to first frame is start-up plus one render (clocks and the launcher show at once; sources follow).
  const writer = new FrameWriter(terminal);
  writer.start();
  const mouse = opts.mouse !== false;
  if (mouse) terminal.write(ENABLE_MOUSE);
  let lastDrawError: string | undefined;
  const viewOptions: BarViewOptions = {
    store: shown,
    writer,
    terminal,
    depth,
    version: VERSION,
    tilerOptions: { exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) },
    onAction: shown.act,
    onBinding: shown.bind,
    onQuit: end.quit,
    onDrawError: (e) => {
      const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
      if (why !== lastDrawError) log(`internal: a frame could not be drawn; the last one stays: ${why}`);
      lastDrawError = why;
      bar.revalidate();
    },
    now: () => timers.now(),
  };
  const view = await startBarView(renderer, viewOptions, log);
  // From here on this process is a bar that runs all day: V8 grows the old generation less between full
  // collections. Through Ink, a 6-minute run of config.example.json settles near 78 MB (peak ~79 MB) instead
  // of climbing to ~87 MB; the live heap is ~10 MB after every full collection either way, and the CPU is the
  // same. Set after the first frame, not on the command line, where it slows V8's compilers during start-up.
  if (!deps.terminal) setFlagsFromString('--optimize-for-size');
  const offResize = terminal.onResize(() => {
    writer.invalidate();
    shown.resize(barSize(terminal));
  });
  await bar.start();
  // SIGUSR1/SIGUSR2 (bar-signals.ts); those that came while starting were kept and are answered now.
  const offUserSignals = deps.terminal ? () => undefined : answerUserSignals(bar, log);
  const look = shown.getSnapshot().look;
  log(`running ${configPath} (${bar.origin}; ${view.renderer} renderer, ${look.theme.source}, ${depth} colour, ${look.icons} icons: ${icons.why})`);
  const exitCode = await end.ended;

  offUserSignals();
  bar.stopUpdates();
  offResize();
  end.dispose();
  await view.stop();
  await bar.close();
  if (mouse) terminal.write(DISABLE_MOUSE);
  writer.stop();
  stopCatching();
  log(`stopped after ${writer.stats.frames} frames, ${writer.stats.bytes} bytes${exitCode === EXIT.ok ? '' : ` (status ${exitCode})`}`);
  return exitCode;
}
