/**
 * `tilebar run`: the live bar in this terminal, an Ink app (render/ink/) by default, or the direct renderer
 * with `--renderer direct`. What it shows lives in one store (bar/bar-store.ts) that the sources feed: the
 * scheduler's polls and clock ticks, the config file (watched and polled, config-file.ts), the window manager
 * and the terminal's size; the store publishes at most ten snapshots a second, and the renderer draws each
 * through FrameWriter. A config with errors — at start or in an edit — or a file that cannot be read keeps the
 * bar up (the last good one, or an empty one) with a one-line error in it and every located problem in the
 * log. `q` quits (0), Ctrl-C gives 130 and SIGTERM 143, as a shell expects, always restoring the terminal.
 */
import { existsSync } from 'node:fs';
import { EventSources } from '../bar/event-sources.js';
import { setFlagsFromString } from 'node:v8';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { appearanceOf, type Appearance } from '../bar/appearance.js';
import { BarStore } from '../bar/bar-store.js';
import { clockWidgets, subscribeClockBoundaries } from '../bar/clock-widgets.js';
import { watchConfigFile } from '../bar/config-file.js';
import { LiveConfig, type ConfigState } from '../bar/live-config.js';
import { subscribeSources } from '../bar/live-sources.js';
import { fileLog, type Log } from '../bar/log.js';
import { DISABLE_MOUSE, ENABLE_MOUSE, bindingBatch } from '../bar/mouse.js';
import { systemWidgets } from '../bar/system-widgets.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import { configLabel, discoverConfig } from '../config/discover.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import type { BarModel } from '../config/model.js';
import { modelCacheDir } from '../config/model-cache.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Variant } from '../config/variant.js';
import { readTextFile } from '../io/read-text-file.js';
import type { BarView, Renderer } from '../render/bar-view.js';
import type { CellSize } from '../render/cells.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { FrameWriter } from '../render/terminal.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import type { Readers } from '../system/readings.js';
import { tilerDataDir } from '../tiler/client.js';
import { askSocketPath, detectManager } from '../tiler/detect.js';
import type { TilerSource } from '../tiler/manager.js';
import type { TilerStateResult } from '../tiler/state.js';
import { resolveVariables } from '../tiler/variables.js';
import { realZoneSources, resolveSystemZone, watchSystemZone } from '../time/system-zone.js';
import { VERSION } from '../version.js';
import type { ClickAction } from '../../widgets/view.js';
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
  readers?: Readers;
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
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), { env: io.env, home: io.env.HOME ?? homedir(), exists: existsSync });
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
  const readers = deps.readers ?? liveReaders(io, timers, opts.updateUrl);
  const scheduler = new Scheduler(timers, { onListenerError: (e) => log(`internal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`) });
  const writer = new FrameWriter(terminal);
  const zoneSources = { ...realZoneSources(), env: io.env };
  const icons = chooseIconSet(opts.icons, io.env, true);
  const renderer: Renderer = opts.renderer ?? 'ink';

  // The config: a bar comes up whatever the file holds, and shows what is wrong with it.
  const live = new LiveConfig({
    path: configPath,
    label: configLabel(found, opts.config),
    ...(opts.variant ? { variant: opts.variant } : {}),
    platform: io.platform,
    cacheDir: modelCacheDir(io.env, io.platform, io.env.HOME ?? homedir()),
    log,
    logPath,
  });
  let config = await live.start(await readTextFile(configPath, { maxBytes: MAX_CONFIG_BYTES }));
  const store = new BarStore(timers, {
    model: config.model,
    look: appearance(config.model, opts, icons.set),
    message: config.message,
    statuses: {},
    systemZone: (await resolveSystemZone(zoneSources)).zone,
    tiler: undefined,
    size: barSize(terminal),
  });
  const model = (): BarModel => store.getSnapshot().model;

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

  // What clicks, keys and bindings do: act only on a model that is the text's own (see LiveConfig).
  const tilerDir = tilerDataDir(io.env, io.platform, opts.tilerSocketDir && resolve(io.cwd, opts.tilerSocketDir));
  let tilerSource: TilerSource | undefined;
  const send = (messages: SocketMessage[]) => {
    const source = tilerSource;
    const what = messages.map((m) => m.type).join(', ');
    if (!source) {
      log(`window manager: ${what} not sent: ${store.getSnapshot().noTiler ? 'no window manager' : 'not connected yet'}`);
      return;
    }
    source.send(messages, store.getSnapshot().tiler).catch((e: unknown) => log(`${source.manager}: could not send ${what}: ${e instanceof Error ? e.message : String(e)}`));
  };
  const lastLaunch = new Map<string, number>();
  const launch = (id: string, command: string) => {
    // The original's 800 ms per-item cooldown against double launches.
    const now = timers.now();
    if (now - (lastLaunch.get(id) ?? -Infinity) < 800) return;
    lastLaunch.set(id, now);
    // Loaded on the first launch: node:child_process is not needed to draw the bar.
    void import('../tiler/command.js').then(({ planCommand, startCommand }) => {
      const plan = planCommand(command, io.env, io.platform);
      if (!plan) return;
      log(`launch: ${plan.file} ${plan.args.join(' ')}`);
      startCommand(plan, io.env, io.cwd, (m) => log(`launch failed: ${m}`));
    }, (e: unknown) => log(`launch failed: ${e instanceof Error ? e.message : String(e)}; was tilebar upgraded while running? Restart the bar.`));
  };
  /** When validation replaced a cached model, what was clicked was drawn from the wrong one: nothing is done. */
  const whenTrusted = (act: () => void) => {
    const before = model();
    void live.ensureValidated().then((state) => {
      if (state.model !== before || state.message !== config.message) applyConfig(state);
      if (state.model === before) act();
    }, onStray);
  };
  const events = new EventSources({ env: io.env, platform: io.platform, timers, log }, (change) => store.update(change));
  const onAction = (action: Exclude<ClickAction, { kind: 'toggle-layout-picker' }>) =>
    whenTrusted(() => {
      if (action.kind === 'messages') send(action.messages);
      else if (action.kind === 'launch') launch(action.id, action.command);
      else events.control(action.command);
    });
  const onBinding = (trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined) => {
    if (!model().mouse?.bindings[trigger]) return;
    whenTrusted(() => {
      const binding = model().mouse?.bindings[trigger];
      if (!binding) return;
      if (binding.kind === 'command') launch(`binding:${trigger}`, binding.command);
      else send(bindingBatch(binding, mouseFollowsFocus));
    });
  };
  let lastDrawError: string | undefined;
  const onDrawError = (e: unknown) => {
    const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
    if (why !== lastDrawError) log(`internal: a frame could not be drawn; the last one stays: ${why}`);
    lastDrawError = why;
    if (config.origin === 'cache') void live.ensureValidated().then(applyConfig, onStray);
  };

  // The first frame goes out before the watchers, the manager's subscription and chokidar are even loaded:
  // time to first frame is start-up plus one render (clocks and the launcher show at once; sources follow).
  writer.start();
  const mouse = opts.mouse !== false;
  if (mouse) terminal.write(ENABLE_MOUSE);
  const viewOptions = {
    store,
    writer,
    terminal,
    depth,
    version: VERSION,
    tilerOptions: { exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) },
    onAction,
    onBinding,
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
    store.update({ size: barSize(terminal) });
    store.publish();
  });
  let unsubscribe: () => void = () => undefined;
  let statuses = store.getSnapshot().statuses;
  const subscribe = () => {
    unsubscribe();
    const m = model();
    const offSources = subscribeSources(
      scheduler,
      systemWidgets(m, VERSION),
      readers,
      (s) => {
        // subscribeSources keeps one object it updates: the store gets a copy, so a snapshot never changes.
        statuses = { ...s };
        store.update({ statuses });
      },
      statuses,
    );
    const offClocks = subscribeClockBoundaries(scheduler, clockWidgets(m, m.variant), () => store.update());
    unsubscribe = () => {
      offSources();
      offClocks();
    };
  };

  /** A new state of the config: a new model (resubscribed, readings kept) or only a new message. */
  function applyConfig(next: ConfigState): void {
    const changed = next.model !== model();
    config = next;
    if (changed) {
      store.update({ model: next.model, look: appearance(next.model, opts, icons.set), message: next.message });
      // Sources already read stay: a reload does not blank the CPU or restart rates.
      subscribe();
      scheduler.refreshAll();
      void ensureTiler();
      applyTiler();
      void events.apply(next.model).catch(onStray);
    } else store.update({ message: next.message });
  }

  // The window manager: subscribed when a Tiler widget or a message binding needs it (also after a reload).
  const needsTiler = () => {
    const m = model();
    return [...m.left, ...m.center, ...m.right].some((w) => w.kind === 'Tiler') || Object.values(m.mouse?.bindings ?? {}).some((b) => b?.kind === 'message');
  };
  let tilerStarting = false;
  let tilerProblem: string | undefined;
  /** The manager's latest snapshot, kept so that a reload with another `monitor` index re-reads it. */
  let tilerDerive: ((monitor: number) => TilerStateResult) | undefined;
  const applyTiler = () => {
    if (!tilerDerive) return;
    const r = tilerDerive(model().monitor.index);
    if (r.ok) {
      tilerProblem = undefined;
      store.update({ tiler: r.state, tilerDown: false });
    } else {
      if (r.problem !== tilerProblem) log(`window manager: ${r.problem}`);
      tilerProblem = r.problem;
      // The manager answers, but not for this bar's monitor: nothing to show of it here.
      store.update({ tiler: undefined, tilerDown: true });
    }
  };
  /** Which manager, found once per run: the session's variables cannot change under a running process. */
  let noManager = false;
  async function ensureTiler(): Promise<void> {
    if (tilerSource || tilerStarting || noManager || !needsTiler()) return;
    tilerStarting = true;
    const detected = await detectManager({
      ...(opts.tiler !== undefined ? { flag: opts.tiler } : {}),
      env: io.env,
      platform: io.platform,
      exists: existsSync,
      komorebiDir: tilerDir,
      komorebiDirGiven: opts.tilerSocketDir !== undefined,
      askI3: () => askSocketPath('i3', io.env),
    });
    if (detected.manager === 'none') {
      log(`window manager: none (${detected.why}); the Tiler widgets say "no window manager"`);
      noManager = true;
      store.update({ noTiler: true, tiler: undefined });
      tilerStarting = false;
      return;
    }
    const manager = detected.manager;
    log(`window manager: ${manager} (${detected.why})`);
    try {
      const { startTilerSource } = await import('../tiler/sources.js');
      tilerSource = await startTilerSource(manager, { env: io.env, platform: io.platform, timers, exists: existsSync, komorebiDir: tilerDir }, {
        snapshot: (derive) => {
          tilerDerive = derive;
          applyTiler();
        },
        connection: (connected) => {
          log(connected ? `${manager}: connected (${tilerSource?.where ?? tilerDir})` : `${manager}: not connected; trying again`);
          if (!connected) {
            tilerDerive = undefined;
            store.update({ tiler: undefined, tilerDown: true });
          }
        },
        log: (m) => log(`${manager}: ${m}`),
      });
    } catch (e) {
      onStray(e);
    }
    tilerStarting = false;
  }

  // The config file: watched and polled; every change of text or fault goes through LiveConfig, in order.
  let configQueue = Promise.resolve();
  const configFile = await watchConfigFile(
    configPath,
    (event) => {
      // In order, and a failure of one (a bug) must not stop the queue: later edits still apply.
      configQueue = configQueue
        .then(async () => {
          const next = await live.handle(event);
          if (next) applyConfig(next);
        })
        .catch(onStray);
    },
    { timers, log, ...(live.lastText !== undefined ? { initialText: live.lastText } : {}) },
  );
  const closeZoneWatch = await watchSystemZone(zoneSources, (zone) => store.update({ systemZone: zone }), log);
  await ensureTiler();
  await events.apply(model()).catch(onStray);

  subscribe();
  scheduler.start();
  const origin = { cache: 'config as validated at an earlier start, from the cache', validated: 'config validated', empty: 'no good config yet' }[config.origin];
  const look = store.getSnapshot().look;
  log(`running ${configPath} (${origin}; ${renderer} renderer, ${look.theme.source}, ${depth} colour, ${look.icons} icons: ${icons.why})`);
  if (!controller.signal.aborted) await new Promise((r) => controller.signal.addEventListener('abort', r, { once: true }));

  unsubscribe();
  scheduler.stop();
  store.close();
  offResize();
  offGone?.();
  for (const [s, h] of handlers) process.removeListener(s, h);
  await view.stop();
  await configFile.close();
  await closeZoneWatch();
  await tilerSource?.close();
  events.close();
  if (mouse) terminal.write(DISABLE_MOUSE);
  writer.stop();
  if (!deps.terminal) {
    process.removeListener('uncaughtException', onStray);
    process.removeListener('unhandledRejection', onStray);
  }
  log(`stopped after ${writer.stats.frames} frames, ${writer.stats.bytes} bytes${exitCode === EXIT.ok ? '' : ` (status ${exitCode})`}`);
  return exitCode;
}

function appearance(model: BarModel, opts: RunOptions, icons: IconSet): Appearance {
  return appearanceOf(model, { icons, ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) });
}
