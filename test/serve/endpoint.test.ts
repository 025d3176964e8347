/**
 * Where the user's core listens (src/serve/endpoint.ts), with real directories, files and sockets: one core per
 * user and session; only the user reaches it (the private directory is the guard, checked by the core before it
 * listens and by a front end before it connects); a socket is removed only when it is stale and only under the
 * start lock; Windows' places and pipe names (pure: the pipes themselves are tested under Wine).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectRefusal, coreEndpoint, corePipePath, endpointIn, listenForCore, makeCoreDir, MAX_SOCKET_PATH_BYTES, removeOwnSocket, removeStaleSocket, SESSION_VARIABLES, sessionOf, socketPathTrouble, socketRefusal, windowsCoreDir, type CoreEndpoint } from '../../src/serve/endpoint.js';
import { takeStartLock, type StartLock } from '../../src/serve/start-lock.js';
import { stampOf } from '../../src/io/file-stamp.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';
import { childEnv } from '../support/child-env.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { leaveStaleSocket, tempDir, userIn } from './places.js';

const cleanups = cleanupsAfterEach();
const asRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
const onUnix = process.platform !== 'win32';

/** A server of the test's, closed after it; `connections` counts who got through. */
function server(): { server: Server; connections: () => number } {
  let count = 0;
  const s = createServer((socket) => {
    count++;
    socket.destroy();
  });
  cleanups.push(() => new Promise((done) => s.close(() => done(undefined))));
  return { server: s, connections: () => count };
}

function listening(path: string): Promise<{ server: Server; connections: () => number }> {
  const made = server();
  return new Promise((done, fail) => {
    made.server.once('error', fail);
    made.server.listen(path, () => done(made));
  });
}

function endpointOf(env: Record<string, string>, home: string): CoreEndpoint {
  const place = coreEndpoint(env, 'linux', home);
  if (!place.ok) throw new Error(`no endpoint: ${place.why}`);
  return place.endpoint;
}

function lockOf(endpoint: CoreEndpoint): StartLock {
  const tried = takeStartLock(endpoint.lock, { now: Date.now });
  if (!tried.taken) throw new Error(`the lock was not taken: ${tried.why}`);
  cleanups.push(() => tried.lock.release());
  return tried.lock;
}

