/**
 * `tilebar run`: the live bar in this terminal. Sources are polled by the scheduler, clocks tick on whole
 * seconds, frames are drawn by FrameWriter when something visible changed (at most 10 per second). The config
 * file is watched and polled (config-file.ts): a valid edit applies within a second; an edit with errors, a
 * file that cannot be read, or a config with errors at start keep the bar up (the last good one, or an empty
 * one) and show a one-line error in it, with every located problem in the log file. `q` quits (0), Ctrl-C
 * gives 130 and SIGTERM 143, as a shell expects, always restoring the terminal.
 */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { appearanceOf, layoutFor, type Appearance } from '../bar/appearance.js';
import { clockWidgets, subscribeClockBoundaries } from '../bar/clock-widgets.js';
import { watchConfigFile } from '../bar/config-file.js';
import { LiveConfig, type ConfigState } from '../bar/live-config.js';
import { subscribeSources } from '../bar/live-sources.js';
import { fileLog, type Log } from '../bar/log.js';
import { systemWidgets } from '../bar/system-widgets.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import { configLabel, discoverConfig } from '../config/discover.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import type { BarModel } from '../config/model.js';
import { modelCacheDir } from '../config/model-cache.js';
import type { Variant } from '../config/variant.js';
import { readTextFile } from '../io/read-text-file.js';
import type { CellSize } from '../render/cells.js';
import { frameToAnsi } from '../render/ansi.js';
import type { BarLayout } from '../render/layout.js';
import { BUTTON_TRIGGERS, DISABLE_MOUSE, DOUBLE_CLICK_MS, ENABLE_MOUSE, ScrollAccumulator, bindingBatch, parseMouse, type MouseEvent } from '../bar/mouse.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { sendBatch, subscribe as subscribeTiler, tilerDataDir, type Subscription } from '../tiler/client.js';
import { tilerStateFrom, type TilerState } from '../tiler/state.js';
import { resolveVariables } from '../tiler/variables.js';
import type { ClickAction } from '../../widgets/view.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { FrameWriter } from '../render/terminal.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import type { Readers } from '../system/readings.js';
import type { Statuses } from '../thresholds/report.js';
import { realZoneSources, resolveSystemZone, watchSystemZone } from '../time/system-zone.js';
import { VERSION } from '../version.js';
import { colourDepthFor } from './colour-options.js';
import { EXIT, SIGNAL_EXIT, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';

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
  /** The terminal went away (a closed pane): the bar ends. */
  onGone?(listener: () => void): () => void;
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

const MIN_FRAME_MS = 100;

export function defaultLogPath(env: Readonly<Record<string, string | undefined>>): string {
  return join(env.XDG_STATE_HOME || join(env.HOME ?? homedir(), '.local', 'state'), 'tilebar', 'tilebar.log');
}

export async function runCommand(opts: RunOptions, io: CliIo, deps: RunDeps = {}): Promise<number> {
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), { env: io.env, home: io.env.HOME ?? homedir(), exists: existsSync });
  const configPath = resolve(io.cwd, found.path);
  const label = configLabel(found, opts.config);
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
  let systemZone = (await resolveSystemZone(zoneSources)).zone;

  // The config: a bar comes up whatever the file holds, and shows what is wrong with it.
  const live = new LiveConfig({
    path: configPath,
    label,
    ...(opts.variant ? { variant: opts.variant } : {}),
    platform: io.platform,
    cacheDir: modelCacheDir(io.env, io.platform, io.env.HOME ?? homedir()),
    log,
    logPath,
  });
  let config = await live.start(await readTextFile(configPath, { maxBytes: MAX_CONFIG_BYTES }));
  let model: BarModel = config.model;
  const icons = chooseIconSet(opts.icons, io.env, true);
  let look: Appearance = appearance(model, opts, icons.set);
  let statuses: Statuses = {};
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

  // Drawing: coalesced, and at most one frame per MIN_FRAME_MS. A frame that cannot be drawn keeps the last
  // one on the screen and is logged once per cause; a model from the cache is then validated at once.
  let pending: unknown;
  let lastFrameAt = -Infinity;
  let lastDrawError: string | undefined;
  const draw = () => {
    pending = undefined;
    lastFrameAt = timers.now();
    const { columns, rows } = terminal.size();
    try {
      const state = { statuses, clock: { epochMs: timers.wallNow(), systemZone }, ...(tilerState ? { tiler: tilerState } : {}), tilerOptions: { ...tilerOptions, pickerOpen } };
      const layout = layoutFor(model, look, state, { width: clampSize(columns), height: clampSize(rows) }, VERSION, config.message);
      lastLayout = layout;
      writer.draw(frameToAnsi(layout.rows, depth));
      lastDrawError = undefined;
    } catch (e) {
      const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
      if (why !== lastDrawError) log(`internal: a frame could not be drawn; the last one stays: ${why}`);
      lastDrawError = why;
      if (config.origin === 'cache') void live.ensureValidated().then(applyConfig);
    }
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

  // Keys and signals are taken as soon as the first frame is out: a Ctrl-C during the rest of start-up must
  // end the bar as it does later (130), not reach the shell around it as a raw SIGINT. Until the bar is fully
  // set up, only quitting keys are acted on.
  let exitCode: number = EXIT.ok;
  let onInput: (data: string) => void = () => undefined;
  const stopped = new Promise<void>((resolveStop) => {
    const controller = new AbortController();
    const quit = (code: number) => {
      exitCode = code;
      controller.abort();
    };
    const offKeys = terminal.onKeys((data) => {
      const { events, rest } = parseMouse(data);
      for (const ch of rest) {
        if (ch === 'q' || ch === 'Q') quit(EXIT.ok);
        // Ctrl-C arrives as a key in raw mode: the same status as the signal would give.
        else if (ch === '\u0003') quit(SIGNAL_EXIT.SIGINT);
      }
      if (!controller.signal.aborted && (events.length > 0 || rest !== '')) onInput(data);
    });
    const offResize = terminal.onResize(() => {
      writer.invalidate();
      invalidate();
    });
    const signals = deps.stop ? [] : (Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>);
    const handlers = signals.map((s) => [s, () => quit(SIGNAL_EXIT[s])] as const);
    for (const [s, h] of handlers) process.once(s, h);
    const offGone = terminal.onGone?.(() => quit(SIGNAL_EXIT.SIGHUP));
    deps.stop?.addEventListener('abort', () => quit(EXIT.ok), { once: true });
    controller.signal.addEventListener(
      'abort',
      () => {
        offKeys();
        offResize();
        offGone?.();
        for (const [s, h] of handlers) process.removeListener(s, h);
        resolveStop();
      },
      { once: true },
    );
  });

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

  let scroll = new ScrollAccumulator(model.mouse ?? { verticalScrollThreshold: 30, horizontalScrollThreshold: 30, bindings: {} });
  /** A new state of the config: a new model (resubscribed, readings kept) or only a new message. */
  function applyConfig(next: ConfigState): void {
    const changed = next.model !== model;
    config = next;
    if (changed) {
      model = next.model;
      look = appearance(model, opts, icons.set);
      scroll = new ScrollAccumulator(model.mouse ?? { verticalScrollThreshold: 30, horizontalScrollThreshold: 30, bindings: {} });
      // Sources already read stay: a reload does not blank the CPU or restart rates.
      subscribe();
      scheduler.refreshAll();
      void ensureTiler();
    }
    invalidate();
  }

  // The window manager: subscribed when a Tiler widget or a message binding needs it (also after a reload).
  const needsTiler = () =>
    [...model.left, ...model.center, ...model.right].some((w) => w.kind === 'Tiler') || Object.values(model.mouse?.bindings ?? {}).some((b) => b?.kind === 'message');
  let subscription: Subscription | undefined;
  let subscribing = false;
  async function ensureTiler(): Promise<void> {
    if (subscription || subscribing || !needsTiler()) return;
    subscribing = true;
    subscription = await subscribeTiler(tilerDir, timers, {
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
    });
    subscribing = false;
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
  const closeZoneWatch = await watchSystemZone(
    zoneSources,
    (zone) => {
      systemZone = zone;
      invalidate();
    },
    log,
  );

  await ensureTiler();

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
  /**
   * Act on what the model says only once it is the text's own: a model from the cache is validated first
   * (once). When validation replaced it, what was clicked was drawn from the wrong model: nothing is done.
   */
  const whenTrusted = (act: () => void) => {
    const before = model;
    void live.ensureValidated().then((state) => {
      if (state.model !== before || state.message !== config.message) applyConfig(state);
      if (state.model === before) act();
    });
  };
  const perform = (action: ClickAction) => {
    if (action.kind === 'toggle-layout-picker') {
      pickerOpen = !pickerOpen;
      invalidate();
      return;
    }
    whenTrusted(() => {
      if (action.kind === 'messages') send(action.messages);
      else launch(action.id, action.command);
      if (action.kind === 'messages' && pickerOpen) {
        pickerOpen = false;
        invalidate();
      }
    });
  };
  const runBinding = (trigger: MouseTrigger) => {
    if (!model.mouse?.bindings[trigger]) return;
    whenTrusted(() => {
      const binding = model.mouse?.bindings[trigger];
      if (!binding) return;
      if (binding.kind === 'command') launch(`binding:${trigger}`, binding.command);
      else send(bindingBatch(binding, tilerState?.mouseFollowsFocus));
    });
  };
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

  onInput = (data) => {
    const { events, rest } = parseMouse(data);
    for (const e of events) onMouse(e);
    for (const ch of rest) if (ch >= '1' && ch <= '9') onDigit(Number(ch));
  };

  subscribe();
  scheduler.start();
  const origin = { cache: 'config as validated at an earlier start, from the cache', validated: 'config validated', empty: 'no good config yet' }[config.origin];
  log(`running ${configPath} (${origin}; ${look.theme.source}, ${depth} colour, ${look.icons} icons: ${icons.why})`);
  await stopped;

  unsubscribe();
  scheduler.stop();
  timers.clearTimeout(pending);
  await configFile.close();
  await closeZoneWatch();
  await subscription?.close();
  if (mouse) terminal.write(DISABLE_MOUSE);
  writer.stop();
  if (!deps.terminal) {
    process.removeListener('uncaughtException', onStray);
    process.removeListener('unhandledRejection', onStray);
  }
  log(`stopped after ${writer.stats.frames} frames, ${writer.stats.bytes} bytes${exitCode === EXIT.ok ? '' : ` (status ${exitCode})`}`);
  return exitCode;
}

/** A terminal's size as the bar uses it: a pane of 0 columns is drawn as 1, a size past 1000 as 1000. */
function clampSize(n: number): number {
  return Number.isFinite(n) ? Math.max(1, Math.min(1000, Math.floor(n))) : 1;
}

function appearance(model: BarModel, opts: RunOptions, icons: IconSet): Appearance {
  return appearanceOf(model, { icons, ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) });
}

function processTerminal(): RunTerminal {
  const out = process.stdout;
  return {
    // A write to a terminal that has gone (its pane closed: EIO, EPIPE) is reported by onGone, not thrown.
    write: (text) => void out.write(text, () => undefined),
    onGone: (listener) => {
      const onError = () => listener();
      out.on('error', onError);
      return () => out.off('error', onError);
    },
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
