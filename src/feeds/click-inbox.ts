/**
 * Clicks from hosts that run a shell command per click (Polybar's action tags, Waybar's `on-click`, a tmux key
 * binding): the command appends one line to a file the feed watches. Appending never blocks, even when no feed
 * runs (a FIFO would hang the host's shell), and costs no Node start per click. The feed claims the file by
 * renaming it (clicks appended after that make a new one), reads it bounded, and removes it. What was there
 * before the feed started is not acted on: a click is for the bar that was shown.
 */
import { renameSync, unlinkSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readPrivate } from '../io/private-file.js';

/** More than any burst of clicks; a bigger file is not ours to read (dropped whole, said once). */
export const MAX_INBOX_BYTES = 64 * 1024;
/** Lines acted on per claim: a flood of appended lines is not a flood of actions. */
export const MAX_INBOX_LINES = 64;
/** When the directory cannot be watched (no inotify left): how often it is looked at instead. */
const POLL_MS = 500;

export interface ClickInbox {
  readonly path: string;
  stop(): void;
}

export function openClickInbox(path: string, onLine: (line: string) => void, log: (line: string) => void): ClickInbox {
  const claim = `${path}.${process.pid}`;
  const said = new Set<string>();
  const sayOnce = (what: string) => {
    if (said.has(what)) return;
    said.add(what);
    log(`clicks (${path}): ${what} (said once)`);
  };
  const remove = (p: string) => {
    try {
      unlinkSync(p);
    } catch {
      // Not there: nothing to remove.
    }
  };
  const drain = () => {
    try {
      renameSync(path, claim);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') sayOnce(`cannot claim: ${(e as Error).message}`);
      return;
    }
    let bytes: Buffer | undefined;
    try {
      bytes = readPrivate(claim, MAX_INBOX_BYTES);
    } catch (e) {
      sayOnce(`cannot read: ${(e as Error).message}`);
    }
    remove(claim);
    if (bytes === undefined) {
      sayOnce(`dropped a clicks file that is not a regular file or is over ${MAX_INBOX_BYTES} bytes`);
      return;
    }
    const lines = bytes.toString('utf8').split('\n').filter((l) => l.trim() !== '');
    if (lines.length > MAX_INBOX_LINES) sayOnce(`acted on the first ${MAX_INBOX_LINES} of ${lines.length} lines at once`);
    for (const line of lines.slice(0, MAX_INBOX_LINES)) onLine(line);
  };

  remove(path);
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  const fallBack = (why: string) => {
    sayOnce(`watching failed (${why}); looking every ${POLL_MS} ms instead`);
    watcher?.close();
    watcher = undefined;
    poll ??= setInterval(drain, POLL_MS);
  };
  try {
    const name = basename(path);
    watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      // Some platforms do not say which file changed: then any change is looked at.
      if (file === null || file === name) drain();
    });
    watcher.on('error', (e) => fallBack(e.message));
  } catch (e) {
    fallBack(e instanceof Error ? e.message : String(e));
  }
  return {
    path,
    stop() {
      watcher?.close();
      if (poll) clearInterval(poll);
      remove(claim);
    },
  };
}
