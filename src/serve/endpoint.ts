/**
 * Where the user's core listens for one session, and the files beside it: the key, the info (core-files.ts) and
 * the start lock (start-lock.ts). One core per user and session: `<session>` is a hash of the variables that
 * decide which display, window manager and bus a core reads, so two sessions of one user get two cores and a
 * core never reads one session's window manager for another's bars (eww #1050).
 *
 * Unix: everything is in the private runtime directory (io/runtime-dir.ts: ours, 0700, not a link, in a parent
 * nobody else can rename it in). Node cannot ask who is at the other end of a socket, so that directory is the
 * whole access control: connecting needs search permission on it, which nobody else has (tmux checks its
 * directory the same way, from both sides). The socket is `core-<session>.sock`, made 0600 after listening as
 * well. A front end checks the directory and the socket (a socket of ours, not a link) before it connects.
 *
 * Windows: `%LOCALAPPDATA%\tilebar\run` (the user's own folder), and the core listens on a pipe whose name is
 * random at each start, published in the info file: a predictable name could be made first by another user
 * (any local user can make a pipe), and then the real core could never listen (komorebi-pipe.ts says what a
 * pipe's default security allows).
 *
 * A socket is removed only when it is stale (connecting to it is refused) and only by the holder of the start
 * lock: a socket that answers is never removed (eww and Astal remove first and bind after, which orphans a
 * running daemon: eww #255, #451).
 */
import { createHash } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { connect, type Server } from 'node:net';
import path from 'node:path';
import { sameStamp, stampOf, type FileStamp } from '../io/file-stamp.js';
import { freshPipeName, windowsPipePath } from '../io/pipe-name.js';
import { removeDeadProcessFiles } from '../io/dead-process-files.js';
import { ensureOwnDir, ownDirRefusal, privateRuntimeDir, runtimeDirPlaces } from '../io/runtime-dir.js';
import { currentUser, directoryRefusal } from '../io/trust.js';
import { localAppData, pathsOf } from '../io/user-dirs.js';
import type { StartLock } from './start-lock.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The variables that decide which session a core reads: its display, window manager, bus and runtime dir. */
export const SESSION_VARIABLES = ['DISPLAY', 'WAYLAND_DISPLAY', 'SWAYSOCK', 'I3SOCK', 'HYPRLAND_INSTANCE_SIGNATURE', 'DBUS_SESSION_BUS_ADDRESS', 'KOMOREBI_CONFIG_HOME', 'XDG_RUNTIME_DIR'] as const;
/** Windows adds the session's name (`Console`, `RDP-Tcp#3`): two logins of one user are two sessions. */
export const WINDOWS_SESSION_VARIABLES = [...SESSION_VARIABLES, 'SESSIONNAME'] as const;

/**
 * A socket path longer than this is not used: `sun_path` holds 108 bytes on Linux and 104 on macOS (with its
 * terminating NUL), and a longer path would fail to bind, or be cut short, depending on the system.
 */
export const MAX_SOCKET_PATH_BYTES = 100;

/** Pipe names tried on Windows before giving up: another one is taken only when a name is in use (EADDRINUSE). */
export const MOST_PIPE_NAMES = 4;

/** The session's id: the first 8 hex digits of SHA-256 over the session variables (unset and empty differ). */
export function sessionOf(env: Env, platform: NodeJS.Platform): string {
  const names = platform === 'win32' ? WINDOWS_SESSION_VARIABLES : SESSION_VARIABLES;
  const seen = JSON.stringify(names.map((name) => [name, env[name] ?? null]));
  return createHash('sha256').update(seen).digest('hex').slice(0, 8);
}

/**
 * Which session this is, for a user who finds no core where they expected one (a unit or a window manager's bar
 * started without the shell's variables reaches a core of its own): the variables set, by name and value.
 */
export function sessionSaid(env: Env, platform: NodeJS.Platform): string {
  const names = platform === 'win32' ? WINDOWS_SESSION_VARIABLES : SESSION_VARIABLES;
  const set = names.filter((name) => env[name] !== undefined).map((name) => `${name}=${env[name] ?? ''}`);
  return `session ${sessionOf(env, platform)}: ${set.length === 0 ? 'none of its variables set' : set.join(', ')}`;
}

/** A front end's environment differs from the core's in one of these: it has a core of its own. */
export const SESSION_ADVICE = `bars whose ${SESSION_VARIABLES.join(', ')} differ reach a core of their own`;

/** The core of one session: its directory and the paths of its files. */
export interface CoreEndpoint {
  dir: string;
  session: string;
  /** Unix: the socket's path. Windows: undefined; the pipe's path is in the info file (its name is random). */
  socket: string | undefined;
  /** The key both sides prove themselves with (core-files.ts). */
  key: string;
  /** Which core runs (core-files.ts). */
  info: string;
  /** The right to start one (start-lock.ts). */
  lock: string;
}

