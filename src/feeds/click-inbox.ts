/**
 * Clicks from hosts that run a shell command per click (Polybar's action tags, Waybar's `on-click`, a tmux key
 * binding): the command appends one line to a file the feed watches. Appending never blocks, even when no feed
 * runs (a FIFO would hang the host's shell), and costs no Node start per click.
 *
 * The file lives in the feed's private runtime directory (runtime-dir.ts) and is the feed's own: made by the feed
 * when it starts (mode 0600, replacing whatever a killed feed left), held open, read through that descriptor, and
 * emptied through it (never by path, where a link swapped in could point the truncation elsewhere). Whatever is
 * found at its path instead is checked on the descriptor it was opened as, without following a link: only a
 * regular file of the bar's user that neither group nor others can write is read; anything else is said once
 * (with what to do), removed unread, and replaced by a file of ours. What was there before the feed started is not
 * acted on: a click is for the bar that was shown. The feed removes its file when it stops.
 *
 * Lines: whole lines only (a writer's line may arrive in two parts), bounded in bytes and in count. Each click
 * starts with `@` (CLICK_MARK): what stands before the last `@` of a line is the tail of a writer that died
 * mid-line, dropped, so it never swallows the click glued to it.
 */
import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, readdirSync, readSync, unlinkSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processIsGone } from '../io/process-gone.js';
import { removeDeadProcessFiles } from '../io/dead-process-files.js';

/** More than any burst of clicks; a bigger file is not ours to read (dropped whole, said once). */
export const MAX_INBOX_BYTES = 64 * 1024;
/** Lines acted on per claim: a flood of appended lines is not a flood of actions. */
export const MAX_INBOX_LINES = 64;
/** Starts every click line a host's command appends. */
export const CLICK_MARK = '@';
/** Once everything in it is read and it is past this size, the file is emptied. */
const EMPTY_PAST_BYTES = 16 * 1024;
/** When the directory cannot be watched (no inotify left): how often it is looked at instead. */
const POLL_MS = 500;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const OPEN_FLAGS = constants.O_RDWR | constants.O_NONBLOCK | NOFOLLOW;

export interface ClickInbox {
  readonly path: string;
  /** Stops reading and removes the file when it is still the one this inbox made. */
  stop(): void;
  /** Stops reading and leaves the file: another feed reads it now (inbox-claim.ts). */
  release(): void;
}

export interface ClickInboxOptions {
  /** The user whose files are read: the process's own unless another is given (tests). */
  uid?: number | undefined;
  /** Asked before each look: false when this feed no longer reads the inbox (inbox-claim.ts); nothing is read then. */
  reading?: () => boolean;
}

