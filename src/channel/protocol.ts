/**
 * The messages between the user's core (src/serve) and the front ends attached to it (src/attach): one list of
 * types both sides import, and the numbers that bound them. The core sends state, not rows: each front end draws
 * its own frames from the core's snapshot parts (the window manager's state already taken for its monitor), and
 * keeps its look, size, hover and picker to itself; what it sends back is only what a click or binding asks for,
 * named so the core can check it against the config (a front end cannot make the core launch anything its config
 * does not name).
 *
 * Every frame is a 4-byte big-endian length and that many bytes of UTF-8 JSON (framing.ts). Any change to these
 * messages or to the framing bumps `PROTOCOL`: a front end and a core of two protocols never talk beyond the hello.
 */
import type { BarModel } from '../config/model.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Variant } from '../config/variant.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaCommand, MediaStatus } from '../media/player.js';
import type { TilerState } from '../tiler/state.js';
import type { SourceStatus } from '../../widgets/view.js';
import type { IconSet } from '../../widgets/icons.js';
import type { LoopPart } from '../feeds/loop-part.js';

/**
 * 2: thin feeds (a feed's `pipe`, the attached's `pipe`); `serve --stop` (the role `stop`). 3: BarSelect's
 * `listed` (the bar follows komorebi.json).
 */
export const PROTOCOL = 3;

/** Largest frame a front end may send: an attach with a long config path is ~5 KiB; a click's messages less. */
export const MAX_IN_FRAME = 64 * 1024;
/** Largest frame the core sends: a model is tens of KiB; one monitor's window-manager state well under 4 MiB. */
export const MAX_OUT_FRAME = 8 * 1024 * 1024;
/** Nesting and size of a frame's JSON (a model is ~15 deep; a busy monitor's state a few thousand values). */
export const FRAME_JSON_LIMITS = { maxDepth: 64, maxValues: 500_000 } as const;
/** Messages a front end may send a second, in bursts of at most RATE_BURST: the core drops one that sends more. */
export const RATE_PER_S = 40;
export const RATE_BURST = 100;
/**
 * A front end's own bound on each kind of its user's input (clicks; wheel notches, of which a touchpad's fling gives
 * hundreds a second), both together well under the core's: what else it sends (pause, resume, refresh, reload) is
 * rare, so it never goes over the core's bound whatever its user does, and a fling leaves the clicks after it theirs.
 */
export const INPUT_PER_S = 15;
export const INPUT_BURST = 35;
/** A connection that has not said hello, proved itself and attached within this is dropped. */
export const HELLO_WITHIN_MS = 2_000;
/** The core writes at least this often to every attached front end; a front end that hears nothing for
 * `CORE_SILENT_MS` takes the core for hung. */
export const TICK_MS = 1_000;
export const CORE_SILENT_MS = 2_500;

/** Which front end attaches: a pane (`run`), a feed for a host bar, or `serve --status`, which shows no bar. */
/**
 * Who attaches: a pane, a feed, `serve --status` (it only asks), `core`: a `tilebar serve` in the foreground
 * (a unit's) claiming the session from a core a bar started, or from an older one (serve/core-handover.ts), or
 * `stop`: `serve --stop`, which ends the core (its bars find or start another: a rebuilt tilebar's, say).
 */
export type Role = { kind: 'pane' } | { kind: 'feed'; host: string; pipe?: PipeFeed } | { kind: 'status' } | { kind: 'core' } | { kind: 'stop' };

/**
 * A thin feed (serve/thin-feeds.ts): the host reads a named pipe itself (its shell's `cat`), and the core runs the
 * host's feed, writing its lines there; the front end that asked only prints the pipe's path and ends.
 */
export interface PipeFeed {
  /** The icon set the front end chose for its host (`--icons`, $TILEBAR_ICONS, detection): the core has no terminal of the host's. */
  icons: IconSet;
  /** tmux's place (`line`, `right`, `left`). */
  place?: string;
  /** The pid of the tmux server running it (from `$TMUX`): which click inbox is its (feeds/tmux.ts). */
  tmuxPid?: number;
  /** The host's shell that reads the pipe (the front end's parent): named in `serve --status`. */
  reader: number;
  /** Which part of its loop's stream this is (feeds/hosts.ts's LoopPart): i3bar's header is written once. */
  part?: LoopPart;
}

