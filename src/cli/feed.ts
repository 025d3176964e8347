/**
 * `tilebar feed i3bar|swaybar|tmux`: the bar for another bar, from the same live core as `run` — config and reloads,
 * sources, thresholds, window manager, clicks — written in the host's own protocol on stdout, its clicks read on
 * stdin. No Ink or React is loaded. The host closing our stdout (it quit, or restarted us) ends the feed quietly
 * with status 0.
 */
import { existsSync, fstatSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { Readable, Writable } from 'node:stream';
import { LiveBar } from '../app/live-bar.js';
import { appearanceOf } from '../bar/appearance.js';
import type { SourceReaders } from '../bar/live-sources.js';
import { fileLog, type Log } from '../bar/log.js';
import type { Variant } from '../config/variant.js';
import { startI3barFeed, startLineFeed } from '../feeds/i3bar-feed.js';
import { tmuxStatus } from '../feeds/tmux.js';
import { catchStrays, runEnd } from '../io/run-end.js';
import { columnsOf } from '../render/cells.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import { resolveVariables } from '../tiler/variables.js';
import { VERSION } from '../version.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { UsageError, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';
import { liveBarPlaces } from './run-options.js';

export const FEED_HOSTS = ['i3bar', 'swaybar', 'tmux'] as const;
export type FeedHost = (typeof FEED_HOSTS)[number];

export interface FeedOptions {
  config?: string;
  variant?: Variant;
  icons?: IconSet;
  updateUrl?: string;
  log?: string;
  tiler?: string;
  tilerSocketDir?: string;
}

export interface FeedDeps {
  out?: Writable;
  in?: Readable;
  timers?: Timers;
  readers?: SourceReaders;
  widgets?: WidgetRegistry;
  /** Ends the feed (tests); SIGINT/SIGTERM and the host closing stdout do otherwise. */
  stop?: AbortSignal;
  log?: Log;
}

export async function feedCommand(host: string, opts: FeedOptions, io: CliIo, deps: FeedDeps = {}): Promise<number> {
  if (!(FEED_HOSTS as readonly string[]).includes(host)) throw new UsageError(`feed: unknown host "${host}"; expected one of ${FEED_HOSTS.join(', ')}`);
  const out = deps.out ?? process.stdout;
  const input = deps.in ?? process.stdin;
  const places = liveBarPlaces(opts, io);
  const { configPath, logPath } = places;
  const log = deps.log ?? fileLog(logPath);
  const onStray = (e: unknown) => log(`internal error (the feed goes on): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const stopCatching = deps.out ? () => undefined : catchStrays(onStray);
  const timers = deps.timers ?? realTimers;
  // A host bar draws text in its own font: Nerd Font glyphs only when asked for or detected.
  const icons = chooseIconSet(opts.icons, io.env, false);
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  const bar = await LiveBar.load(
    {
      ...places,
      widgets,
      appearance: (model) => appearanceOf(model, { widgets, icons: icons.set }),
      // Nothing is fitted: the host lays out its own line.
      size: { width: 1000, height: 1 },
    },
    { env: io.env, platform: io.platform, cwd: io.cwd, timers, readers: deps.readers ?? liveReaders(io, timers, widgets, opts.updateUrl), log, onStray },
  );
  const end = runEnd({ signals: !deps.stop, stop: deps.stop });
  // The host closed our stdout (EPIPE): it quit or restarted us; nothing to say, and status 0.
  const onOutError = () => end.quit(0);
  out.on('error', onOutError);
  const tilerOptions = { exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) };
  // Every host keeps our stdin open while it lives (i3bar sends clicks on it; tmux gives its job one socket for
  // both ends): its closing means the host went, and a quiet bar, which may not write for hours, learns it here
  // rather than living on as an orphan. tmux sends nothing on it: read and dropped.
  // A stdin that is no pipe (`< /dev/null`, a terminal while trying the command out) says nothing of the host.
  const clicks = host !== 'tmux';
  const onInEnd = () => end.quit(0);
  if (deps.in || stdinIsAPipe()) {
    input.on('end', onInEnd);
    if (!clicks) input.resume();
  }
  const feed = clicks
    ? startI3barFeed({ store: bar.store, out, in: input, version: VERSION, tilerOptions, act: (action) => bar.act(action), bind: (trigger, mouseFollowsFocus) => bar.bind(trigger, mouseFollowsFocus), log })
    : startLineFeed({ store: bar.store, out, version: VERSION, tilerOptions, format: (blocks, s) => tmuxStatus(blocks, columnsOf(s.model.widgetSpacing, s.look.metrics.cell)) });
  await bar.start();
  // As for `run` (run.ts says why): a process that runs all day, set after its first line.
  if (!deps.out) setFlagsFromString('--optimize-for-size');
  log(`feeding ${host} from ${configPath} (${bar.origin}; ${icons.set} icons: ${icons.why})`);
  const status = await end.ended;
  bar.stopUpdates();
  feed.stop();
  end.dispose();
  out.off('error', onOutError);
  input.off('end', onInEnd);
  await bar.close();
  // The host's end of stdin may stay open: stop reading it, or it would keep the process alive.
  if (!deps.in) process.stdin.destroy();
  stopCatching();
  log(`feed to ${host} stopped${status === 0 ? '' : ` (status ${status})`}`);
  return status;
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
