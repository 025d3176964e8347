/**
 * A private directory for a running feed's files (the clicks its host appends to, Waybar's module pipes). Its
 * path goes into the host's click commands (a Polybar tag, a Waybar `on-click`, a tmux binding), so it must be made
 * of plain characters, and the same for every tilebar process of the user (the one that prints a host's config
 * and the feed the host starts later). In order:
 * 1. `$XDG_RUNTIME_DIR/tilebar`: the session's own tmpfs, gone at log-out;
 * 2. `$TMPDIR/tilebar-<uid>` where there is none (`/tmp` when TMPDIR is not set or not a plain path);
 * 3. when the one of those two that applies is refused (a link, another user's directory, a parent others can
 *    rename it in): a fresh directory made with a random name (`tilebar-<uid>-XXXXXX`), remembered in the
 *    user's cache directory so that every later tilebar of this user on this machine finds the same one.
 *    It is made in the temp directory of 2.
 * A directory is only used when it is a real directory (not a link) of ours that nobody else can write, in a
 * parent nobody else can rename it in. Nothing is ever created inside or through a refused directory: the search
 * stops there and goes to the fresh one. Never throws.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { tilebarCacheDir } from './cache-dir.js';
import { readPrivate, writeNewPrivate } from './private-file.js';
import { currentUser, makeDirForOwnFiles, readTrustedBytes, walkTrusted, type TrustedUser } from './trust.js';

/** The note's text when the trust rule holds for it (it names the directory the hosts' clicks go to). */
function trustedText(note: string, user: TrustedUser): string | undefined {
  const read = readTrustedBytes(note, user, 4096);
  return 'bytes' in read ? read.bytes.toString('utf8') : undefined;
}

/** Characters a path may have to go into a shell command, a Polybar tag and a tmux format unquoted-safe. */
export const PLAIN_PATH = /^\/[A-Za-z0-9/._+-]*$/;

type Env = Readonly<Record<string, string | undefined>>;

/** Where a refused predictable directory sends us (and what the feeds' printed configs name then). */
export interface RuntimeDirPlaces {
  env: Env;
  /** The user's id; undefined where there is none (Windows): then ownership is not checked. */
  uid: number | undefined;
  /** The user's cache directory (tilebarCacheDir), where the fresh directory's name is remembered. */
  cacheDir: string;
  /** This machine's name: a cache directory shared between machines (an NFS home) remembers one per machine. */
  host?: string;
}

export type RuntimeDir =
  | { ok: true; path: string; /** Why a predictable directory was passed over: said once in the log and by `check`. */ refused?: string }
  | { ok: false; why: string };

// The sticky bit (S_ISVTX), which Node does not name.
const STICKY = 0o1000;

/** The temp directory the fallbacks are made in. */
const tmpOf = (env: Env): string => (env.TMPDIR && PLAIN_PATH.test(env.TMPDIR) ? env.TMPDIR.replace(/(.)\/+$/, '$1') : '/tmp');

/** The predictable place: `$XDG_RUNTIME_DIR/tilebar`, or `$TMPDIR/tilebar-<uid>`. */
export function runtimeDirPath(env: Env, uid: number): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && PLAIN_PATH.test(runtime)) return join(runtime, 'tilebar');
  return join(tmpOf(env), `tilebar-${uid}`);
}

/**
 * Why nobody but us (or root) can rename or replace an entry of `dir`, or why they can. The way to `dir` is held
 * to the trust rule (trust.ts: every entry on it the user's or root's, no directory on it writable by others), so
 * another user cannot move the directory itself away either.
 */
function parentRefusal(dir: string, uid: number | undefined): string | undefined {
  try {
    const user = currentUser();
    if (user !== undefined && uid === user.uid) {
      const way = walkTrusted(dir, user);
      if (!way.ok) return way.absent ? `${dir} does not exist` : way.why;
    }
    const stat = statSync(dir);
    if (!stat.isDirectory()) return `${dir} is not a directory`;
    if (uid !== undefined && stat.uid !== uid && stat.uid !== 0) return `${dir} belongs to another user (uid ${stat.uid})`;
    // Writable by others without the sticky bit: anyone can move our entry away and put theirs in its place.
    if ((stat.mode & 0o022) !== 0 && (stat.mode & STICKY) === 0) return `others can write in ${dir}`;
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Why `path` is not a private directory of ours (undefined when it is); a directory of ours made too open is
 * narrowed (or, only looking, said).
 */
export function ownDirRefusal(path: string, uid: number | undefined, onlyLook = false): string | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isDirectory()) return `${path} is not a directory (a link or a file is in its place)`;
    if (uid !== undefined && stat.uid !== uid) return `${path} belongs to another user (uid ${stat.uid})`;
    if ((stat.mode & 0o077) !== 0) {
      if (onlyLook) return `others can reach into ${path} (mode ${(stat.mode & 0o777).toString(8)}; a feed narrows it to 700)`;
      chmodSync(path, 0o700);
    }
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Makes `path` (not its parents) as a private directory, or checks the one there; why it is refused, if it is. */
export function ensureOwnDir(path: string, uid: number | undefined): string | undefined {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return e instanceof Error ? e.message : String(e);
  }
  return ownDirRefusal(path, uid);
}

