/**
 * `tilebar run`: the live bar in this terminal. Sources are polled by the scheduler, clocks tick on whole
 * seconds, frames are drawn by FrameWriter when something visible changed (at most 10 per second). The config
 * file's directory is watched (editors that save atomically replace the file): a valid edit applies within a
 * second, an invalid one keeps the last good bar and shows a one-line error in it, with the full located
 * problems in the log file. `q` or Ctrl-C quits and restores the terminal.
 */
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { appearanceOf, layoutFor, type Appearance } from '../bar/appearance.js';
import { clockWidgets, subscribeClockBoundaries } from '../bar/clock-widgets.js';
import { subscribeSources } from '../bar/live-sources.js';
import { systemWidgets } from '../bar/system-widgets.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import type { BarModel } from '../config/model.js';
import { modelCacheDir, modelCacheKey, writeCachedModel } from '../config/model-cache.js';
import { formatProblem } from '../config/problem.js';
import { withoutBom } from '../config/source.js';
import type { Variant } from '../config/variant.js';
import type { CellSize } from '../render/cells.js';
import { frameToAnsi } from '../render/ansi.js';
import type { BarLayout } from '../render/layout.js';
import { BUTTON_TRIGGERS, DISABLE_MOUSE, DOUBLE_CLICK_MS, ENABLE_MOUSE, ScrollAccumulator, bindingBatch, parseMouse, type MouseEvent } from '../bar/mouse.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { sendBatch, subscribe as subscribeTiler, tilerDataDir } from '../tiler/client.js';
import { tilerStateFrom, type TilerState } from '../tiler/state.js';
import { resolveVariables } from '../tiler/variables.js';
import type { ClickAction } from '../../widgets/view.js';
import type { IconSet } from '../render/icons.js';
import { FrameWriter } from '../render/terminal.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import type { Readers } from '../system/readings.js';
import type { Statuses } from '../thresholds/report.js';
import { realZoneSources, resolveSystemZone, watchSystemZone } from '../time/system-zone.js';
import { VERSION } from '../version.js';
import { colourDepthFor } from './colour-options.js';
import { EXIT, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';
import { loadBar } from './load-bar.js';

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
  /** `--no-mouse`: leave the mouse to the terminal (text selection) instead of the bar. */
  mouse?: boolean;
}

/** The terminal the bar draws in. */
export interface RunTerminal {
  write(text: string): void;
  size(): { columns: number; rows: number };
  onResize(listener: () => void): () => void;
  /** Raw key presses; returns the stop function. */
  onKeys(listener: (data: string) => void): () => void;
}

export interface RunDeps {
  terminal?: RunTerminal;
  timers?: Timers;
  readers?: Readers;
  /** Ends the run (tests); SIGINT/SIGTERM and `q` do otherwise. */
  stop?: AbortSignal;
}

const MIN_FRAME_MS = 100;

export function defaultLogPath(env: Readonly<Record<string, string | undefined>>): string {
  return join(env.XDG_STATE_HOME || join(env.HOME ?? homedir(), '.local', 'state'), 'tilebar', 'tilebar.log');
}

