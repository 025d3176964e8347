/**
 * The one rule for every file that steers the bar without the user naming it on the command line: a config that
 * discovery finds, a code cache, a cache of validated models, the note of the feeds' directory. Such a file is
 * trusted only when nobody but the user (or root) could have put it there or can change it now:
 *
 * 1. Every entry on the way to it, walked from `/` and through every symbolic link (at most MAX_LINKS), belongs
 *    to the user or to root: a link or a directory of another user's is theirs to point anywhere.
 * 2. Every directory walked through is writable by nobody else: neither by others nor by its group, whatever the
 *    group — a primary group may have other members (`users`), and with an ACL the group bits are the mask of
 *    every named user's and group's entries, so group-writable is the only sign of them Node can read. A
 *    root-owned sticky directory (`/tmp`, Nix's `/nix/store`) is the one exception: there only an entry's owner
 *    can rename or replace it, and rule 1 holds the entry to the user or root.
 * 3. The file itself, checked on the descriptor it is read through: a regular file, the one the walk found (same
 *    device and inode), writable by nobody else (as in 2), and the user's or root's — root's only on a real file
 *    system, and no file on a kernel one (procfs, sysfs, …), where a file's owner (root, or the bar's own user
 *    for its processes) says nothing about who wrote its text: a non-dumpable process's `/proc/<pid>/cmdline` is
 *    root's and says what that process wrote over its arguments. Elsewhere only root can make a file root's, and
 *    rules 1 and 2 leave nobody else a way to replace it.
 *
 * Windows has no uid for Node to compare (fs.stat gives 0 for every file): there the rule is not applied and
 * the folders' own permissions decide (`%USERPROFILE%` and `%LOCALAPPDATA%` are the user's alone). Why this rule
 * and where it is used: docs/trust.md.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, readSync, statfsSync, type Stats } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Whose files are trusted: the bar's user (undefined on Windows: nothing is refused). */
export interface TrustedUser {
  uid: number;
  /** The user's primary group. */
  gid: number;
}

/** What a refusal of a discovered config adds: why it matters, and the way round. */
export const DISCOVERED_HINT = 'a config that discovery finds is read only when nobody else could have put it there, since its clicks run commands (name it with --config to use it)';

/** Why a komorebi.json or a bar config it lists may be refused: what refusing protects, and the way round. */
export const LISTED_HINT = 'komorebi.json and the bar configs it lists are read only when nobody else could have put them there, since their clicks run commands (name a config with --config to use it)';

/** Symbolic links followed on the way before the path is refused as a loop (Linux's own limit). */
export const MAX_LINKS = 40;

/** The user running this process, or undefined where there is none (Windows). */
export function currentUser(): TrustedUser | undefined {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  return uid === undefined || gid === undefined ? undefined : { uid, gid };
}

export type Walk =
  | { ok: true; /** The path with every link resolved. */ real: string; stat: Stats }
  | { ok: false; /** Nothing is there (or a part of the way is not a directory): not a refusal. */ absent: true }
  | { ok: false; absent?: false; /** Why the file is not trusted, in words, naming the entry at fault. */ why: string };

// The sticky bit (S_ISVTX), which Node does not name.
const STICKY = 0o1000;
// Kernel file systems whose files' owners say nothing about who wrote them (statfs f_type).
const PSEUDO_FS = new Set([0x9fa0 /* proc */, 0x62656572 /* sysfs */, 0x1cd1 /* devpts */, 0x64626720 /* debugfs */, 0x74726163 /* tracefs */, 0x27e0eb /* cgroup */, 0x63677270 /* cgroup2 */, 0x73636673 /* securityfs */, 0x42494e4d /* binfmt_misc */, 0xcafe4a11 /* bpf */]);
// Where they are mounted, for when statfs cannot say (`/dev` is not here: `/dev/shm` is an ordinary tmpfs, and
// devices are not regular files anyway).
const PSEUDO_PREFIXES = ['/proc', '/sys'];

const owned = (stat: Stats, user: TrustedUser): boolean => stat.uid === user.uid || stat.uid === 0;

/** Why others than the user (and root) can write `stat`'s entry, or undefined when they cannot. */
function writableByOthers(stat: Stats, user: TrustedUser, path: string): string | undefined {
  const mode = (stat.mode & 0o777).toString(8);
  if (stat.isDirectory() && (stat.mode & STICKY) !== 0 && stat.uid === 0) return undefined;
  if ((stat.mode & 0o002) !== 0) return `everyone can write to ${path} (mode ${mode})`;
  if ((stat.mode & 0o020) !== 0) return `its group (gid ${stat.gid}) can write to ${path} (mode ${mode}${stat.gid === user.gid ? ', and a primary group or an ACL may include others' : ''})`;
  return undefined;
}