function predictable(p: RuntimeDirPlaces): { path: string; why?: string } {
  const path = runtimeDirPath(p.env, p.uid ?? 0);
  if (!PLAIN_PATH.test(path)) return { path, why: `${path} has characters a host's click command cannot carry` };
  const why = parentRefusal(dirname(path), p.uid) ?? ensureOwnDir(path, p.uid);
  return why ? { path, why } : { path };
}

/** The remembered fresh directory, when it is still there and still ours; otherwise a new one, remembered. */
function fresh(p: RuntimeDirPlaces): RuntimeDir {
  const tmp = tmpOf(p.env);
  const prefix = join(tmp, `tilebar-${p.uid ?? 0}-`);
  const note = join(p.cacheDir, `runtime-dir-${(p.host ?? hostname()).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64)}`);
  try {
    const user = currentUser();
    const remembered = (user && p.uid === user.uid ? trustedText(note, user) : readPrivate(note, 4096)?.toString('utf8'))?.trim();
    if (remembered && remembered.startsWith(prefix) && !remembered.slice(prefix.length).includes('/') && PLAIN_PATH.test(remembered)) {
      if (parentRefusal(tmp, p.uid) === undefined && ownDirRefusal(remembered, p.uid) === undefined) return { ok: true, path: remembered };
    }
    const refusal = parentRefusal(tmp, p.uid);
    if (refusal) return { ok: false, why: refusal };
    // Remembered only where this user alone can write (and so read back through the trust rule): otherwise every
    // later tilebar would make yet another directory, and a host's printed clicks would go to none of them.
    makeDirForOwnFiles(p.cacheDir, true);
    const made = mkdtempSync(prefix);
    const why = ownDirRefusal(made, p.uid);
    if (why || !PLAIN_PATH.test(made)) return { ok: false, why: why ?? `${made} has characters a host's click command cannot carry` };
    const part = `${note}.${process.pid}.tmp`;
    try {
      unlinkSync(part);
    } catch {
      // none left over
    }
    writeNewPrivate(part, `${made}\n`);
    renameSync(part, note);
    return { ok: true, path: made };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}

/** The feeds' private directory (see the top of this file). */
export function privateRuntimeDir(p: RuntimeDirPlaces): RuntimeDir {
  const first = predictable(p);
  if (!first.why) return { ok: true, path: first.path };
  const instead = fresh(p);
  const refused = `${first.why}; nothing is made in it`;
  return instead.ok ? { ok: true, path: instead.path, refused: `${refused}, ${instead.path} is used instead (remove ${first.path} to go back to it)` } : { ok: false, why: `${refused}, and no directory of tilebar's own could be made instead: ${instead.why}` };
}

/** The places for this process: its environment, its user and its cache directory. */
export function runtimeDirPlaces(env: Env, platform: NodeJS.Platform, home: string): RuntimeDirPlaces {
  return { env, uid: process.getuid?.(), cacheDir: tilebarCacheDir(env, platform, home) };
}

/**
 * What `check` says of the feeds' directory, only looking (nothing is made or changed): undefined when the
 * predictable directory is usable or not made yet, otherwise why it is refused and what to do.
 */
export function runtimeDirTrouble(p: RuntimeDirPlaces): string | undefined {
  const path = runtimeDirPath(p.env, p.uid ?? 0);
  if (!PLAIN_PATH.test(path)) return `${path} has characters a host's click command cannot carry; the feeds use a directory of their own in the temp directory instead`;
  const why = parentRefusal(dirname(path), p.uid) ?? (lstatSync(path, { throwIfNoEntry: false }) ? ownDirRefusal(path, p.uid, true) : undefined);
  return why && `${why}: the feeds make nothing in it and use a directory of their own in the temp directory instead (remove ${path}, or have its owner remove it, to go back to it)`;
}