export async function runCommand(opts: RunOptions, io: CliIo, deps: RunDeps = {}): Promise<number> {
  const modelCache = modelCacheDir(io.env, io.platform, io.env.HOME ?? homedir());
  const loaded = await loadBar({ ...opts, modelCache }, io);
  if (!loaded) return EXIT.configError;
  const configPath = resolve(io.cwd, loaded.path);
  const logPath = opts.log ? resolve(io.cwd, opts.log) : defaultLogPath(io.env);
  const log = (text: string) => {
    try {
      mkdirSync(dirname(logPath), { recursive: true });
      appendFileSync(logPath, `${new Date().toISOString()} ${text}\n`);
    } catch {
      // A log that cannot be written must not stop the bar.
    }
  };
  const terminal = deps.terminal ?? processTerminal();
  const timers = deps.timers ?? realTimers;
  const depth = colourDepthFor(opts, { ...io, isTTY: true });
  const readers = deps.readers ?? liveReaders(io, timers, opts.updateUrl);
  const scheduler = new Scheduler(timers, { onListenerError: (e) => log(`internal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`) });
  const writer = new FrameWriter(terminal);
  const zoneSources = { ...realZoneSources(), env: io.env };
  let systemZone = (await resolveSystemZone(zoneSources)).zone;

  let model: BarModel = loaded.model;
  let look: Appearance = appearance(model, opts);
  let statuses: Statuses = {};
  let message: string | undefined;
  let unsubscribe: () => void = () => undefined;
  let tilerState: TilerState | undefined;
  let tilerProblem: string | undefined;
  let pickerOpen = false;
  let lastLayout: BarLayout | undefined;
  const tilerDir = tilerDataDir(io.env, io.platform, opts.tilerSocketDir && resolve(io.cwd, opts.tilerSocketDir));
  const tilerOptions = {
    exists: (path: string) => existsSync(path),
    resolvePath: (path: string) => resolveVariables(path, io.env, io.platform),
  };

  // Drawing: coalesced, and at most one frame per MIN_FRAME_MS.
  let pending: unknown;
  let lastFrameAt = -Infinity;
  const draw = () => {
    pending = undefined;
    lastFrameAt = timers.now();
    const { columns, rows } = terminal.size();
    const state = { statuses, clock: { epochMs: timers.wallNow(), systemZone }, ...(tilerState ? { tiler: tilerState } : {}), tilerOptions: { ...tilerOptions, pickerOpen } };
    const layout = layoutFor(model, look, state, { width: Math.max(1, columns), height: Math.max(1, rows) }, VERSION, message);
    lastLayout = layout;
    writer.draw(frameToAnsi(layout.rows, depth));
  };
  const invalidate = () => {
    if (pending !== undefined) return;
    pending = timers.setTimeout(draw, Math.max(0, lastFrameAt + MIN_FRAME_MS - timers.now()));
  };

  // The first frame goes out before the watchers, the manager subscription and chokidar are even loaded:
  // time to first frame is start-up plus one layout (clocks and the launcher show at once; sources follow).
  writer.start();
  const mouse = opts.mouse !== false;
  if (mouse) terminal.write(ENABLE_MOUSE);
  draw();
  // From here on this process is a bar that runs all day: V8 grows the old generation less between full
  // collections (a 5-minute run of the busy config peaks at ~72 MB instead of ~78 MB; the live heap is ~11 MB
  // either way). Set after the first frame, not on the command line: optimising for size also slows V8's
  // compilers, which cost ~40 ms of start-up (bench/). Only for the real terminal: tests run bars in-process.
  if (!deps.terminal) setFlagsFromString('--optimize-for-size');

  const subscribe = () => {
    unsubscribe();
    const offSources = subscribeSources(
      scheduler,
      systemWidgets(model, VERSION),
      readers,
      (s) => {
        statuses = s;
        invalidate();
      },
      statuses,
    );
    const offClocks = subscribeClockBoundaries(scheduler, clockWidgets(model, model.variant), () => invalidate());
    unsubscribe = () => {
      offSources();
      offClocks();
    };
  };

  const reload = async () => {
    let text: string;
    try {
      text = await readFile(configPath, 'utf8');
    } catch (e) {
      // Mid-save (the old file removed, the new not yet renamed in): the next event brings it.
      log(`config ${configPath} unreadable: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      return;
    }
    let validator: typeof import('../config/load.js');
    try {
      validator = await import('../config/load.js');
    } catch (e) {
      // Loaded on the first reload after a start from the cache; a tilebar upgraded while the bar runs has
      // replaced its chunks. The bar keeps running and says so.
      log(`config ${configPath} not reloaded: the validator could not be loaded (${e instanceof Error ? e.message : String(e)}); was tilebar upgraded while running? Restart the bar.`);
      message = 'config not reloaded: tilebar changed on disk while running; restart the bar';
      invalidate();
      return;
    }
    const result = validator.loadConfigText(text, loaded.label, opts.variant ? { variant: opts.variant } : {});
    if (!result.model) {
      const errors = result.problems.filter((p) => p.severity === 'error');
      log(`config ${configPath} rejected; the last good config stays:\n${errors.map((p) => `  ${formatProblem(loaded.label, p)}`).join('\n')}`);
      const first = errors[0];
      message = `config error: ${first ? formatProblem(basename(configPath), first).split('\n')[0] : 'unreadable'} (see ${logPath})`;
      invalidate();
      return;
    }
    log(`config ${configPath} reloaded`);
    model = result.model;
    // The next start with this file needs no validation either.
    const key = modelCacheKey(result.source.text, opts.variant, io.platform);
    if (key) writeCachedModel(modelCache, key, model);
    look = appearance(model, opts);
    scroll = new ScrollAccumulator(model.mouse ?? { verticalScrollThreshold: 30, horizontalScrollThreshold: 30, bindings: {} });
    message = undefined;
    // Sources already read stay: a reload does not blank the CPU or restart rates.
    subscribe();
    scheduler.refreshAll();
    invalidate();
  };

  // Watch the directory: atomic saves replace the file, which a watch on the file itself would lose.
  const { watch } = await import('chokidar');
  const watcher = watch(dirname(configPath), { depth: 0, ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 } });
  let reloadTimer: unknown;
  const scheduleReload = () => {
    timers.clearTimeout(reloadTimer);
    reloadTimer = timers.setTimeout(() => void reload(), 50);
  };
  watcher.on('all', (_event, path) => {
    if (resolve(path) === configPath) scheduleReload();
  });
  // An edit saved while the watcher was still starting would be missed: compare once it is ready.
  watcher.once('ready', () => {
    readFile(configPath, 'utf8').then(
      (text) => {
        if (withoutBom(text) !== loaded.text) scheduleReload();
      },
      () => undefined,
    );
  });
  const closeZoneWatch = await watchSystemZone(zoneSources, (zone) => {
    systemZone = zone;
    invalidate();
  });

  // The window manager: subscribed when a Tiler widget or a message binding needs it.
  const needsTiler = () =>
    [...model.left, ...model.center, ...model.right].some((w) => w.kind === 'Tiler') || Object.values(model.mouse?.bindings ?? {}).some((b) => b?.kind === 'message');
  const subscription = needsTiler()
    ? await subscribeTiler(tilerDir, timers, {
        notification: (doc) => {
          const r = tilerStateFrom(doc, model.monitor.index);
          if (r.ok) {
            tilerState = r.state;
            tilerProblem = undefined;
          } else if (r.problem !== tilerProblem) {
            tilerProblem = r.problem;
            log(`window manager: ${r.problem}`);
          }
          invalidate();
        },
        connection: (connected) => {
          log(connected ? `window manager: subscribed in ${tilerDir}` : 'window manager: not connected; retrying every second');
          if (!connected) tilerState = undefined;
          invalidate();
        },
        log: (m) => log(`window manager: ${m}`),
      }).catch((e: unknown) => {
        log(`window manager: cannot listen in ${tilerDir}: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      })
    : undefined;

  const send = (messages: SocketMessage[]) => {
    sendBatch(tilerDir, messages).catch((e: unknown) => log(`window manager: could not send ${messages.map((m) => m.type).join(', ')}: ${e instanceof Error ? e.message : String(e)}`));
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
  const perform = (action: ClickAction) => {
    if (action.kind === 'messages') send(action.messages);
    else if (action.kind === 'toggle-layout-picker') {
      pickerOpen = !pickerOpen;
      invalidate();
    } else launch(action.id, action.command);
    if (action.kind === 'messages' && pickerOpen) {
      pickerOpen = false;
      invalidate();
    }
  };
  const runBinding = (trigger: MouseTrigger) => {
    const binding = model.mouse?.bindings[trigger];
    if (!binding) return;
    if (binding.kind === 'command') launch(`binding:${trigger}`, binding.command);
    else send(bindingBatch(binding, tilerState?.mouseFollowsFocus));
  };
  let scroll = new ScrollAccumulator(model.mouse ?? { verticalScrollThreshold: 30, horizontalScrollThreshold: 30, bindings: {} });
  let lastLeftPress = -Infinity;
  const onMouse = (e: MouseEvent) => {
    if (e.kind === 'wheel') {
      for (const t of scroll.notch(e.direction)) runBinding(t);
      return;
    }
    if (e.button === 'left') {
      const target = lastLayout?.targets.find((t) => e.x >= t.x && e.x < t.x + t.width);
      if (target) perform(target.action);
      const now = timers.now();
      if (now - lastLeftPress <= DOUBLE_CLICK_MS) {
        runBinding('on_primary_double_click');
        lastLeftPress = -Infinity;
      } else lastLeftPress = now;
      return;
    }
    runBinding(BUTTON_TRIGGERS[e.button]);
  };
  const onDigit = (digit: number) => {
    const targets = (lastLayout?.targets ?? []).filter((t) => t.action.kind === 'launch');
    const unique = [...new Map(targets.map((t) => [t.action.kind === 'launch' ? t.action.id : '', t.action])).values()];
    const action = unique[digit - 1];
    if (action) perform(action);
  };

  const stopped = new Promise<void>((resolveStop) => {
    const controller = new AbortController();
    const quit = () => controller.abort();
    const offKeys = terminal.onKeys((data) => {
      const { events, rest } = parseMouse(data);
      for (const e of events) onMouse(e);
      for (const ch of rest) {
        if (ch === 'q' || ch === 'Q' || ch === '\u0003') quit();
        else if (ch >= '1' && ch <= '9') onDigit(Number(ch));
      }
    });
    const offResize = terminal.onResize(() => {
      writer.invalidate();
      invalidate();
    });
    const signals = deps.stop ? [] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.once(s, quit);
    deps.stop?.addEventListener('abort', quit, { once: true });
    controller.signal.addEventListener(
      'abort',
      () => {
        offKeys();
        offResize();
        for (const s of signals) process.removeListener(s, quit);
        resolveStop();
      },
      { once: true },
    );
  });

  subscribe();
  scheduler.start();
  log(`running ${configPath} (${loaded.cached ? 'config as validated at an earlier start, from the cache' : 'config validated'}; ${look.theme.source}, ${depth} colour, ${look.icons} icons)`);
  await stopped;

  unsubscribe();
  scheduler.stop();
  timers.clearTimeout(pending);
  timers.clearTimeout(reloadTimer);
  await watcher.close();
  await closeZoneWatch();
  await subscription?.close();
  if (mouse) terminal.write(DISABLE_MOUSE);
  writer.stop();
  log(`stopped after ${writer.stats.frames} frames, ${writer.stats.bytes} bytes`);
  return EXIT.ok;
}

function appearance(model: BarModel, opts: RunOptions): Appearance {
  return appearanceOf(model, { ...(opts.icons ? { icons: opts.icons } : {}), ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) });
}

function processTerminal(): RunTerminal {
  const out = process.stdout;
  return {
    write: (text) => void out.write(text),
    size: () => ({ columns: out.columns ?? 80, rows: out.rows ?? 1 }),
    onResize: (listener) => {
      out.on('resize', listener);
      return () => out.off('resize', listener);
    },
    onKeys: (listener) => {
      const stdin = process.stdin;
      if (!stdin.isTTY) return () => undefined;
      stdin.setRawMode(true);
      stdin.setEncoding('utf8');
      stdin.on('data', listener);
      stdin.resume();
      return () => {
        stdin.off('data', listener);
        stdin.setRawMode(false);
        stdin.pause();
      };
    },
  };
}