function lstatOrAbsent(path: string): Stats | undefined | 'not-dir' {
  try {
    return lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') return 'not-dir';
    throw e;
  }
}

/**
 * Walks `path` from `/` as the kernel would, holding every entry on the way to rules 1 and 2. Throws only for
 * what nobody can foresee (EACCES on the way, EIO); the caller words it.
 */
export function walkTrusted(path: string, user: TrustedUser, followLast = true): Walk {
  const rest = resolve(path).split('/').filter((p) => p !== '');
  let at = '/';
  const top = lstatSync('/');
  if (!owned(top, user)) return { ok: false, why: `/ belongs to another user (uid ${top.uid})` };
  const topWritable = writableByOthers(top, user, '/');
  if (topWritable) return { ok: false, why: topWritable };
  let links = 0;
  for (;;) {
    const name = rest.shift();
    if (name === undefined) return { ok: false, why: `${path} is a directory` };
    if (name === '.') continue;
    if (name === '..') {
      // Up to a directory already walked through (`at` is only ever made by walking down).
      at = join(at, '..');
      continue;
    }
    const next = join(at, name);
    const stat = lstatOrAbsent(next);
    if (stat === undefined || stat === 'not-dir') return { ok: false, absent: true };
    if (!owned(stat, user)) return { ok: false, why: `${next} belongs to another user (uid ${stat.uid})` };
    if (stat.isSymbolicLink()) {
      if (!followLast && rest.length === 0) return { ok: false, why: `${next} is a symbolic link, which is not followed here` };
      if (++links > MAX_LINKS) return { ok: false, why: `${path} goes through more than ${MAX_LINKS} symbolic links` };
      const target = readlinkSync(next);
      rest.unshift(...target.split('/').filter((p) => p !== ''));
      if (isAbsolute(target)) at = '/';
      continue;
    }
    if (rest.length === 0) return { ok: true, real: next, stat };
    if (!stat.isDirectory()) return { ok: false, absent: true };
    const writable = writableByOthers(stat, user, next);
    if (writable) return { ok: false, why: writable };
    at = next;
  }
}

function onKernelFs(real: string): boolean {
  if (PSEUDO_PREFIXES.some((p) => real === p || real.startsWith(`${p}/`))) return true;
  try {
    return PSEUDO_FS.has(Number(statfsSync(real).type));
  } catch {
    return false;
  }
}

/** Rule 3 on a file's own stat, or undefined when it holds. */
export function fileRefusal(stat: Stats, real: string, user: TrustedUser): string | undefined {
  if (!stat.isFile()) return `${real} is not a regular file`;
  if (onKernelFs(real)) return `${real} is on a kernel file system, where a file's owner does not say who wrote it`;
  if (stat.uid !== user.uid && stat.uid !== 0) return `${real} belongs to another user (uid ${stat.uid})`;
  return writableByOthers(stat, user, real);
}

/**
 * A file not the user's, with other hard links, in a directory others can add entries to (a sticky one): where
 * `fs.protected_hardlinks` is off, another user can hard-link any file of root's there, so its being root's says
 * nothing of who put it in that place.
 */
function linkedInRefusal(stat: Stats, real: string, user: TrustedUser): string | undefined {
  if (stat.uid === user.uid || stat.nlink <= 1) return undefined;
  const dir = lstatSync(join(real, '..'));
  return (dir.mode & 0o022) !== 0 ? `${real} is a hard link of a file of root's in a directory others can add to` : undefined;
}

export type TrustedOpen = { ok: true; fd: number; stat: Stats; real: string } | { ok: false; absent: true } | { ok: false; absent?: false; why: string };

/**
 * Opens `path` for reading when the rule holds, giving the descriptor (the caller closes it) and its stat;
 * otherwise why not, or that nothing is there. Opened without following a link (the walk has resolved them
 * all) and without blocking on a FIFO. Throws only for what nobody can foresee (EACCES, EIO, EMFILE).
 */
export function openTrusted(path: string, user: TrustedUser, followLast = true): TrustedOpen {
  const walk = walkTrusted(path, user, followLast);
  if (!walk.ok) return walk;
  let fd: number;
  try {
    fd = openSync(walk.real, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, absent: true };
    if (code === 'ELOOP' || code === 'ENXIO') return { ok: false, why: `${walk.real} changed while it was being opened` };
    throw e;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.dev !== walk.stat.dev || stat.ino !== walk.stat.ino) throw new Refused(`${walk.real} changed while it was being opened`);
    const why = fileRefusal(stat, walk.real, user) ?? linkedInRefusal(stat, walk.real, user);
    if (why) throw new Refused(why);
    return { ok: true, fd, stat, real: walk.real };
  } catch (e) {
    closeSync(fd);
    if (e instanceof Refused) return { ok: false, why: e.message };
    throw e;
  }
}