/** Why a file opened at the inbox's path is not one to read clicks from, or undefined when it is. */
export function inboxRefusal(stat: Stats, uid: number | undefined): string | undefined {
  if (!stat.isFile()) return 'something that is not a regular file is in its place';
  if (uid !== undefined && stat.uid !== uid) return `it belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o022) !== 0) return `others can write to it (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** The click a line carries: what follows its last CLICK_MARK (a line without one is taken whole, as older commands wrote). */
export function clickOfLine(line: string): string {
  return line.slice(line.lastIndexOf(CLICK_MARK) + 1).trim();
}

/** What follows the last CLICK_MARK of a line whose head is lost, or undefined when it carries none (nothing of it is a click). */
function clickAfterMark(tail: string): string | undefined {
  return tail.includes(CLICK_MARK) ? clickOfLine(tail) : undefined;
}

interface HeldFile {
  fd: number;
  ino: number;
  /** How far it has been read. */
  offset: number;
}

/** The clicks appended to `file` since it was last read (whole lines, bounded), emptying it through its descriptor. */
function readClicks(file: HeldFile, sayOnce: (what: string) => void): string[] {
  const stat = fstatSync(file.fd);
  if (stat.size < file.offset) file.offset = 0;
  // More than a burst of clicks: only its newest MAX_INBOX_BYTES are read, from the first whole line in them.
  const skipping = stat.size - file.offset > MAX_INBOX_BYTES;
  if (skipping) {
    sayOnce(`skipped what was over ${MAX_INBOX_BYTES} bytes at once`);
    file.offset = stat.size - MAX_INBOX_BYTES;
  }
  const bytes = Buffer.alloc(stat.size - file.offset);
  let got = 0;
  for (let n = 1; got < bytes.length && n > 0; got += n) n = readSync(file.fd, bytes, got, bytes.length - got, file.offset + got);
  // A line whose newline has not arrived yet is left for the next look.
  const end = bytes.subarray(0, got).lastIndexOf(10) + 1;
  // Skipping starts mid-line: that line's head is gone, so it is dropped up to its end, all but a click glued to
  // its tail (a writer's over-long unterminated line has the next click's command append right after it).
  const start = skipping ? Math.min(end, bytes.indexOf(10) + 1) : 0;
  const glued = skipping && start > 0 ? clickAfterMark(bytes.subarray(0, start - 1).toString('utf8')) : undefined;
  file.offset += end;
  // Emptied through the descriptor, and only when nothing came since it was measured.
  if (file.offset === stat.size && file.offset > EMPTY_PAST_BYTES && fstatSync(file.fd).size === stat.size) {
    ftruncateSync(file.fd, 0);
    file.offset = 0;
  }
  const lines = [
    ...(glued === undefined ? [] : [glued]),
    ...bytes
      .subarray(start, end)
      .toString('utf8')
      .split('\n')
      .map(clickOfLine),
  ].filter((l) => l !== '');
  if (lines.length > MAX_INBOX_LINES) sayOnce(`acted on the first ${MAX_INBOX_LINES} of ${lines.length} lines at once`);
  return lines.slice(0, MAX_INBOX_LINES);
}

/** Calls `look` when `path` changes (its directory watched), or every POLL_MS where it cannot be watched; returns how to stop. */
function watchPath(path: string, look: () => void, sayOnce: (what: string) => void): () => void {
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  const fallBack = (why: string) => {
    sayOnce(`watching failed (${why}); looking every ${POLL_MS} ms instead`);
    watcher?.close();
    watcher = undefined;
    poll ??= setInterval(look, POLL_MS);
  };
  try {
    const name = basename(path);
    watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      // Some platforms do not say which file changed: then any change is looked at.
      if (file === null || file === name) look();
    });
    watcher.on('error', (e) => fallBack(e.message));
  } catch (e) {
    fallBack(e instanceof Error ? e.message : String(e));
  }
  return () => {
    watcher?.close();
    if (poll) clearInterval(poll);
  };
}

