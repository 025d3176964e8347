/**
 * The running bar's config file, watched and read without trusting anything about it. What can happen to
 * the path while the bar runs: an editor's atomic save (a new file renamed over it), a delete and re-create,
 * a chmod 000, a symlink that loops or is re-pointed, a directory, a FIFO, 50 MB of garbage, an unreadable
 * file or a thousand others appearing beside it. None of these may stop the bar, and each must be noticed
 * again when it goes away.
 *
 * Two ways of noticing, because neither is enough alone: chokidar on the file's directory, filtered to the
 * one name before anything else in the directory is looked at (the directory of `~/komorebi.bar.json` is the
 * whole home), for an edit to show within a second; and a stat of the path every `POLL_MS`, for what a watch
 * misses (a chmod does not change the modification time; a re-pointed symlink; a directory that appears
 * later; a watcher that failed). Whichever notices, the file is read (safely: see read-text-file.ts) and
 * compared with what was read last, so only a real change reaches the bar.
 */
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import { readTextFile, type ReadOptions, type ReadOutcome } from '../io/read-text-file.js';
import type { Timers } from '../scheduler/timers.js';
import { oneAtATime } from './one-at-a-time.js';

/** How often the path is looked at regardless of events. */
export const POLL_MS = 2000;
/** A fault must last this long to be shown: an editor that deletes and writes the file leaves a short gap. */
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
  /** Loads chokidar; tests may leave it out and rely on polling. */
  loadChokidar?: () => Promise<typeof import('chokidar')>;
  /** The trust rule the file must pass (read-text-file.ts, io/trust.ts): a discovered config's. */
  trust?: ReadOptions['trust'];
}

export interface WatchedConfigFile {
  close(): Promise<void>;
}

/**
 * Chokidar on the file's directory, looking at the file's name only; a watcher that cannot start or fails is
 * said, and the stat poll goes on alone.
 */
async function watchDirectory(file: string, onChange: () => void, opts: ConfigFileOptions): Promise<FSWatcher | undefined> {
  const { log } = opts;
  try {
    const { watch } = await (opts.loadChokidar ?? (() => import('chokidar')))();
    const dir = dirname(file);
    const watcher = watch(dir, {
      depth: 0,
      ignoreInitial: true,
      // Only the config's own name is ever looked at: siblings are neither stat'ed nor watched.
      ignored: (p: string) => resolve(p) !== file && resolve(p) !== dir,
      awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
    });
    watcher.on('all', (_event, p) => {
      if (resolve(p) === file) onChange();
    });
    watcher.on('error', (e) => log(`config watcher: ${e instanceof Error ? e.message : String(e)} (the file is still checked every ${POLL_MS / 1000} s)`));
    return watcher;
  } catch (e) {
    log(`config watcher could not start: ${e instanceof Error ? e.message : String(e)} (the file is checked every ${POLL_MS / 1000} s)`);
    return undefined;
  }
}

export async function watchConfigFile(path: string, onEvent: (e: ConfigFileEvent) => void, opts: ConfigFileOptions): Promise<WatchedConfigFile> {
  const { timers } = opts;
  const file = resolve(path);
  let lastText = opts.initialText;
  let lastFault: string | undefined;
  let lastSignature: string | undefined;
  let closed = false;
  let graceTimer: unknown;
  let pollTimer: unknown;

  const settle = (outcome: ReadOutcome) => {
    if (outcome.ok) {
      timers.clearTimeout(graceTimer);
      graceTimer = undefined;
      if (outcome.text !== lastText || lastFault !== undefined) {
        lastText = outcome.text;
        lastFault = undefined;
        onEvent({ kind: 'text', text: outcome.text });
      }
      return;
    }
    if (outcome.code === lastFault) return;
    // Shown only if it lasts: the next check after the grace period decides.
    if (graceTimer === undefined) {
      graceTimer = timers.setTimeout(() => {
        graceTimer = undefined;
        void read(true);
      }, FAULT_GRACE_MS);
    }
  };

  const read = oneAtATime<boolean>(async (afterGrace = false): Promise<void> => {
    const outcome = await readTextFile(file, { maxBytes: MAX_CONFIG_BYTES, ...(opts.trust ? { trust: opts.trust } : {}) });
    if (closed) return;
    if (!outcome.ok && afterGrace && outcome.code !== lastFault) {
      lastFault = outcome.code;
      onEvent({ kind: 'fault', code: outcome.code, problem: outcome.problem });
    } else settle(outcome);
  }, () => closed);

  // The stat poll: cheap (one system call), and a read only when something about the path changed.
  const poll = async () => {
    pollTimer = undefined;
    if (closed) return;
    const signature = await stat(file).then(
      (s) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.mode}`,
      (e: NodeJS.ErrnoException) => `error:${e.code ?? 'unknown'}`,
    );
    if (signature !== lastSignature) {
      lastSignature = signature;
      await read();
    }
    if (!closed) pollTimer = timers.setTimeout(() => void poll(), POLL_MS);
  };

  const watcher = await watchDirectory(file, () => void read(), opts);
  await poll();
  return {
    async close() {
      closed = true;
      timers.clearTimeout(pollTimer);
      timers.clearTimeout(graceTimer);
      await watcher?.close().catch(() => undefined);
    },
  };
}
