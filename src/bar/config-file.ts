/**
 * The running bar's config file, watched and read without trusting anything about it. What can happen to
 * the path while the bar runs: an editor's atomic save (a new file renamed over it), a delete and re-create,
 * a chmod 000, a symlink that loops or is re-pointed, a directory, a FIFO, 50 MB of garbage, an unreadable
 * file or a thousand others appearing beside it. None of these may stop the bar, and each must be noticed
 * again when it goes away.
 *
 * Two ways of noticing, because neither is enough alone: a watch of the file's directory, filtered to the one
 * name (bar/name-watch.ts: the directory of `~/komorebi.bar.json` is the whole home, where other files may
 * change thousands of times a second, so what they cost is bounded: past a budget the watch rests), for an
 * edit to show within a second; and a stat of the path, for what a watch misses: every `POLL_MS` while the watch
 * cannot see (it failed, rests or could not start; a platform or a file system where a watch is not relied on
 * alone: name-watch.ts's `watchesSeeAll`), and every `SAFETY_POLL_MS` while it sees — inotify reports a chmod, an
 * atomic save and a re-pointed symlink in the file's directory, but not a linked directory on the way re-pointed.
 * Whichever notices, the link is followed again and the file read (safely: see read-text-file.ts) and compared with
 * what was read last, so only a real change reaches the bar.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { looksCutShort } from '../config/cut-short.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import { readTextFile, type ReadOptions, type ReadOutcome } from '../io/read-text-file.js';
import type { Timers } from '../scheduler/timers.js';
import { watchesSeeAll, watchNames, type NameWatch, type WatchDirectory } from './name-watch.js';
import { oneAtATime } from './one-at-a-time.js';

/** How often the path is looked at while no watch sees it. */
export const POLL_MS = 2000;
/** How often it is looked at while its watches see it: for what no watch sees (a linked directory on the way re-pointed). */
export const SAFETY_POLL_MS = 60_000;

/**
 * The wait before the next stat poll of paths `watches` cover (undefined: a path no watch covers): SAFETY_POLL_MS
 * while every one is open and sees every change (`seeAll`: name-watch.ts's `watchesSeeAll` unless given), else
 * POLL_MS.
 */
export async function pollWaitMs(watches: ReadonlyArray<NameWatch | undefined>, seeAll: ((dirs: readonly string[]) => Promise<boolean>) | undefined): Promise<number> {
  const open = watches.every((w) => w?.watching === true);
  return open && (await (seeAll ?? watchesSeeAll)(watches.map((w) => w?.dir ?? ''))) ? SAFETY_POLL_MS : POLL_MS;
}
/** A fault, or a text cut short, must last this long to be shown: an editor that deletes and writes the file, or `cp` over it, leaves a short gap. */
export const FAULT_GRACE_MS = 400;

export type ConfigFileEvent =
  /** The file's text changed (or is read for the first time after a fault). */
  | { kind: 'text'; text: string }
  /** It cannot be read; `code` is stable while the fault is the same. */
  | { kind: 'fault'; code: string; problem: string };

export interface ConfigFileOptions {
  timers: Timers;
  /** Something worth a line in the log (a watcher error). */
  log: (message: string) => void;
  /** The text read at start, if any: a first event only when it changes. */
  initialText?: string;
  /** Starts the system's watch of the directory (name-watch.ts); tests give one that fails to rely on polling. */
  watchDirectory?: WatchDirectory;
  /** Whether open watches of these directories see every change in them (name-watch.ts's `watchesSeeAll` unless given). */
  watchesSeeAll?: (dirs: readonly string[]) => Promise<boolean>;
  /** The trust rule the file must pass (read-text-file.ts, io/trust.ts): a discovered config's. */
  trust?: ReadOptions['trust'];
}

export interface WatchedConfigFile {
  close(): Promise<void>;
}

/** Texts cut short in a row that are read again before the last is said anyway (a file that never stops changing). */
export const MAX_CUT_SHORT_READS = 10;

/**
 * The reading half of a watched config: reads the file when asked, says its new text, and says a fault only when
 * it lasts past the grace period (a save in progress, an editor's rename). A new text that looks cut short
 * (empty, or JSON that stops midway: config/cut-short.ts) is a write in progress just as well — `cp` over the file
 * truncates it, then writes — so it is read again after the grace period and said only if it is still the text
 * then: the write that ends it is read (its watch or the poll says) and said instead, with no rejection before it.
 */