/** The endpoint of `session` in `dir`, joined the platform's way. Pure. */
export function endpointIn(dir: string, session: string, platform: NodeJS.Platform): CoreEndpoint {
  const file = (ending: string) => pathsOf(platform).join(dir, `core-${session}.${ending}`);
  return { dir, session, socket: platform === 'win32' ? undefined : file('sock'), key: file('key'), info: file('json'), lock: file('lock') };
}

/** Windows: `%LOCALAPPDATA%\tilebar\run`, beside the log and the caches. Pure. */
export function windowsCoreDir(env: Env, home: string): string {
  return path.win32.join(localAppData(env, home), 'tilebar', 'run');
}

/** Why `socket` cannot be a socket's path here (too long), or undefined. Pure. */
export function socketPathTrouble(socket: string): string | undefined {
  const bytes = Buffer.byteLength(socket);
  if (bytes <= MAX_SOCKET_PATH_BYTES) return undefined;
  return `the core's socket would be ${socket}, ${bytes} bytes, and a socket's path may have at most ${MAX_SOCKET_PATH_BYTES} (108 on Linux, 104 on macOS, less the room kept): set XDG_RUNTIME_DIR (or TMPDIR) to a shorter directory`;
}

/**
 * Makes `dir` and the folder it is in (the parents above them as needed), each a directory of ours and not a
 * link: Windows' `%LOCALAPPDATA%\tilebar\run`. Why not, or undefined. Never throws.
 */
