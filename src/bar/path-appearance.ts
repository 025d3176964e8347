/**
 * Noticing files that do not exist yet: the places config discovery looks in (`~/.config/tilebar/bar.json`,
 * ...), watched while a bar runs on a config that ranks below them, so that the file a user writes there is
 * taken up at once. Their directories need not exist either (a new user has no `~/.config/tilebar`).
 *
 * How, and why so: for each path, the **nearest existing directory** on its way (at most `MAX_MISSING_LEVELS`
 * up) is watched, never recursively (HOME may be huge), for the one name that leads to the path
 * (bar/name-watch.ts: what other files changing there cost is bounded, since HOME and a shared
 * `XDG_CONFIG_HOME` churn at the will of others; past a budget the watch rests). When that name appears
 * (`~/.config` made, then `tilebar` in it), the watch moves down to it. A watch costs the system one directory
 * watch and nothing per poll; it is what makes a new file show within a second. Beside it, a `stat` of each path
 * and of its missing directories (a handful of system calls, no process), for what a watch misses: every `POLL_MS`
 * while some path has no watch that sees (a watcher that failed, could not start or rests, a path with no
 * directory near enough to watch, a network file system: name-watch.ts's `watchesSeeAll`), else every
 * `SAFETY_POLL_MS` (a directory made and filled between two looks is seen by the look its making starts).
 * Whichever notices, the paths are looked at again, and only a change of which exist is reported.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { Timers } from '../scheduler/timers.js';
import { POLL_MS, pollWaitMs } from './config-file.js';
import { watchNames, type NameWatch, type WatchDirectory } from './name-watch.js';
import { oneAtATime } from './one-at-a-time.js';

/** How many missing directories above a path are looked through for one to watch; beyond, the poll alone. */
export const MAX_MISSING_LEVELS = 4;

export type PathKind = 'directory' | 'other' | 'none';

export interface PathAppearanceOptions {
  timers: Timers;
  /** Something worth a line in the log (a watcher's error). */
  log: (message: string) => void;
  /** Starts the system's watch of a directory (name-watch.ts); tests give one that fails to rely on polling. */
  watchDirectory?: WatchDirectory;
  /** What is at a path, following links (tests inject one). */
  kindOf?: (path: string) => Promise<PathKind>;
  /** Whether open watches of these directories see every change in them (name-watch.ts's `watchesSeeAll` unless given). */
  watchesSeeAll?: (dirs: readonly string[]) => Promise<boolean>;
}

export interface PathAppearance {
  close(): Promise<void>;
}

/** Where to watch for `path`: the nearest existing directory above it and the name in it that leads there. */
export interface WatchPlace {
  dir: string;
  name: string;
}

/** What is at a path, following links: what the watch looks at unless a caller gives its own. */
export async function realKindOf(path: string): Promise<PathKind> {
  return stat(path).then(
    (s) => (s.isDirectory() ? 'directory' : 'other'),
    () => 'none' as const,
  );
}

/** The place to watch for `path` (absolute), or undefined when no directory within MAX_MISSING_LEVELS exists. */
export async function watchPlaceOf(path: string, kindOf: (p: string) => Promise<PathKind>): Promise<WatchPlace | undefined> {
  let child = path;
  for (let level = 0; level <= MAX_MISSING_LEVELS; level++) {
    const dir = dirname(child);
    if (dir === child) return undefined;
    if ((await kindOf(dir)) === 'directory') return { dir, name: basename(child) };
    child = dir;
  }
  return undefined;
}

/** The watch of `dir` for `names`; its problems said as discovery's. */
function watchDir(dir: string, names: ReadonlySet<string>, onEvent: () => void, onWatching: (watching: boolean) => void, opts: PathAppearanceOptions): NameWatch {
  return watchNames(dir, names, onEvent, {
    timers: opts.timers,
    say: (problem) => opts.log(`config discovery: ${problem} (looked at every ${POLL_MS / 1000} s)`),
    ...(opts.watchDirectory ? { watchDirectory: opts.watchDirectory } : {}),
    onWatching,
  });
}

/**
 * Watches `paths` (absolute) for appearing and going; `onChange` gets the set of those that exist whenever it
 * differs from the last one (at first: none exists).
 */
export function watchPathAppearance(paths: readonly string[], onChange: (existing: ReadonlySet<string>) => void, opts: PathAppearanceOptions): PathAppearance {
  const kindOf = opts.kindOf ?? realKindOf;
  const watchers = new Map<string, { key: string; watch: NameWatch }>();
  let existing = new Set<string>();
  let closed = false;
  let pollTimer: unknown;
  /** Some path has no directory near enough to watch: the poll alone looks for it. */
  let unwatched = false;

  /** Watches the nearest existing directory of each path; true when the places changed. */
  const arm = async (): Promise<boolean> => {
    const places = new Map<string, Set<string>>();
    unwatched = false;
    for (const path of paths) {
      const place = await watchPlaceOf(path, kindOf);
      if (place) places.set(place.dir, (places.get(place.dir) ?? new Set()).add(place.name));
      else unwatched = true;
    }
    let changed = false;
    for (const [dir, entry] of watchers) {
      const names = places.get(dir);
      if (names && [...names].sort().join('\0') === entry.key) continue;
      watchers.delete(dir);
      changed = true;
      entry.watch.close();
    }
    for (const [dir, names] of places) {
      if (watchers.has(dir) || closed) continue;
      changed = true;
      watchers.set(dir, { key: [...names].sort().join('\0'), watch: watchDir(dir, names, () => void look(), onWatching, opts) });
    }
    return changed;
  };

  const look = oneAtATime(async (): Promise<void> => {
    // A directory made while a watch on its parent started: the watch moves down again (bounded: each round
    // moves at least one level down a path, or stops).
    for (let round = 0; round <= MAX_MISSING_LEVELS && (await arm()) && !closed; round++);
    const now = new Set<string>();
    for (const path of paths) if ((await kindOf(path)) !== 'none') now.add(path);
    if (!closed && [...now].join('\0') !== [...existing].join('\0')) {
      existing = now;
      onChange(now);
    }
  }, () => closed);

  const poll = async () => {
    pollTimer = undefined;
    await look();
    await schedulePoll();
  };

  /** The next poll: soon while some path has no watch that sees it, seldom while all have. */
  const schedulePoll = async () => {
    const wait = await pollWaitMs([...[...watchers.values()].map((w) => w.watch), ...(unwatched ? [undefined] : [])], opts.watchesSeeAll);
    if (closed) return;
    opts.timers.clearTimeout(pollTimer);
    pollTimer = opts.timers.setTimeout(() => void poll(), wait);
  };
  // A watch that closed (a rest, a failure) leaves the poll to see: it looks every POLL_MS from now.
  function onWatching(watching: boolean): void {
    if (!watching && !closed) void schedulePoll();
  }
  void poll();

  return {
    async close() {
      closed = true;
      opts.timers.clearTimeout(pollTimer);
      for (const w of watchers.values()) w.watch.close();
      watchers.clear();
    },
  };
}