function configReader(file: string, onEvent: (e: ConfigFileEvent) => void, opts: ConfigFileOptions, isClosed: () => boolean) {
  const { timers } = opts;
  let lastText = opts.initialText;
  let lastFault: string | undefined;
  let graceTimer: unknown;
  /** The text cut short that waits for the grace period, and how many did in a row. */
  let held: string | undefined;
  let heldInARow = 0;

  const readAfterGrace = (restart: boolean) => {
    if (restart) timers.clearTimeout(graceTimer);
    else if (graceTimer !== undefined) return;
    graceTimer = timers.setTimeout(() => {
      graceTimer = undefined;
      void read(true);
    }, FAULT_GRACE_MS);
  };

  const settle = (outcome: ReadOutcome, afterGrace: boolean) => {
    if (outcome.ok) {
      const text = outcome.text;
      const isNew = text !== lastText || lastFault !== undefined;
      const lasted = afterGrace && text === held;
      if (isNew && !lasted && heldInARow < MAX_CUT_SHORT_READS && looksCutShort(text)) {
        // The grace period starts again at each new text cut short: the file is still being written.
        if (text !== held) heldInARow++;
        readAfterGrace(text !== held);
        held = text;
        return;
      }
      timers.clearTimeout(graceTimer);
      graceTimer = undefined;
      held = undefined;
      heldInARow = 0;
      if (isNew) {
        lastText = text;
        lastFault = undefined;
        onEvent({ kind: 'text', text });
      }
      return;
    }
    if (outcome.code === lastFault) return;
    // Shown only if it lasts: the next check after the grace period decides.
    readAfterGrace(false);
  };

  const read = oneAtATime<boolean>(async (afterGrace = false): Promise<void> => {
    const outcome = await readTextFile(file, { maxBytes: MAX_CONFIG_BYTES, ...(opts.trust ? { trust: opts.trust } : {}) });
    if (isClosed()) return;
    if (!outcome.ok && afterGrace && outcome.code !== lastFault) {
      held = undefined;
      heldInARow = 0;
      lastFault = outcome.code;
      onEvent({ kind: 'fault', code: outcome.code, problem: outcome.problem });
    } else settle(outcome, afterGrace);
  }, isClosed);

  return { read: () => read(), close: () => timers.clearTimeout(graceTimer) };
}

export async function watchConfigFile(path: string, onEvent: (e: ConfigFileEvent) => void, opts: ConfigFileOptions): Promise<WatchedConfigFile> {
  const { timers } = opts;
  const file = resolve(path);
  let lastSignature: string | undefined;
  let closed = false;
  let pollTimer: unknown;
  const reader = configReader(file, onEvent, opts, () => closed);

  // The stat poll: cheap (one system call), and a read only when something about the path changed.
  const poll = async () => {
    pollTimer = undefined;
    if (closed) return;
    const signature = await signatureOf(file);
    if (signature !== lastSignature) {
      lastSignature = signature;
      await changed();
    }
    await schedulePoll();
  };

  /** The next poll: soon while a watch cannot see, seldom while every watch of the path is open and sees all. */
  const schedulePoll = async () => {
    const wait = await pollWaitMs(target ? [watch, target.watch] : [watch], opts.watchesSeeAll);
    if (closed) return;
    timers.clearTimeout(pollTimer);
    pollTimer = timers.setTimeout(() => void poll(), wait);
  };

  /** The path changed (its watch or the poll says): the link followed again, the file read. */
  const changed = async () => {
    await followTarget();
    await reader.read();
  };

  const watchOptions = {
    timers,
    say: (problem: string) => opts.log(`config watcher: ${problem} (the file is still checked every ${POLL_MS / 1000} s)`),
    ...(opts.watchDirectory ? { watchDirectory: opts.watchDirectory } : {}),
    // A watch that closed (a rest, a failure) leaves the poll to see: it looks every POLL_MS from now.
    onWatching: (watching: boolean) => void (watching || closed ? undefined : schedulePoll()),
  };
  const watchPlace = (path: string) => watchNames(dirname(path), new Set([basename(path)]), () => void changed(), watchOptions);

  /**
   * A config that is a link (into a dotfiles checkout): an edit of its target changes nothing in the link's
   * directory, so the target's directory is watched too, for the target's name. Looked at again whenever the
   * path changes (its watch or the poll says: a re-pointed link).
   */
  let target: { path: string; watch: NameWatch } | undefined;
  const followTarget = async () => {
    const wanted = await linkTarget(file);
    if (closed || wanted === target?.path) return;
    target?.watch.close();
    target = wanted === undefined ? undefined : { path: wanted, watch: watchPlace(wanted) };
  };

  const watch = watchPlace(file);
  await poll();
  return {
    async close() {
      closed = true;
      timers.clearTimeout(pollTimer);
      reader.close();
      watch.close();
      target?.watch.close();
    },
  };
}

/** What the stat poll compares: the file's identity, size, times and mode, or why it cannot be looked at. */
function signatureOf(file: string): Promise<string> {
  return stat(file).then(
    (s) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.mode}`,
    (e: NodeJS.ErrnoException) => `error:${e.code ?? 'unknown'}`,
  );
}

/** Where `file` really is when it is a link; undefined when it is not (through a linked directory only, the directory's own watch sees the file). */
async function linkTarget(file: string): Promise<string | undefined> {
  const real = await realpath(file).catch(() => undefined);
  const direct = join(await realpath(dirname(file)).catch(() => dirname(file)), basename(file));
  return real !== undefined && real !== direct ? real : undefined;
}