export function openClickInbox(path: string, onLine: (line: string) => void, log: (line: string) => void, opts: ClickInboxOptions = {}): ClickInbox {
  const uid = 'uid' in opts ? opts.uid : process.getuid?.();
  const said = new Set<string>();
  const sayOnce = (what: string) => {
    if (said.has(what)) return;
    said.add(what);
    log(`clicks (${path}): ${what} (said once)`);
  };
  const remove = () => {
    try {
      unlinkSync(path);
    } catch {
      // Not there: nothing to remove.
    }
  };
  /** A new, empty file of ours at the path (whatever was there removed first). */
  const create = (): HeldFile | undefined => {
    remove();
    try {
      const fd = openSync(path, OPEN_FLAGS | constants.O_CREAT | constants.O_EXCL, 0o600);
      return { fd, ino: fstatSync(fd).ino, offset: 0 };
    } catch (e) {
      sayOnce(`cannot be made, so clicks are not read: ${(e as Error).message}`);
      return undefined;
    }
  };
  /** What is at the path now, opened and checked on its descriptor; a refused one is replaced by ours. */
  const reopen = (): HeldFile | undefined => {
    let fd: number;
    try {
      fd = openSync(path, OPEN_FLAGS);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // Gone again (its directory being removed): nothing is made back; the next click's append makes it.
      if (code === 'ENOENT') return undefined;
      if (code === 'ELOOP') sayOnce('removed a link in its place, unread');
      else sayOnce(`cannot read: ${(e as Error).message}`);
      return create();
    }
    const stat = fstatSync(fd);
    const why = inboxRefusal(stat, uid);
    if (!why) return { fd, ino: stat.ino, offset: 0 };
    closeSync(fd);
    sayOnce(`refused: ${why}; removed unread and made anew (only the bar's user writes clicks there)`);
    return create();
  };

  let held = create();
  const drain = () => {
    const at = lstatSync(path, { throwIfNoEntry: false });
    if (!held || !at || at.ino !== held.ino) {
      // Removed, or replaced (by the user, or by a shell whose append made it anew): what is there now, if
      // anything (a removed one is not made back, so a directory being removed is not filled again).
      if (held) {
        for (const line of readClicks(held, sayOnce)) onLine(line);
        closeSync(held.fd);
      }
      held = at ? reopen() : undefined;
    }
    if (held) for (const line of readClicks(held, sayOnce)) onLine(line);
  };
  const look = () => {
    try {
      if (opts.reading && !opts.reading()) return;
      drain();
    } catch (e) {
      sayOnce(`cannot read: ${(e as Error).message}`);
    }
  };

  const stopWatching = watchPath(path, look, sayOnce);
  const close = (removing: boolean) => {
    stopWatching();
    if (!held) return;
    // Ours is removed; a file someone put there since is not ours to remove (asked while ours is still open,
    // so its inode number cannot have been given to another file meanwhile).
    if (removing && lstatSync(path, { throwIfNoEntry: false })?.ino === held.ino) remove();
    closeSync(held.fd);
    held = undefined;
  };
  return {
    path,
    stop: () => close(true),
    release: () => close(false),
  };
}

/**
 * An inbox named after a process (`tmux-<server pid>.clicks`, `tmux-<server pid>-right.clicks`,
 * `polybar-<feed pid>.clicks`) or its claim (`….clicks.claim`), or a feed's socket on its way to the claim's name
 * (`….clicks.claim.<feed pid>.<n>`, inbox-claim.ts): the process's pid.
 */
const NAMED_AFTER_PROCESS = [/^[a-z]+-\d{1,10}(?:-[a-z0-9]+)?\.clicks\.claim\.(\d{1,10})\.\d{1,10}$/, /^[a-z]+-(\d{1,10})(?:-[a-z0-9]+)?\.clicks(?:\.claim)?$/];

/** Removes the inboxes in `dir` whose process is gone (a feed killed before it could remove its own). Never throws. */
export function removeStaleInboxes(dir: string, isGone: (pid: number) => boolean = processIsGone): void {
  removeDeadProcessFiles(dir, {
    pidOf: (name) => {
      const pid = NAMED_AFTER_PROCESS.map((named) => named.exec(name)?.[1]).find((p) => p !== undefined);
      return pid === undefined ? undefined : Number(pid);
    },
    isGone,
  });
}

/**
 * The inboxes in a feeds' directory (and its Waybar directories) that a feed would refuse, each with why and what to
 * do: `check` says them. Only looked at: nothing is opened, made or removed.
 */
export function refusedInboxes(dir: string, uid: number | undefined): string[] {
  const found: string[] = [];
  const look = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    const why = stat && inboxRefusal(stat, uid);
    if (why) found.push(`${path}: ${why}; clicks written there are not read (remove it: the feed makes its own when it starts)`);
  };
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    if (name.endsWith('.clicks')) look(join(dir, name));
    else if (name.startsWith('waybar-') && lstatSync(join(dir, name), { throwIfNoEntry: false })?.isDirectory()) look(join(dir, name, 'clicks'));
  }
  return found;
}
