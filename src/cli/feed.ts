/**
 * `tilebar feed i3bar|swaybar|tmux`: the bar for another bar, from the same live core as `run` — config and reloads,
 * sources, thresholds, window manager, clicks — written in the host's own protocol on stdout, its clicks read on
 * stdin. No Ink or React is loaded. The host closing our stdout (it quit, or restarted us) ends the feed quietly
 * with status 0.
 */
import { existsSync, fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { FrontEndBar } from '../app/store.js';
import { appearanceOf } from '../view/appearance.js';
import type { SourceReaders } from '../app/readings.js';
import { fileLog, type Log } from '../io/log.js';
import type { Variant } from '../config/variant.js';
import { feedView } from '../feeds/blocks.js';
import { TMUX_PLACES, type TmuxPlace } from '../feeds/tmux.js';
import { BUILTIN_HOSTS, hostNamed, type FeedHost } from '../feeds/hosts.js';
import { userHome } from '../io/user-dirs.js';
import { privateRuntimeDir, runtimeDirPlaces, type RuntimeDir } from '../io/runtime-dir.js';
import { catchStrays, runEnd } from '../io/run-end.js';
import { answerHostSignals, answerUserSignals } from './bar-signals.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import { resolveVariables } from '../tiler/variables.js';
import { VERSION } from '../version.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WindowManager } from '../tiler/managers.js';
import type { BarSelect } from '../channel/protocol.js';
import { LOOP_PARTS, type LoopPart } from '../feeds/loop-part.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { UsageError, type CliIo } from './io.js';
import { frontEndBar, selectOf, wantsStandalone } from './front-end-bar.js';
import { chooseMonitorConfig } from './monitor-config.js';
import { liveBarPlaces } from './run-options.js';

export interface FeedOptions {
  config?: string;
  variant?: Variant;
  icons?: IconSet;
  updateUrl?: string;
  log?: string;
  tiler?: string;
  tilerSocketDir?: string;
  /** tmux: a status line of its own (`line`) or `status-right` / `status-left`. */
  place?: string;
  /** Print the host's config lines for this bar and exit (Waybar's modules, tmux's lines). */
  printConfig?: boolean;
  /** `--standalone`: the bar in this process, not attached to the user's core. */
  standalone?: boolean;
  /** `--monitor N`: the bar of monitor N (monitor-config.ts). */
  monitor?: number;
  /** `--pipe`: a thin feed (thin-feed.ts): the core's pipe for this host, its path printed. */
  pipe?: boolean;
  /** `--part first|next`: which part of its `--print-config` loop's stream this feed is (feeds/loop-part.ts). */
  part?: string;
}

export interface FeedDeps {
  out?: Writable;
  in?: Readable;
  timers?: Timers;
  readers?: SourceReaders;
  widgets?: WidgetRegistry;
  /** The window managers `--tiler` and detection choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
  /** The bars that can be fed: the bar's own list unless another is given. */
  hosts?: readonly FeedHost[];
  /** Ends the feed (tests); SIGINT/SIGTERM and the host closing stdout do otherwise. */
  stop?: AbortSignal;
  log?: Log;
}

export async function feedCommand(hostName: string | undefined, given: FeedOptions, io: CliIo, deps: FeedDeps = {}): Promise<number> {
  const names = (deps.hosts ?? BUILTIN_HOSTS).map((h) => h.name).join(', ');
  if (hostName === undefined) throw new UsageError(`feed: which bar? name one of ${names} (for example \`tilebar feed tmux --print-config\`)`);
  const entry = hostNamed(hostName, deps.hosts);
  if (!entry) throw new UsageError(`feed: unknown host "${hostName}"; expected one of ${names}`);
  const host = entry.name;
  const tmuxPlace = placeOf(given.place);
  const part = partOf(given.part);
  const out = deps.out ?? process.stdout;
  const input = deps.in ?? process.stdin;
  // `--monitor N`: the bar komorebi.json's bar_configurations lists for monitor N, shown for that monitor.
  const chosen = await chooseMonitorConfig(given, io);
  const opts = { ...given, ...(chosen.config !== undefined ? { config: chosen.config } : {}) };
  const places = liveBarPlaces({ ...opts, ...(chosen.listed ? { listedMonitor: chosen.monitor } : {}) }, io);
  const { configPath, logPath } = places;
  const log = deps.log ?? fileLog(logPath, { named: opts.log !== undefined });
  // Where the hosts' click commands write: the same directory for --print-config and for the feed it prints.
  // i3bar and swaybar send their clicks on our stdin: nothing of theirs is made there.
  const runtime: RuntimeDir = entry.clicksOnStdin ? { ok: false, why: `${host} sends clicks on standard input` } : privateRuntimeDir(runtimeDirPlaces(io.env, io.platform, userHome(io.env, io.platform)));
  if (runtime.ok && runtime.refused) log(`feed: ${runtime.refused}`);
  const onStray = (e: unknown) => log(`internal error (the feed goes on): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const stopCatching = deps.out ? () => undefined : catchStrays(onStray);
  const timers = deps.timers ?? realTimers;
  // A host bar draws text in its own font: Nerd Font glyphs only when asked for or detected.
  const icons = chooseIconSet(opts.icons, io.env, false);
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  if (opts.pipe) {
    const status = await thinFront(entry, opts, { io, timers, log, icons: icons.set, place: tmuxPlace, ...(part ? { part } : {}), select: selectOf({ ...opts, ...chosen }, io.cwd, logPath), logPath });
    stopCatching();
    return status;
  }
  // The host's view of the bar: the model's monitor, in the host's icons; nothing is fitted (the host lays out
  // its own line). `--print-config` prints from the in-process bar: it reads the config once and ends.
  const bar = await frontEndBar({
    standalone: wantsStandalone(opts.standalone, io.env) || opts.printConfig === true || deps.out !== undefined || deps.readers !== undefined,
    inProcess: {
      settings: { ...places, widgets, ...(deps.managers ? { managers: deps.managers } : {}) },
      deps: { env: io.env, platform: io.platform, cwd: io.cwd, timers, readers: deps.readers, log, onStray },
      updateUrl: opts.updateUrl,
    },
    view: { appearance: (model) => appearanceOf(model, { widgets, icons: icons.set }), size: { width: 1000, height: 1 }, ...(chosen.monitor !== undefined ? { monitor: chosen.monitor } : {}) },
    attach: { io, timers, log, role: { kind: 'feed', host }, select: selectOf({ ...opts, ...chosen }, io.cwd, logPath), logPath },
  });
  const view = bar.view;
  if (opts.printConfig) {
    const s = view.getSnapshot();
    io.out(await entry.printConfig({ configArgument: configArgument(given, configPath), place: tmuxPlace, widgets: feedView(s, VERSION, tilerOptionsOf(io)).widgets, model: s.model, runtime }));
    await bar.close();
    stopCatching();
    return 0;
  }
  const end = runEnd({ signals: !deps.stop, stop: deps.stop });
  // The host closed our stdout (EPIPE): it quit or restarted us; nothing to say, and status 0.
  const onOutError = () => end.quit(0);
  out.on('error', onOutError);
  const tilerOptions = tilerOptionsOf(io);
  // i3bar and swaybar keep our stdin open while they live (they send clicks on it): its end means the bar went,
  // and a quiet bar, which may not write for hours, learns it there rather than living on as an orphan. tmux
  // shuts its end of a job's stdin at once (its jobs read nothing), so for tmux and Polybar it is read and
  // dropped, and a heartbeat (line-feed.ts) and the parent's going (below) tell instead.
  // A stdin that is no pipe (`< /dev/null`, a terminal while trying the command out) says nothing of the host.
  const stdinTellsHost = entry.clicksOnStdin;
  const onInEnd = () => end.quit(0);
  if (deps.in || stdinIsAPipe()) {
    if (stdinTellsHost) input.on('end', onInEnd);
    else input.resume();
  }
  const offParentWatch = deps.out ? undefined : watchParent(bar, () => end.quit(0));
  // A quiet feed writes again at a heartbeat with nothing written since the one before (newest-line-writer.ts says
  // why), so a host that closed our stdout ends the feed within a second or two, however quiet the bar; a bar
  // showing seconds, which writes every second, never needs it. A quieter one gives its host a line it already has
  // (tmux and Polybar compare it and draw nothing; i3bar and swaybar get a blank line, Waybar its module's line).
  const feed = await entry.start({ view, out, in: input, env: io.env, runtime, version: VERSION, tilerOptions, log, tmuxPlace, ticks: bar.onTick, ...(part ? { part } : {}) });
  await bar.start();
  // Signals that came while starting were kept (io/run-end.ts) and are answered now, in order.
  const offUserSignals = stdinTellsHost ? answerHostSignals(bar, host, log) : answerUserSignals(bar, log);
  // Not V8's --optimize-for-size, which `run` sets once its first frame is out (run.ts says why): in a feed it made
  // every full collection a compacting one with the smallest heap growth, and had V8's memory reducer collect
  // twice at 30 s (Node 26; at ~8 s on Node 20) and again after each full collection — 3–4 full collections in a
  // feed's first 150 s instead of one, ~15 % of its CPU over that time (bench/README.md, "The feed").
  log(`feeding ${host} from ${configPath} (${bar.origin}; ${icons.set} icons: ${icons.why})`);
  const status = await end.ended;
  bar.stopUpdates();
  feed.stop();
  offParentWatch?.();
  offUserSignals();
  end.dispose();
  out.off('error', onOutError);
  input.off('end', onInEnd);
  await bar.close();
  // The host's end of stdin may stay open: stop reading it, or it would keep the process alive.
  if (!deps.in) process.stdin.destroy();
  // Lines queued for a host that stopped reading would keep the process alive until it reads: nobody waits for them.
  if (!deps.out && process.stdout.writableLength > 0) process.stdout.destroy();
  stopCatching();
  log(`feed to ${host} stopped${status === 0 ? '' : ` (status ${status})`}`);
  return status;
}

/** `--pipe`: a thin feed's front end (thin-feed.ts), for a host that reads the core's pipe itself. */
async function thinFront(entry: FeedHost, opts: FeedOptions, a: { io: CliIo; timers: Timers; log: Log; icons: IconSet; place: TmuxPlace; part?: LoopPart; select: BarSelect; logPath: string }): Promise<number> {
  const host = entry.name;
  if (!entry.thin) throw new UsageError(`feed: --pipe: ${host} reads no pipe of its own; its config runs \`tilebar feed ${host}\` (see --print-config)`);
  if (opts.printConfig) throw new UsageError('feed: --pipe and --print-config: choose one (the lines --print-config prints run --pipe)');
  if (wantsStandalone(opts.standalone, a.io.env)) {
    a.log(`feed ${host} --pipe: no pipe: asked for a bar in its own process; the host's loop runs a feed of its own`);
    a.io.err(`tilebar feed ${host} --pipe: no pipe: --standalone (or TILEBAR_STANDALONE=1) asks for a bar in its own process\n`);
    return 1;
  }
  const { thinFeed } = await import('./thin-feed.js');
  const { tmuxServerPid } = await import('../feeds/host-feeds.js');
  const tmuxPid = tmuxServerPid(a.io.env);
  const pipe = { icons: a.icons, place: a.place, ...(a.part ? { part: a.part } : {}), ...(tmuxPid !== undefined ? { tmuxPid } : {}), reader: process.ppid };
  return thinFeed({ io: a.io, timers: a.timers, log: a.log, host, pipe, select: a.select, logPath: a.logPath });
}

const tilerOptionsOf = (io: CliIo) => ({ exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) });

