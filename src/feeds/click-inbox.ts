/**
 * Clicks from hosts that run a shell command per click (Polybar's action tags, Waybar's `on-click`, a tmux key
 * binding): the command appends one line to a file the feed watches. Appending never blocks, even when no feed
 * runs (a FIFO would hang the host's shell), and costs no Node start per click. The feed reads what was appended
 * since it last looked, whole lines only (a writer's line may arrive in two parts: the shell creates the file,
 * then writes), and empties the file once it has read all of it past a size. What was there before the feed
 * started is not acted on: a click is for the bar that was shown. Nothing in it is trusted: a link or a FIFO in its
 * place is removed unread, a burst past a bound is skipped, said once.
 */
import { closeSync, constants, fstatSync, openSync, readSync, truncateSync, unlinkSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** More than any burst of clicks; a bigger file is not ours to read (dropped whole, said once). */
export const MAX_INBOX_BYTES = 64 * 1024;
/** Lines acted on per claim: a flood of appended lines is not a flood of actions. */
export const MAX_INBOX_LINES = 64;
/** Once everything in it is read and it is past this size, the file is emptied. */
const EMPTY_PAST_BYTES = 16 * 1024;
/** When the directory cannot be watched (no inotify left): how often it is looked at instead. */
const POLL_MS = 500;

export interface ClickInbox {
  readonly path: string;
  stop(): void;
}

export function openClickInbox(path: string, onLine: (line: string) => void, log: (line: string) => void): ClickInbox {
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
  let file: { ino: number; offset: number } | undefined;
  const drain = () => {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') {
        sayOnce('removed a link in its place, unread');
        remove(path);
      } else if (code !== 'ENOENT') sayOnce(`cannot read: ${(e as Error).message}`);
      return;
    }
    try {
      const lines = readNew(fd);
      if (lines) for (const line of lines) onLine(line);
    } finally {
      closeSync(fd);
    }
  };
  /** The whole lines appended since the last look (at most MAX_INBOX_LINES), or undefined when it is no file. */
  const readNew = (fd: number): string[] | undefined => {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      sayOnce('removed something that is not a file in its place, unread');
      remove(path);
      return undefined;
    }
    if (!file || file.ino !== stat.ino || stat.size < file.offset) file = { ino: stat.ino, offset: 0 };
    // More than a burst of clicks: only its newest MAX_INBOX_BYTES are read, from the first whole line in them.
    const skipping = stat.size - file.offset > MAX_INBOX_BYTES;
    if (skipping) {
      sayOnce(`skipped what was over ${MAX_INBOX_BYTES} bytes at once`);
      file.offset = stat.size - MAX_INBOX_BYTES;
    }
    const bytes = Buffer.alloc(stat.size - file.offset);
    let got = 0;
    for (let n = 1; got < bytes.length && n > 0; got += n) n = readSync(fd, bytes, got, bytes.length - got, file.offset + got);
    // A line whose newline has not arrived yet is left for the next look.
    const end = bytes.subarray(0, got).lastIndexOf(10) + 1;
    const start = skipping ? Math.min(end, bytes.indexOf(10) + 1) : 0;
    file.offset += end;
    if (file.offset === stat.size && file.offset > EMPTY_PAST_BYTES) {
      truncateSync(path, 0);
      file.offset = 0;
    }
    const lines = bytes.subarray(start, end).toString('utf8').split('\n').filter((l) => l.trim() !== '');
    if (lines.length > MAX_INBOX_LINES) sayOnce(`acted on the first ${MAX_INBOX_LINES} of ${lines.length} lines at once`);
    return lines.slice(0, MAX_INBOX_LINES);
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
    },
  };
}
