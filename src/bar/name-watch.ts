/**
 * One directory watched for a few names in it, at a cost that files of other names cannot drive up.
 *
 * Why not chokidar: the kernel wakes a directory's watcher for every change in it, whatever the name, and the
 * directories the bar watches are shared with others — HOME (`~/komorebi.bar.json` is a discovery place), where
 * the user's own programs append to logs like `~/.xsession-errors` at full speed, and `XDG_CONFIG_HOME`, which may
 * be a shared sticky directory where another user creates and deletes files at will. chokidar does a few
 * microseconds of work per event before its name filter (and a readdir of the whole directory a second): under
 * either churn a feed spent two thirds of its CPU there (bench/watch-churn.mjs). `fs.watch` with the name looked
 * at first costs less per event, but still something per event, so no per-event saving bounds the total.
 *
 * What bounds it: every event counts against a budget of `EVENTS_PER_SECOND`; past it, the directory's watch
 * is closed (the kernel stops waking the process for it) and opened again after a rest, which doubles while
 * the churn goes on when it wakes (up to `MAX_REST_MS`) and starts again from `WATCH_REST_MS` once a watch has
 * stayed up that long. A churn thus costs at most one budget of events per rest. Meanwhile the callers' stat
 * poll (every POLL_MS) sees what the watch would have: a wanted file's edit shows within the poll's interval
 * instead of at once. On waking, `onEvent` is called once, for whatever happened during the rest.
 *
 * Events for the wanted names are settled before `onEvent`: it is called once they have stopped for
 * `SETTLE_MS`, so a file written in several pieces is read once, whole (what chokidar's `awaitWriteFinish` did).
 * That delay is on the machine's own clock, not the injected timers: it only spaces out the system's events, and
 * tests whose timers never fire still see what the watch sees. The budget and the rest are on the injected
 * timers, so a test decides when a rest ends.
 *
 * A watch that cannot start (no inotify watches left, a directory that does not exist yet) or that fails is
 * retried after a rest the same way; each distinct problem is said once (a missing directory is not a problem:
 * the callers watch for it, and the poll looks meanwhile). `onWatching` hears each time the system's watch opens or
 * closes, so that the callers poll often while it is closed and seldom while it is open and sees everything
 * (`watchesSeeAll`): a stat poll every 2 s of a bar that sits still was half of its wake-ups.
 */
import { watch as fsWatch } from 'node:fs';
import { statfs } from 'node:fs/promises';
import type { Timers } from '../scheduler/timers.js';

/** Events of any name, in one second, past which the directory's watch rests. */
export const EVENTS_PER_SECOND = 256;
/** The first rest; while the churn goes on it doubles at each waking, up to MAX_REST_MS. */
export const WATCH_REST_MS = 5_000;
export const MAX_REST_MS = 60_000;
/** How long a wanted name's events must have stopped before `onEvent`. */
export const SETTLE_MS = 50;
const WINDOW_MS = 1_000;

