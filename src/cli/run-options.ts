/** What `tilebar run` is given: its options from the command line, and what tests replace. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Log } from '../bar/log.js';
import type { SourceReaders } from '../bar/live-sources.js';
import type { ColourChoice } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import type { Variant } from '../config/variant.js';
import type { RunTerminal } from '../io/terminal.js';
import type { Renderer } from '../render/bar-view.js';
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