/** Which bar a front end shows: the core finds the config the way the command line would. */
export interface BarSelect {
  /** An absolute config path the user named; absent: discovery (or `bar_configurations` for `monitor`). */
  config?: string;
  /** The monitor the front end shows; absent: the config's. */
  monitor?: number;
  /**
   * `config` is the one komorebi.json's bar_configurations lists for `monitor` (`--monitor N` without `--config`):
   * the core's bar follows komorebi.json, moving to the file it lists for the monitor (app/komorebi-listing.ts).
   */
  listed?: true;
  variant?: Variant;
  /** `--tiler`, and komorebi's data directory when given. */
  tiler?: string;
  komorebiDir?: string;
  updateUrl?: string;
  /** The front end's log (absolute): the core sends it the lines of its bar, to write there (no front end: its own). */
  log?: string;
}

/** A click's action as a front end sends it: what the core will check against the bar's config before acting. */
export type WireAction =
  | { kind: 'messages'; messages: SocketMessage[] }
  | { kind: 'launch'; id: string; command: string }
  | { kind: 'media'; command: MediaCommand };

// ---- front end → core ----
export interface Hello {
  t: 'hello';
  protocol: number;
  /**
   * The front end's tilebar version, for which an older core makes way (serve/core-handover.ts); empty when the
   * front end asks no core to (it cannot start one, or asked once already: attach/find-core.ts's Handover).
   */
  app: string;
  /** 16 random bytes, base64: the core's proof answers it. */
  nonce: string;
}
export interface Auth {
  t: 'auth';
  proof: string;
}
export interface Attach {
  t: 'attach';
  role: Role;
  select: BarSelect;
  pid: number;
}
export type FrontMessage =
  | Hello
  | Auth
  | Attach
  | { t: 'act'; action: WireAction }
  | { t: 'bind'; trigger: MouseTrigger; mouseFollowsFocus?: boolean }
  | { t: 'pause' }
  | { t: 'resume' }
  | { t: 'refresh' }
  | { t: 'reload' }
  | { t: 'status' }
  | { t: 'detach' };

// ---- core → front end ----
/** The core's snapshot parts, as they travel: `null` where the snapshot has nothing (JSON has no undefined). */
export interface WireParts {
  model: BarModel;
  message: string | null;
  epochMs: number;
  systemZone: string;
  /** The window manager's state for this front end's monitor; null while there is none to show. */
  tiler: TilerState | null;
  noTiler: boolean;
  tilerDown: boolean;
  media: MediaStatus | null;
  keyboard: KeyboardStatus | null;
}

/** Only what changed since the last state this front end read; `statuses` only the sources that changed (null: gone). */
export interface StateMessage {
  t: 'state';
  parts: Partial<WireParts>;
  statuses?: Record<string, SourceStatus<unknown> | null>;
}

export interface StatusReport {
  pid: number;
  app: string;
  startedMs: number;
  frontEnds: Array<{ id: number; role: Role; pid: number; config: string; monitor: number }>;
  bars: Array<{ config: string; users: number }>;
  /** The core's heartbeats so far: a source read every second is read once in each, for all its bars. */
  beats: number;
  sources: Array<{ key: string; intervalMs: number; subscribers: number; reads: number; lastOk?: boolean }>;
}

export type CoreMessage =
  | { t: 'welcome'; protocol: number; app: string; pid: number; nonce: string; proof: string }
  | { t: 'mismatch'; protocol: number; app: string }
  /** `pipe`: a thin feed's named pipe, which its host reads (the core then closes this connection). */
  | { t: 'attached'; id: number; config: string; label: string; monitor: number; pipe?: string }
  | { t: 'refused'; why: string }
  | StateMessage
  | { t: 'tick'; wall: number }
  /** A line of the front end's bar (its config, its sources, the window manager) for its log. */
  | { t: 'log'; line: string }
  | { t: 'report'; report: StatusReport }
  /** The core is closing this connection. `replacedBy`: a newer tilebar attached, and its core takes this one's place. */
  | { t: 'bye'; reason: string; replacedBy?: string };