/**
 * Why the directory `dir` may not hold files that steer the bar (a cache), or undefined when it may: every
 * entry on the way is the user's or root's and `dir` is a directory writable by nobody else. Absent is a
 * refusal too (`absent`), for the caller to make it and ask again.
 */
export function directoryRefusal(dir: string, user: TrustedUser): { why: string; absent?: boolean } | undefined {
  try {
    return dirRefusal(dir, user, true);
  } catch (e) {
    return { why: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Why `dir` may not hold tilebar's files: the walk's refusal, or it is no directory, or (`mine`) not the user's,
 * or others can write in it. Throws what the walk throws.
 */
function dirRefusal(dir: string, user: TrustedUser, mine: boolean): { why: string; absent?: boolean } | undefined {
  const walk = walkTrusted(dir, user);
  if (!walk.ok) return walk.absent ? { why: `${dir} does not exist`, absent: true } : { why: walk.why };
  if (!walk.stat.isDirectory()) return { why: `${walk.real} is not a directory` };
  if (mine && walk.stat.uid !== user.uid) return { why: `${walk.real} is not yours (uid ${walk.stat.uid})` };
  const writable = writableByOthers(walk.stat, user, walk.real);
  return writable ? { why: writable } : undefined;
}

/**
 * Why the file at `path` may not steer the bar, or undefined when it may or nothing is there (a place that is
 * empty is not refused). Opens and closes it: the rule is checked on a descriptor. Never throws.
 */
export function trustRefusal(path: string, user: TrustedUser): string | undefined {
  try {
    const opened = openTrusted(path, user);
    if (opened.ok) closeSync(opened.fd);
    return opened.ok || opened.absent ? undefined : opened.why;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * A file's bytes when the rule holds and it is at most `maxBytes`; `absent` when nothing is there, `tooLarge`
 * (its size) past the bound, else why not. Synchronous, for the steps that must be (a code cache is read in the
 * step that compiles its script), and cheap anywhere: the walk is a few lstat calls and the file a regular one of
 * bounded size, never a FIFO. A link at the path itself is refused unless `followLast` (tilebar's own files are
 * never links; a config may be). Never throws.
 */
export function readTrustedBytes(path: string, user: TrustedUser, maxBytes: number, followLast = false): { bytes: Buffer } | { absent: true } | { tooLarge: number } | { why: string; /** What the system said, when it failed (EACCES on the way). */ code?: string } {
  try {
    const opened = openTrusted(path, user, followLast);
    if (!opened.ok) return opened.absent ? { absent: true } : { why: opened.why };
    try {
      if (opened.stat.size > maxBytes) return { tooLarge: opened.stat.size };
      const bytes = Buffer.allocUnsafe(opened.stat.size);
      let at = 0;
      // A file that shrinks while it is read gives what was there; one that grows is read to its size at open.
      for (let n = 1; at < bytes.length && n > 0; at += n) n = readSync(opened.fd, bytes, at, bytes.length - at, at);
      return { bytes: bytes.subarray(0, at) };
    } finally {
      closeSync(opened.fd);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { why: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) };
  }
}

/**
 * Makes `dir` (and what is missing on its way, one directory at a time, mode 0700, never through a link made by
 * someone else) and answers why it may not hold tilebar's files, or undefined when it may. `own`: the directory
 * must be the user's (a cache); otherwise root's will do where nobody else can replace an entry of it (a log in
 * `/tmp`). Nothing is made below an existing directory the rule refuses: another user's link or directory on the
 * way would have the bar make its files where they choose. Never throws.
 */
export function makeTrustedDir(dir: string, user: TrustedUser, own: boolean): string | undefined {
  try {
    const missing: string[] = [];
    let at = resolve(dir);
    while (lstatOrAbsent(at) === undefined) {
      missing.unshift(at);
      const up = join(at, '..');
      if (up === at) break;
      at = up;
    }
    const refusal = (path: string, mine: boolean): string | undefined => dirRefusal(path, user, mine)?.why;
    const base = refusal(at, false);
    if (base) return base;
    for (const path of missing) {
      try {
        mkdirSync(path, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      // Each level checked before the next is made in it: in a sticky /tmp another user can put a link of theirs
      // at a missing level's name between the first check and this mkdir, and the next would be made through it.
      const level = refusal(path, true);
      if (level) return level;
    }
    return refusal(resolve(dir), own);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * `dir` made for tilebar's own files (makeTrustedDir where there is a user; mkdir -p on Windows). Throws, with
 * the refusal as its message, when it may not hold them.
 */
export function makeDirForOwnFiles(dir: string, own: boolean): void {
  const user = currentUser();
  if (user === undefined) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  const refusal = makeTrustedDir(dir, user, own);
  if (refusal) throw new Error(refusal);
}

class Refused extends Error {}