/**
 * ` --config PATH` for the host's config when the user named the config (tilebar on the PATH), and ` --monitor N`
 * when a monitor was named (the bar komorebi.json lists for it is found again at each start); else nothing.
 */
function configArgument(opts: FeedOptions, configPath: string): string {
  const word = (s: string) => (/^[\w./:=+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);
  return `${opts.config ? ` --config ${word(configPath)}` : ''}${opts.monitor !== undefined ? ` --monitor ${opts.monitor}` : ''}`;
}

function partOf(part: string | undefined): LoopPart | undefined {
  if (part === undefined || (LOOP_PARTS as readonly string[]).includes(part)) return part as LoopPart | undefined;
  throw new UsageError(`feed: --part "${part}" is not a part of a loop's stream; expected one of ${LOOP_PARTS.join(', ')}`);
}

function placeOf(place: string | undefined): TmuxPlace {
  if (place === undefined) return 'line';
  if ((TMUX_PLACES as readonly string[]).includes(place)) return place as TmuxPlace;
  throw new UsageError(`feed: --place "${place}" is not a place in tmux's status; expected one of ${TMUX_PLACES.join(', ')}`);
}

/**
 * Calls `gone` once the process that started us has gone (we were handed to another parent): looked at on each of
 * the bar's heartbeats, which wake the process anyway. Returns how to stop looking.
 */
function watchParent(bar: FrontEndBar, gone: () => void): () => void {
  const parent = process.ppid;
  return bar.onTick(() => {
    if (process.ppid !== parent) gone();
  });
}

/** Whether our stdin is a pipe or a socket: what a host bar gives its status command. */
function stdinIsAPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