export function makeCoreDir(dir: string, uid: number | undefined = process.getuid?.()): string | undefined {
  const folder = path.dirname(dir);
  try {
    mkdirSync(path.dirname(folder), { recursive: true });
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return ensureOwnDir(folder, uid) ?? ensureOwnDir(dir, uid);
}

export type EndpointPlace =
  | { ok: true; endpoint: CoreEndpoint; /** Why the predictable directory was passed over (Unix): for the log. */ refused?: string }
  | { ok: false; why: string };

/** This user's core for the session `env` describes: its directory made (or checked) and its paths. Never throws. */
export function coreEndpoint(env: Env, platform: NodeJS.Platform, home: string): EndpointPlace {
  const session = sessionOf(env, platform);
  if (platform === 'win32') {
    const dir = windowsCoreDir(env, home);
    const why = makeCoreDir(dir);
    return why ? { ok: false, why: `no folder for the core: ${why}` } : { ok: true, endpoint: endpointIn(dir, session, platform) };
  }
  const runtime = privateRuntimeDir(runtimeDirPlaces(env, platform, home));
  if (!runtime.ok) return { ok: false, why: runtime.why };
  const endpoint = endpointIn(runtime.path, session, platform);
  const tooLong = endpoint.socket === undefined ? undefined : socketPathTrouble(endpoint.socket);
  if (tooLong) return { ok: false, why: tooLong };
  return { ok: true, endpoint, ...(runtime.refused ? { refused: runtime.refused } : {}) };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Why a front end must not connect to the socket at `socket`, or undefined when it may. It must be a socket
 * (not a link to one, not a file) of the user's. Nothing there is not refused: connecting says ENOENT then, and
 * the front end goes the start path. Never throws.
 */
export function socketRefusal(socket: string, uid: number | undefined = process.getuid?.()): string | undefined {
  try {
    const stat = lstatSync(socket, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) return `${socket} is a symbolic link where the core's socket should be; it is not followed (remove it)`;
    if (!stat.isSocket()) return `${socket} is not a socket (a ${stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'special file'} is in its place; remove it)`;
    if (uid !== undefined && stat.uid !== uid) return `${socket} belongs to another user (uid ${stat.uid}), not to you (uid ${uid}); it is not connected to (remove it)`;
    return undefined;
  } catch (e) {
    return message(e);
  }
}

/**
 * Why no core can start at `endpoint`, or undefined: a directory in the place of its key or info (core-files.ts: a
 * file is never renamed over one), or of its start lock (start-lock.ts: never taken, never removed). Anything else
 * there is replaced whole by the next core, or judged stale. Never throws.
 */
export function coreFilesRefusal(endpoint: Pick<CoreEndpoint, 'key' | 'info' | 'lock'>): string | undefined {
  for (const [path, what] of [
    [endpoint.key, 'key'],
    [endpoint.info, 'info'],
    [endpoint.lock, 'start lock'],
  ] as const) {
    try {
      if (lstatSync(path, { throwIfNoEntry: false })?.isDirectory()) return `${path} is a directory where the core's ${what} should be, so no core can start (remove it)`;
    } catch (e) {
      return message(e);
    }
  }
  return undefined;
}

/**
 * Why a front end must not connect to `endpoint`'s core, or undefined. Unix: the directory must still be a
 * private directory of ours (only looked at: nothing is narrowed here), on a way nobody else can change
 * (trust.ts), and the socket as socketRefusal wants it. Windows: the folder must be a folder, not a link. On both,
 * a core must be able to start there (coreFilesRefusal): were it not, each core a front end started would end
 * at once, and the front end would start more at each try, for good (or wait for a lock nobody can take).
 * Never throws.
 */
export function connectRefusal(endpoint: CoreEndpoint, uid: number | undefined = process.getuid?.()): string | undefined {
  if (endpoint.socket === undefined) {
    try {
      if (!lstatSync(endpoint.dir).isDirectory()) return `${endpoint.dir} is not a folder (a link or a file is in its place)`;
    } catch (e) {
      return message(e);
    }
    return coreFilesRefusal(endpoint);
  }
  const user = currentUser();
  const dirWhy = ownDirRefusal(endpoint.dir, uid, true) ?? (user && user.uid === uid ? directoryRefusal(endpoint.dir, user)?.why : undefined);
  if (dirWhy) return `${dirWhy}; tilebar connects to no core through it`;
  return socketRefusal(endpoint.socket, uid) ?? coreFilesRefusal(endpoint);
}

/** What connecting to a socket gave: it answers, or the error's code. */
function knock(socket: string): Promise<'answers' | string> {
  return new Promise((resolve) => {
    const client = connect(socket);
    client.once('connect', () => {
      client.destroy();
      resolve('answers');
    });
    client.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

export type StaleSocket = { outcome: 'absent' | 'answers' | 'removed' } | { outcome: 'refused'; why: string };

/**
 * Removes the socket at `socket` if it is stale, and in no other case: only while `lock` (the start lock) is
 * still held, only a socket of the user's (socketRefusal), only when connecting to it was refused
 * (ECONNREFUSED: nothing listens on it), and only if it is still the same file after that. A socket that
 * answers is left alone ('answers': a core runs there), as is one whose connect fails otherwise ('refused').
 */
export async function removeStaleSocket(socket: string, lock: Pick<StartLock, 'stillOurs'>, uid: number | undefined = process.getuid?.()): Promise<StaleSocket> {
  if (!lock.stillOurs()) return { outcome: 'refused', why: `the start lock is not held, so ${socket} is left as it is` };
  const refusal = socketRefusal(socket, uid);
  if (refusal) return { outcome: 'refused', why: refusal };
  const before = stampOf(socket);
  if (!before) return { outcome: 'absent' };
  const answer = await knock(socket);
  if (answer === 'answers') return { outcome: 'answers' };
  if (answer === 'ENOENT') return { outcome: 'absent' };
  if (answer !== 'ECONNREFUSED') return { outcome: 'refused', why: `connecting to ${socket} failed (${answer}), so it is left as it is` };
  if (!lock.stillOurs()) return { outcome: 'refused', why: `the start lock was taken over meanwhile, so ${socket} is left as it is` };
  const now = stampOf(socket);
  if (!now) return { outcome: 'absent' };
  if (!sameStamp(now, before)) return { outcome: 'refused', why: `${socket} was replaced while it was tried, so it is left as it is` };
  try {
    unlinkSync(socket);
    return { outcome: 'removed' };
  } catch (e) {
    return { outcome: 'refused', why: message(e) };
  }
}

/** The socket file a core bound, to remove it later only if it is still that one. */
export interface BoundSocket {
  path: string;
  stamp: FileStamp;
}

export type Listening =
  | { ok: true; /** The socket's or the pipe's path: the pipe's goes into the info file. */ address: string; /** Unix only. */ bound?: BoundSocket }
  | { ok: false; why: string; /** A core already answers at the socket: this one is not needed. */ answers?: true };

/** Listens on `address`; the error when it cannot. */
function listenOn(server: Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const failed = (e: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      resolve(e);
    };
    const listening = () => {
      server.off('error', failed);
      resolve(undefined);
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(address);
  });
}

/**
 * Where a core binds before its socket is linked into place, beside it: never longer than the socket's own name
 * (so it fits wherever the socket fits), and this process's alone.
 */
export const stagingSocketPath = (socket: string, pid: number = process.pid): string => path.join(path.dirname(socket), `core-new-${pid}`);

/**
 * Binds `server` at the staging path and links the socket into place under its real name (link(2) fails if a
 * socket appeared there meanwhile: it is never replaced). Closing a server removes the path it was bound at
 * (libuv unlinks it by name): bound at the real name, a core that ends after its socket was taken away (a hand,
 * a cleaner) would take the newer core's socket with it, and the newer core would run on, unreachable. Bound at
 * the staging name, closing removes nothing of anyone's, and the core removes its socket itself, only if it is
 * still the one it linked (removeOwnSocket). Where links to sockets are not allowed, binds at the real name.
 */
async function bindLinked(server: Server, socket: string): Promise<NodeJS.ErrnoException | undefined> {
  const staging = stagingSocketPath(socket);
  try {
    // Left by a process of this pid that was killed between binding and linking.
    unlinkSync(staging);
  } catch {
    // None.
  }
  const failed = await listenOn(server, staging);
  if (failed) return failed;
  try {
    linkSync(staging, socket);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (code === 'EEXIST') return e as NodeJS.ErrnoException;
    return listenOn(server, socket);
  } finally {
    try {
      unlinkSync(staging);
    } catch {
      // Already gone (closed above).
    }
  }
}

/**
 * Removes the staging names of cores killed between binding and linking (`core-new-<pid>` whose process is gone):
 * nothing else removes them. Only sockets of this user's, beside the socket, while the start lock is held. Never
 * throws.
 */
function removeDeadStagings(socket: string, uid: number | undefined): void {
  removeDeadProcessFiles(path.dirname(socket), {
    pidOf: (name) => {
      const pid = /^core-new-(\d{1,10})$/.exec(name)?.[1];
      return pid === undefined ? undefined : Number(pid);
    },
    mayRemove: (staging) => {
      const stat = lstatSync(staging);
      return stat.isSocket() && (uid === undefined || stat.uid === uid);
    },
  });
}

async function listenOnSocket(server: Server, socket: string, lock: Pick<StartLock, 'stillOurs'>, uid: number | undefined): Promise<Listening> {
  const stale = await removeStaleSocket(socket, lock, uid);
  if (stale.outcome === 'answers') return { ok: false, why: `a core already answers at ${socket}`, answers: true };
  if (stale.outcome === 'refused') return { ok: false, why: stale.why };
  removeDeadStagings(socket, uid);
  const failed = await bindLinked(server, socket);
  if (failed) return { ok: false, why: `cannot listen at ${socket}: ${failed.code ?? failed.message}` };
  try {
    // Belt and braces: the directory already keeps everyone else out.
    chmodSync(socket, 0o600);
    const stamp = stampOf(socket);
    if (!stamp) throw new Error(`${socket} went as soon as it was made`);
    return { ok: true, address: socket, bound: { path: socket, stamp } };
  } catch (e) {
    server.close();
    return { ok: false, why: `cannot make ${socket} private: ${message(e)}` };
  }
}

async function listenOnPipe(server: Server, pipePath: () => string): Promise<Listening> {
  let last = '';
  for (let i = 0; i < MOST_PIPE_NAMES; i++) {
    const pipe = pipePath();
    const failed = await listenOn(server, pipe);
    if (!failed) return { ok: true, address: pipe };
    last = `${pipe}: ${failed.code ?? failed.message}`;
    // A name in use was made first by somebody else: never joined, another one is taken.
    if (failed.code !== 'EADDRINUSE') break;
  }
  return { ok: false, why: `cannot make the core's pipe (${last})` };
}

/** A fresh pipe path for a core: `\\.\pipe\tilebar-core-<32 hex>`. */
export const corePipePath = (): string => windowsPipePath(freshPipeName('tilebar-core'));

/**
 * Has `server` listen for `endpoint`'s core, while the start lock is held. Unix: a stale socket is removed first
 * (removeStaleSocket; one that answers means a core runs: `answers`), then the socket is made 0600. Windows: a
 * pipe with a fresh random name (`pipePath`, corePipePath unless a test says), another one when the name is taken.
 * Never throws.
 */
export function listenForCore(server: Server, endpoint: CoreEndpoint, lock: Pick<StartLock, 'stillOurs'>, opts: { pipePath?: () => string; uid?: number } = {}): Promise<Listening> {
  if (endpoint.socket === undefined) return listenOnPipe(server, opts.pipePath ?? corePipePath);
  return listenOnSocket(server, endpoint.socket, lock, 'uid' in opts ? opts.uid : process.getuid?.());
}

/**
 * Removes the socket a core bound if it is still that one (a newer core's is left alone): what a core does at its
 * end, its server closed (which removed only the staging name it was bound at: bindLinked). Never throws.
 */
export function removeOwnSocket(bound: BoundSocket): boolean {
  try {
    if (!sameStamp(stampOf(bound.path), bound.stamp)) return false;
    unlinkSync(bound.path);
    return true;
  } catch {
    return false;
  }
}