describe('the session a core serves', () => {
  const base = { DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-1', SWAYSOCK: '/run/user/1000/sway.sock', I3SOCK: '/run/user/1000/i3/ipc', HYPRLAND_INSTANCE_SIGNATURE: 'abc', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', KOMOREBI_CONFIG_HOME: '/home/me/.config/komorebi', XDG_RUNTIME_DIR: '/run/user/1000' };

  it('is the same for the same environment, 8 hex digits, whatever else differs', () => {
    expect(sessionOf(base, 'linux')).toMatch(/^[0-9a-f]{8}$/);
    expect(sessionOf({ ...base }, 'linux')).toBe(sessionOf(base, 'linux'));
    expect(sessionOf({ ...base, TERM: 'xterm', PWD: '/elsewhere', SESSIONNAME: 'Console' }, 'linux')).toBe(sessionOf(base, 'linux'));
  });

  it('differs when any one of the variables that decide the session differs, or is unset, or empty', () => {
    const seen = new Set([sessionOf(base, 'linux')]);
    for (const name of SESSION_VARIABLES) {
      const { [name]: _, ...without } = base;
      for (const env of [{ ...base, [name]: `${base[name]}-other` }, without, { ...base, [name]: '' }]) {
        const session = sessionOf(env, 'linux');
        expect(seen.has(session), `${name}: ${JSON.stringify(env[name as keyof typeof env])}`).toBe(false);
        seen.add(session);
      }
    }
  });

  it("on Windows also tells one login's session (SESSIONNAME) from another's", () => {
    const one = { LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', SESSIONNAME: 'Console' };
    expect(sessionOf(one, 'win32')).not.toBe(sessionOf({ ...one, SESSIONNAME: 'RDP-Tcp#3' }, 'win32'));
    expect(sessionOf(one, 'win32')).toBe(sessionOf({ ...one }, 'win32'));
  });
});

describe("the core's place on Windows (paths only; the pipes are tested under Wine)", () => {
  const env = { LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', SESSIONNAME: 'Console' };

  it('is %LOCALAPPDATA%\\tilebar\\run (else the profile\'s AppData\\Local), with no socket: the pipe is named in the info file', () => {
    const session = sessionOf(env, 'win32');
    const endpoint = endpointIn(windowsCoreDir(env, 'C:\\Users\\me'), session, 'win32');
    expect(endpoint).toEqual({
      dir: 'C:\\Users\\me\\AppData\\Local\\tilebar\\run',
      session,
      socket: undefined,
      key: `C:\\Users\\me\\AppData\\Local\\tilebar\\run\\core-${session}.key`,
      info: `C:\\Users\\me\\AppData\\Local\\tilebar\\run\\core-${session}.json`,
      lock: `C:\\Users\\me\\AppData\\Local\\tilebar\\run\\core-${session}.lock`,
    });
    expect(windowsCoreDir({}, 'C:\\Users\\me')).toBe('C:\\Users\\me\\AppData\\Local\\tilebar\\run');
  });

  it('listens on a pipe named anew at each start, 128 random bits', () => {
    const names = new Set(Array.from({ length: 16 }, () => corePipePath()));
    expect(names.size).toBe(16);
    for (const name of names) expect(name).toMatch(/^\\\\\.\\pipe\\tilebar-core-[0-9a-f]{32}$/);
  });

  it.skipIf(!onUnix)('makes its folder and the one above it, and refuses a link in the place of either', () => {
    const dir = tempDir(cleanups);
    const local = join(dir, 'Local');
    expect(makeCoreDir(join(local, 'tilebar', 'run'))).toBeUndefined();
    expect(lstatSync(join(local, 'tilebar', 'run')).isDirectory()).toBe(true);
    expect(makeCoreDir(join(local, 'tilebar', 'run'))).toBeUndefined();

    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(join(elsewhere, 'run'), { recursive: true, mode: 0o700 });
    const linked = join(dir, 'Linked');
    mkdirSync(linked);
    symlinkSync(elsewhere, join(linked, 'tilebar'));
    expect(makeCoreDir(join(linked, 'tilebar', 'run'))).toContain(join(linked, 'tilebar'));
    symlinkSync(join(elsewhere, 'run'), join(local, 'tilebar', 'run2'));
    expect(makeCoreDir(join(local, 'tilebar', 'run2'))).toMatch(/run2 is not a directory/);
  });
});

describe.skipIf(!onUnix)("the core's place on Unix", () => {
  it('is core-<session>.sock and its files in the private runtime directory, made 0700', () => {
    const user = userIn(tempDir(cleanups));
    const place = coreEndpoint(user.env, 'linux', user.home);
    const session = sessionOf(user.env, 'linux');
    const dir = join(user.runtime, 'tilebar');
    expect(place).toEqual({ ok: true, endpoint: { dir, session, socket: join(dir, `core-${session}.sock`), key: join(dir, `core-${session}.key`), info: join(dir, `core-${session}.json`), lock: join(dir, `core-${session}.lock`) } });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('is refused when its socket path would be too long for a socket, saying why and what to do', () => {
    const user = userIn(tempDir(cleanups));
    const long = join(user.runtime, 'x'.repeat(MAX_SOCKET_PATH_BYTES - user.runtime.length));
    mkdirSync(long, { mode: 0o700 });
    const place = coreEndpoint({ ...user.env, XDG_RUNTIME_DIR: long }, 'linux', user.home);
    expect(place.ok).toBe(false);
    expect(!place.ok && place.why).toMatch(/core's socket would be .*core-[0-9a-f]{8}\.sock, \d+ bytes.*at most 100.*set XDG_RUNTIME_DIR/);
    expect(socketPathTrouble(`/run/user/1000/tilebar/core-01234567.sock`)).toBeUndefined();
  });

  it('is not a link planted in the runtime directory: the fresh private directory is used instead, and why is said', () => {
    const user = userIn(tempDir(cleanups));
    const theirs = join(user.runtime, 'theirs');
    mkdirSync(theirs, { mode: 0o700 });
    symlinkSync(theirs, join(user.runtime, 'tilebar'));
    const place = coreEndpoint(user.env, 'linux', user.home);
    expect(place.ok && place.endpoint.dir.startsWith(join(user.tmp, 'tilebar-'))).toBe(true);
    expect(place.ok && place.refused).toContain(`${join(user.runtime, 'tilebar')} is not a directory`);
    expect(readdirSync(theirs)).toEqual([]);
  });

  it.skipIf(!asRoot)("is not another user's directory in the runtime directory (the fresh private one instead)", () => {
    const user = userIn(tempDir(cleanups));
    mkdirSync(join(user.runtime, 'tilebar'), { mode: 0o700 });
    chownSync(join(user.runtime, 'tilebar'), UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    const place = coreEndpoint(user.env, 'linux', user.home);
    expect(place.ok && place.endpoint.dir).not.toContain(join(user.runtime, 'tilebar'));
    expect(place.ok && place.refused).toContain(`belongs to another user (uid ${UNPRIVILEGED.uid})`);
  });

  it('is nowhere when the runtime directory and the temp directory are both writable by others: no endpoint, and why', () => {
    const user = userIn(tempDir(cleanups));
    chmodSync(user.runtime, 0o777);
    chmodSync(user.tmp, 0o777);
    const place = coreEndpoint(user.env, 'linux', user.home);
    expect(place.ok).toBe(false);
    expect(!place.ok && place.why).toContain(`others can write in ${user.runtime}`);
    expect(!place.ok && place.why).toContain(`others can write in ${user.tmp}`);
  });
});

describe.skipIf(!onUnix)('what a front end connects to', () => {
  it("is a socket of the user's, never a link to one, a file, or another user's socket: each refused, naming the path", async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    const real = join(endpoint.dir, 'real.sock');
    await listening(real);
    expect(socketRefusal(real)).toBeUndefined();
    // Nothing there: not refused (the connect says ENOENT, and the front end starts a core).
    expect(socketRefusal(endpoint.socket!)).toBeUndefined();
    expect(connectRefusal(endpoint)).toBeUndefined();

    symlinkSync(real, endpoint.socket!);
    expect(socketRefusal(endpoint.socket!)).toBe(`${endpoint.socket} is a symbolic link where the core's socket should be; it is not followed (remove it)`);
    expect(connectRefusal(endpoint)).toContain(`${endpoint.socket} is a symbolic link`);
    unlinkSync(endpoint.socket!);

    writeFileSync(endpoint.socket!, '');
    expect(socketRefusal(endpoint.socket!)).toBe(`${endpoint.socket} is not a socket (a file is in its place; remove it)`);
    unlinkSync(endpoint.socket!);

    renameSync(real, endpoint.socket!);
    expect(connectRefusal(endpoint)).toBeUndefined();
  });

  it.skipIf(!asRoot)("refuses a socket of another user's", async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    await listening(endpoint.socket!);
    chownSync(endpoint.socket!, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    expect(socketRefusal(endpoint.socket!)).toBe(`${endpoint.socket} belongs to another user (uid ${UNPRIVILEGED.uid}), not to you (uid 0); it is not connected to (remove it)`);
    expect(connectRefusal(endpoint)).toContain('belongs to another user');
  });

  it('is in a directory that is still private: opened up to the group, or made a link, it is refused (only looked at, not narrowed)', () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    chmodSync(endpoint.dir, 0o770);
    expect(connectRefusal(endpoint)).toContain(`others can reach into ${endpoint.dir} (mode 770`);
    expect(statSync(endpoint.dir).mode & 0o777).toBe(0o770);
    chmodSync(endpoint.dir, 0o700);
    renameSync(endpoint.dir, `${endpoint.dir}.real`);
    symlinkSync(`${endpoint.dir}.real`, endpoint.dir);
    expect(connectRefusal(endpoint)).toContain(`${endpoint.dir} is not a directory (a link or a file is in its place)`);
  });

  it.skipIf(!asRoot)("is refused in a directory that became another user's", () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    chownSync(endpoint.dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    expect(connectRefusal(endpoint)).toContain(`${endpoint.dir} belongs to another user (uid ${UNPRIVILEGED.uid})`);
  });
});

describe.skipIf(!onUnix || !asRoot || !hasSetpriv)('another local user (nobody, through setpriv)', () => {
  /** What connecting to `path` as nobody gives: `connected`, or the error's code. */
  function connectAsNobody(path: string): string {
    const script = `const s = require('node:net').connect(process.argv[1]);
      s.on('connect', () => { process.stdout.write('connected'); s.destroy(); });
      s.on('error', (e) => process.stdout.write(e.code ?? e.message));`;
    const argv = ['setpriv', `--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', process.execPath, '-e', script, path];
    const run = spawnSync(argv[0]!, argv.slice(1), { env: childEnv(), encoding: 'utf8' });
    return run.stdout;
  }

  it("cannot connect to the user's core: EACCES, and the core sees no connection", async () => {
    // Traversable up to the runtime directory: what keeps nobody out is the core's own directory.
    const user = userIn(tempDir(cleanups, 0o711));
    const endpoint = endpointOf(user.env, user.home);
    const core = server();
    const listened = await listenForCore(core.server, endpoint, lockOf(endpoint));
    expect(listened.ok).toBe(true);
    expect(connectAsNobody(endpoint.socket!)).toBe('EACCES');
    expect(core.connections()).toBe(0);

    // The same socket in a directory anyone may enter, and open to all: nobody gets through (so the refusal
    // above is the directory's and the socket's, not nobody's inability to connect at all).
    const open = join(user.runtime, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    const control = await listening(join(open, 'core.sock'));
    chmodSync(join(open, 'core.sock'), 0o777);
    expect(connectAsNobody(join(open, 'core.sock'))).toBe('connected');
    await until(() => control.connections() === 1, 'the connection nobody made where the way is open');
  });
});

describe.skipIf(!onUnix)('a stale socket', () => {
  it('is removed under the start lock when nothing listens on it (ECONNREFUSED), and the core listens in its place, 0600', async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    leaveStaleSocket(endpoint.socket!);
    expect(lstatSync(endpoint.socket!).isSocket()).toBe(true);
    const lock = lockOf(endpoint);
    expect(await removeStaleSocket(endpoint.socket!, lock)).toEqual({ outcome: 'removed' });
    expect(existsSync(endpoint.socket!)).toBe(false);
    expect(await removeStaleSocket(endpoint.socket!, lock)).toEqual({ outcome: 'absent' });

    leaveStaleSocket(endpoint.socket!);
    const core = server();
    const listened = await listenForCore(core.server, endpoint, lock);
    expect(listened).toEqual({ ok: true, address: endpoint.socket, bound: { path: endpoint.socket, stamp: expect.objectContaining({ ino: expect.any(BigInt) }) } });
    expect(statSync(endpoint.socket!).mode & 0o777).toBe(0o600);
  });

  it('is left alone without the lock: one never taken, or released, or taken over', async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    leaveStaleSocket(endpoint.socket!);
    expect(await removeStaleSocket(endpoint.socket!, { stillOurs: () => false })).toEqual({ outcome: 'refused', why: `the start lock is not held, so ${endpoint.socket} is left as it is` });
    const lock = lockOf(endpoint);
    lock.release();
    expect((await removeStaleSocket(endpoint.socket!, lock)).outcome).toBe('refused');
    expect(lstatSync(endpoint.socket!).isSocket()).toBe(true);
  });

  it('is never one that answers: a live core keeps its socket, and a second core does not listen', async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    const first = server();
    const lock = lockOf(endpoint);
    expect((await listenForCore(first.server, endpoint, lock)).ok).toBe(true);
    const before = lstatSync(endpoint.socket!).ino;
    expect(await removeStaleSocket(endpoint.socket!, lock)).toEqual({ outcome: 'answers' });
    const second = server();
    expect(await listenForCore(second.server, endpoint, lock)).toEqual({ ok: false, answers: true, why: `a core already answers at ${endpoint.socket}` });
    expect(second.server.listening).toBe(false);
    expect(lstatSync(endpoint.socket!).ino).toBe(before);
    // Still the first core's: a front end reaches it.
    await listening(join(endpoint.dir, 'unrelated.sock'));
    expect(await removeStaleSocket(endpoint.socket!, lock)).toEqual({ outcome: 'answers' });
  });

  it("takes with it the staging names of cores killed between binding and linking, and no one else's", async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    // A core killed after binding its staging name (core-new-<its pid>), before linking the socket into place.
    const killed = `require('node:net').createServer().listen(require('node:path').join(process.argv[1], 'core-new-' + process.pid), () => process.kill(process.pid, 'SIGKILL'))`;
    expect(spawnSync(process.execPath, ['-e', killed, endpoint.dir], { env: childEnv(), stdio: 'ignore' }).signal).toBe('SIGKILL');
    const dead = readdirSync(endpoint.dir).filter((n) => n.startsWith('core-new-'));
    expect(dead).toHaveLength(1);
    // A core starting now (its process lives: it is this sleep), and a file that only has the name.
    const alive = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void alive.kill());
    await listening(join(endpoint.dir, `core-new-${alive.pid}`));
    writeFileSync(join(endpoint.dir, 'core-new-2147483646'), 'not a socket');
    const core = server();
    expect((await listenForCore(core.server, endpoint, lockOf(endpoint))).ok).toBe(true);
    const left = readdirSync(endpoint.dir).filter((n) => n.startsWith('core-new-')).sort();
    expect(left).toEqual([`core-new-${alive.pid}`, 'core-new-2147483646'].sort());
  });

  it('is never a file or a link in the socket\'s place (said, not removed)', async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    const lock = lockOf(endpoint);
    writeFileSync(endpoint.socket!, 'notes');
    const core = server();
    expect(await listenForCore(core.server, endpoint, lock)).toEqual({ ok: false, why: `${endpoint.socket} is not a socket (a file is in its place; remove it)` });
    expect(existsSync(endpoint.socket!)).toBe(true);
  });
});

describe.skipIf(!onUnix)('a core that ends', () => {
  it("removes its own socket, never a newer core's in its place", async () => {
    const user = userIn(tempDir(cleanups));
    const endpoint = endpointOf(user.env, user.home);
    const lock = lockOf(endpoint);
    leaveStaleSocket(endpoint.socket!);
    const old = stampOf(endpoint.socket!)!;
    const newer = server();
    const listened = await listenForCore(newer.server, endpoint, lock);
    expect(listened.ok).toBe(true);
    expect(removeOwnSocket({ path: endpoint.socket!, stamp: old })).toBe(false);
    expect(lstatSync(endpoint.socket!).isSocket()).toBe(true);
    expect(listened.ok && listened.bound && removeOwnSocket(listened.bound)).toBe(true);
    expect(existsSync(endpoint.socket!)).toBe(false);
  });
});

describe.skipIf(!onUnix)("a core's pipe (the Windows way, on socket paths here)", () => {
  it('takes another random name when one is in use (somebody made it first), never joins it', async () => {
    const dir = tempDir(cleanups);
    const endpoint = endpointIn(dir, '01234567', 'win32');
    const names = [join(dir, 'pipe-1'), join(dir, 'pipe-2')];
    const squatter = await listening(names[0]!);
    const core = server();
    const listened = await listenForCore(core.server, endpoint, { stillOurs: () => true }, { pipePath: () => names.shift()! });
    expect(listened).toEqual({ ok: true, address: join(dir, 'pipe-2') });
    expect(squatter.server.listening).toBe(true);
  });

  it('gives up, saying the last name and why, when every name it tries is taken', async () => {
    const dir = tempDir(cleanups);
    const taken = join(dir, 'taken');
    await listening(taken);
    const core = server();
    const listened = await listenForCore(core.server, endpointIn(dir, '01234567', 'win32'), { stillOurs: () => true }, { pipePath: () => taken });
    expect(listened).toEqual({ ok: false, why: `cannot make the core's pipe (${taken}: EADDRINUSE)` });
  });
});