/** The system's watch of one directory, as `fs.watch` gives it. */
export interface DirectoryWatcher {
  close(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Starts the system's watch of `dir`; `onName` gets the name of each change (null where the system does not say). */
export type WatchDirectory = (dir: string, onName: (name: string | null) => void) => DirectoryWatcher;

export interface NameWatchOptions {
  timers: Timers;
  /** A problem with the watch, said once each (the caller says what still looks). */
  say: (problem: string) => void;
  /** Starts the system's watch: `fs.watch` unless a test gives another. */
  watchDirectory?: WatchDirectory;
  /** The system's watch opened (true) or closed (false: a rest, a failure); not called for `close`. */
  onWatching?: (watching: boolean) => void;
}

export interface NameWatch {
  /** The directory watched. */
  readonly dir: string;
  /** Whether the system's watch is open now (not resting, failed or not yet started). */
  readonly watching: boolean;
  close(): void;
}

/**
 * File systems whose files other machines change too: this machine's inotify sees only the edits made here
 * (statfs(2)'s magic numbers: NFS, SMB and CIFS, AFS, Coda, Ceph, 9P, FUSE — sshfs, virtiofs and the like —,
 * NCP, and the cluster file systems OCFS2 and GFS2).
 */
const SHARED_FILE_SYSTEMS = new Set([
  0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x5346414f, 0x6b414653, 0x73757245, 0x00c36400, 0x01021997, 0x65735546, 0x564c, 0x7461636f, 0x01161970,
]);

/**
 * Whether open watches of `dirs` see every change made in them: Linux's inotify, on file systems only this
 * machine writes to. Not elsewhere (other platforms' watches are not relied on alone here), not on a network or
 * FUSE file system, nor for a directory whose file system cannot be told: there the callers poll as often as ever.
 */
export async function watchesSeeAll(dirs: readonly string[], platform: NodeJS.Platform = process.platform): Promise<boolean> {
  if (platform !== 'linux') return false;
  for (const dir of dirs) {
    const type = await statfs(dir).then(
      (s) => s.type,
      () => undefined,
    );
    if (type === undefined || SHARED_FILE_SYSTEMS.has(type)) return false;
  }
  return true;
}

// Not persistent: a watch is never what keeps the bar running.
const systemWatchDirectory: WatchDirectory = (dir, onName) => fsWatch(dir, { persistent: false }, (_event, name) => onName(name));

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Watches `dir` for changes to `names` (in it, not below); see the module's comment for what it costs. */
export function watchNames(dir: string, names: ReadonlySet<string>, onEvent: () => void, opts: NameWatchOptions): NameWatch {
  const { timers } = opts;
  const startWatch = opts.watchDirectory ?? systemWatchDirectory;
  let watcher: DirectoryWatcher | undefined;
  let closed = false;
  let windowStart = 0;
  let eventsInWindow = 0;
  let rest = WATCH_REST_MS;
  /** When the watch last woke from a rest, for whether the next rest doubles. */
  let wokeAt = Number.NEGATIVE_INFINITY;
  let restTimer: unknown;
  let settleTimer: NodeJS.Timeout | undefined;
  const said = new Set<string>();
  const sayOnce = (problem: string) => {
    if (said.has(problem)) return;
    said.add(problem);
    opts.say(problem);
  };

  const stop = () => {
    const w = watcher;
    watcher = undefined;
    try {
      w?.close();
    } catch {
      // Already closed by the system: nothing more to stop.
    }
    if (w && !closed) opts.onWatching?.(false);
  };

  const restThenWake = () => {
    stop();
    rest = timers.now() - wokeAt < WATCH_REST_MS ? Math.min(rest * 2, MAX_REST_MS) : WATCH_REST_MS;
    timers.clearTimeout(restTimer);
    restTimer = timers.setTimeout(() => {
      restTimer = undefined;
      if (!closed && wake(true)) onEvent();
    }, rest);
  };

  const settled = () => {
    settleTimer = undefined;
    if (!closed) onEvent();
  };

  const onName = (w: DirectoryWatcher, name: string | null) => {
    // Events the system had already read when the watch was closed still arrive: they are no one's.
    if (closed || w !== watcher) return;
    const now = timers.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      eventsInWindow = 0;
    }
    if (++eventsInWindow > EVENTS_PER_SECOND) {
      sayOnce(`files in ${dir} changed more than ${EVENTS_PER_SECOND} times in a second; its watch rests meanwhile`);
      restThenWake();
      return;
    }
    if (name !== null && !names.has(name)) return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(settled, SETTLE_MS);
  };

  /** Starts the system's watch; false (and a rest before the next try) when it cannot. */
  const wake = (fromRest: boolean): boolean => {
    windowStart = timers.now();
    if (fromRest) wokeAt = windowStart;
    eventsInWindow = 0;
    try {
      const w = startWatch(dir, (name) => onName(w, name));
      watcher = w;
      w.on('error', (e) => {
        if (w !== watcher) return;
        sayOnce(`watching ${dir} failed: ${messageOf(e)}`);
        restThenWake();
      });
      opts.onWatching?.(true);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') sayOnce(`cannot watch ${dir}: ${messageOf(e)}`);
      restThenWake();
      return false;
    }
  };

  wake(false);
  return {
    dir,
    get watching() {
      return watcher !== undefined;
    },
    close() {
      closed = true;
      timers.clearTimeout(restTimer);
      clearTimeout(settleTimer);
      stop();
    },
  };
}
