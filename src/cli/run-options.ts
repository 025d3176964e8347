/** What `tilebar run` is given: its options from the command line, and what tests replace. */
import { resolve } from 'node:path';
import type { LiveBarSettings } from '../app/live-bar.js';
import { configCandidates, configLabel, discoverConfig, discoveryEnv, LISTED_REASON } from '../config/discover.js';
import { modelCacheDir } from '../config/model-cache.js';
import { tilerDataDir } from '../tiler/client.js';
import type { WindowManager } from '../tiler/managers.js';
import { tilebarLogPath, userHome } from '../io/user-dirs.js';
import type { CliIo } from './io.js';
import type { Log } from '../io/log.js';
import type { SourceReaders } from '../app/readings.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import type { Variant } from '../config/variant.js';
import type { RunTerminal } from '../io/terminal.js';
import type { Renderer } from '../pane/bar-view.js';
import type { CellSize } from '../render/cells.js';
import type { IconSet } from '../render/icons.js';
import type { Timers } from '../scheduler/timers.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

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
  /** `--standalone`: the bar in this process, not attached to the user's core. */
  standalone?: boolean;
  /** `--monitor N`: the bar of monitor N (monitor-config.ts). */
  monitor?: number;
}

export interface RunDeps {
  terminal?: RunTerminal;
  timers?: Timers;
  readers?: SourceReaders;
  /** The widget kinds the bar knows: its own unless others are given. */
  widgets?: WidgetRegistry;
  /** The window managers `--tiler` and detection choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
  /** Ends the run (tests); SIGINT/SIGTERM and `q` do otherwise. */
  stop?: AbortSignal;
  /** Where log lines go (tests); default: the log file. */
  log?: Log;
}

/**
 * The options every live bar takes (`run` and `feed`), of the config, the log and the window manager; and
 * `listedMonitor` when the config is the one komorebi.json lists for that monitor (cli/monitor-config.ts).
 */
export type LiveBarOptions = Pick<RunOptions, 'config' | 'variant' | 'log' | 'tiler' | 'tilerSocketDir'> & { listedMonitor?: number | undefined };

/** Where a live bar's config, cache and log are and which window manager it asks: the settings `run` and `feed` share. */
export function liveBarPlaces(opts: LiveBarOptions, io: CliIo): Omit<LiveBarSettings, 'widgets'> {
  const home = userHome(io.env, io.platform);
  const named = discoverConfig(opts.config && resolve(io.cwd, opts.config), discoveryEnv(io.env, io.platform));
  // A listed config is read as discovery's are (under the trust rule), and never left for a discovered one.
  const found = opts.listedMonitor !== undefined && opts.config ? { ...named, reason: LISTED_REASON } : named;
  // Absolute, so that discovery while the bar runs compares and watches the same paths.
  const candidates = configCandidates(io.env, home, io.platform).map((c) => ({ ...c, path: resolve(io.cwd, c.path) }));
  return {
    configPath: resolve(io.cwd, found.path),
    label: configLabel(found, opts.config),
    discovery: { found: { ...found, path: resolve(io.cwd, found.path) }, candidates },
    ...(opts.variant ? { variant: opts.variant } : {}),
    cacheDir: modelCacheDir(io.env, io.platform, home),
    logPath: opts.log ? resolve(io.cwd, opts.log) : tilebarLogPath(io.env, io.platform, home),
    ...(opts.tiler !== undefined ? { tiler: opts.tiler } : {}),
    komorebiDir: tilerDataDir(io.env, io.platform, opts.tilerSocketDir && resolve(io.cwd, opts.tilerSocketDir)),
    komorebiDirGiven: opts.tilerSocketDir !== undefined,
    ...(opts.listedMonitor !== undefined && opts.config ? { listedMonitor: opts.listedMonitor } : {}),
  };
}
