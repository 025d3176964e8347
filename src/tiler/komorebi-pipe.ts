/**
 * komorebi on Windows, where Node cannot open komorebi.sock (libuv's pipes are named pipes only): tilebar
 * serves a named pipe `\\.\pipe\tilebar-<random>` and asks komorebi to write to it with
 * `komorebic subscribe-pipe <name>`. komorebi connects as a client and writes one notification per line, so
 * the stream is split on newlines — a notification can span many chunks and a chunk can hold several — with
 * each line bounded. The first state comes from `komorebic state`. When komorebi is not running, closes the
 * pipe or never connects, tilebar subscribes again with back-off (komorebi forgets a pipe it could not write).
 * The bar's messages become komorebic command lines (translate-komorebic.ts), run one after another, komorebic
 * found by its full path (komorebicProgram), never in the current directory.
 *
 * Only komorebi's connection is read. Who may connect at all is the pipe's security descriptor, which Node does
 * not let tilebar choose: libuv creates the pipe with CreateNamedPipeW(..., lpSecurityAttributes = NULL), so it
 * has the default descriptor of a named pipe — full control for LocalSystem, the Administrators and the creator
 * (this user), and *read* access for Everyone and Anonymous. So another user can open it for reading (and so
 * take a connection) but not write to it, and cannot add an instance of it (that needs FILE_CREATE_PIPE_INSTANCE,
 * which only the creator, administrators and SYSTEM have); libuv makes the first instance with
 * FILE_FLAG_FIRST_PIPE_INSTANCE, so a pipe of that name someone made first is refused (EADDRINUSE; a fresh name is
 * taken), never joined. Node's only knob, listen({ readableAll, writableAll }) (uv_pipe_chmod), can only *add*
 * Everyone to the DACL; taking Everyone's read away, or asking which process or user a client is
 * (GetNamedPipeClientProcessId, ImpersonateNamedPipeClient), needs native code, which tilebar does not ship. Any
 * process of this user (and an administrator) can still write to the pipe, as it could to anything of the user's.
 * What tilebar does within that:
 * - the name is 128 random bits, so nobody can make it first (any local user can list `\\.\pipe\`, so a name
 *   hides nothing once the pipe exists; it only cannot be guessed before);
 * - one connection at a time: the first connection that sends a state is komorebi's, and while it is open every
 *   other connection is refused (destroyed), never swapped in;
 * - a connection that sends no state within STATE_WITHIN_MS is dropped (komorebi writes one at once: it notifies
 *   its subscribers after every command it handles, the subscribe-pipe that made it connect included), and the
 *   bar subscribes again as when komorebi never connects; at most MOST_UNPROVEN such connections wait at once,
 *   beside each other, and a newcomer beyond them lets the oldest go instead of being refused: another user may
 *   hold every slot with connections that say nothing (Everyone may open the pipe for reading), and refusing
 *   newcomers then refused komorebi's own at every subscription. komorebi writes its state the moment it
 *   connects, so to keep it out now takes MOST_UNPROVEN new connections within those few milliseconds, every
 *   time.
 *
 * Nothing here is Windows-only code: a named pipe is a `net` server on a pipe path, so the tests run the same
 * code on a Unix socket path, with a fake komorebic on PATH.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { LineSplitter } from '../io/lines.js';
import { freshPipeName } from '../io/pipe-name.js';
import type { Timers } from '../scheduler/timers.js';
import { Link } from './backoff.js';
import { reconnecting, type Attempt } from '../io/reconnect.js';
import { envValue, findProgram, isAbsoluteFor, programOnDisk, type FoundProgram, type ProgramLookup } from '../io/program-path.js';
import { parseJson, type TilerSource, type TilerSourceEvents } from './manager.js';
import { tilerStateFrom } from './state.js';
import { komorebicCommands } from './translate-komorebic.js';

/** A notification line longer than this is dropped (a large desktop's state is a few hundred KB). */
export const MAX_NOTIFICATION_LINE = 4 * 1024 * 1024;
/** How long komorebi has to connect after `subscribe-pipe` succeeded. */
export const CONNECT_WITHIN_MS = 5000;
/** How long a connection has to send a state before it is dropped (komorebi sends one at once). */
export const STATE_WITHIN_MS = 5000;
/** Connections that have sent no state yet, at most at once; a newcomer beyond them lets the oldest go. */
export const MOST_UNPROVEN = 16;
const KOMOREBIC_TIMEOUT_MS = 5000;

export interface KomorebiPipeOptions {
  /** The pipe's path for a name: `\\.\pipe\<name>` on Windows; a socket path in tests. */
  pipePath: (name: string) => string;
  name?: string;
  env: Readonly<Record<string, string | undefined>>;
  timers: Timers;
  events: TilerSourceEvents;
}

/**
 * Where komorebic is: on PATH (absolute entries only: the komorebic the user's own shell runs, a scoop shim or
 * cargo's bin included), else where komorebi's installer puts it (its wix/main.wxs: `[ProgramFiles64Folder]\komorebi\bin`,
 * which it also adds to the system PATH, so this is for a bar started with a PATH from before the install).
 */
export function komorebicProgram(lookup: ProgramLookup): FoundProgram {
  const onPath = findProgram('komorebic', lookup);
  if (onPath.ok || lookup.platform !== 'win32') return onPath;
  const programFiles = envValue(lookup.env, 'ProgramFiles', 'win32');
  const dir = path.win32.join(programFiles !== undefined && isAbsoluteFor(programFiles, 'win32') ? programFiles : 'C:\\Program Files', 'komorebi', 'bin');
  const installed = path.win32.join(dir, 'komorebic.exe');
  return lookup.isProgram(installed) ? { ok: true, path: installed } : { ok: false, problem: `komorebic is not on PATH, nor in ${dir}` };
}

/** Run komorebic (looked up again each time: it may be installed while the bar runs); resolves with its output, rejects with a one-line reason. */
function komorebic(args: string[], env: KomorebiPipeOptions['env']): Promise<string> {
  const found = komorebicProgram({ env, platform: process.platform, isProgram: programOnDisk(process.platform) });
  if (!found.ok) return Promise.reject(new Error(found.problem));
  const file = found.path;
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: KOMOREBIC_TIMEOUT_MS, maxBuffer: MAX_NOTIFICATION_LINE, windowsHide: true, encoding: 'utf8', env: env as NodeJS.ProcessEnv }, (e, out, err) => {
      if (!e) {
        resolve(out);
        return;
      }
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? `${file} could not be started (ENOENT)`
          : // komorebic prints "(os error 10061)" when komorebi is not running, as yasb recognises.
            /10061/.test(`${err}${out}`)
            ? 'komorebi is not running'
            : `komorebic ${args[0] ?? ''} failed: ${(`${err}`.trim().split('\n')[0] ?? '').slice(0, 200) || e.message.split('\n')[0]}`;
      reject(new Error(why));
    });
  });
}

/**
 * A state document from komorebi handed on; one that is not a state at all is said, and the last good one kept.
 * Whether it was a state: only a state shows that komorebi is the peer (a connection alone is not "connected").
 */
function acceptState(doc: unknown, problems: Link['problems'], events: TilerSourceEvents): boolean {
  const probe = tilerStateFrom(doc, 0);
  // A document that is not a state at all says nothing about any monitor; keep the last good one.
  if (!probe.ok && /not a window-manager state/.test(probe.problem)) {
    problems.say(`komorebi: ${probe.problem}`);
    return false;
  }
  events.snapshot((monitor) => tilerStateFrom(doc, monitor));
  return true;
}

function parseState(text: string, problems: Link['problems']): unknown {
  const doc = parseJson(text);
  if (doc === undefined) problems.say('komorebi: ignored a notification that is not JSON, or deeper or larger than a state can be');
  return doc;
}

/** `komorebic state`'s answer, applied while `current` says no notification came since (it would be newer). */
function askState(env: KomorebiPipeOptions['env'], problems: Link['problems'], current: () => boolean, apply: (doc: unknown) => void): void {
  komorebic(['state'], env).then(
    (out) => {
      const doc = current() ? parseState(out, problems) : undefined;
      if (doc !== undefined) apply(doc);
    },
    (e: unknown) => problems.say(`komorebi: ${e instanceof Error ? e.message : String(e)}`),
  );
}

/** A socket path left by an earlier run would refuse the listen (not so for pipes, which vanish with their server). */
function removeStaleSocket(path: string): void {
  if (!path.startsWith('\\\\')) rmSync(path, { force: true });
}

/** Each notification komorebi writes on `socket`, a line each, parsed; an over-long one is dropped and said. */
function onNotifications(socket: Socket, problems: Link['problems'], each: (doc: unknown) => void): void {
  const lines = new LineSplitter(MAX_NOTIFICATION_LINE, (bytes) => problems.say(`komorebi: dropped a notification of ${bytes} bytes or more`));
  socket.on('data', (chunk: Buffer) => {
    for (const line of lines.push(chunk)) {
      if (line.trim() === '') continue;
      const doc = parseState(line, problems);
      if (doc !== undefined) each(doc);
    }
  });
}

/** Run the messages as `komorebic` commands (those it has), in order. */
async function runKomorebic(env: KomorebiPipeOptions['env'], events: TilerSourceEvents, messages: readonly SocketMessage[]): Promise<void> {
  const t = komorebicCommands(messages);
  if (t.unsupported.length > 0) events.log(`komorebi (Windows): not supported, not sent: ${t.unsupported.join('; ')}`);
  for (const argv of t.commands) await komorebic(argv, env);
}

interface ConnectionEvents {
  /** A notification was read from a connection still listened to. Whether it was a state (shown). */
  notification(doc: unknown): boolean;
  /** komorebi's connection closed. */
  peerClosed(): void;
  /** A connection that sent no state was dropped, and no komorebi connection is open. */
  silentDropped(): void;
}

/**
 * The pipe's connections, one at a time: the first to send a state is komorebi's, and while it is open every other
 * is refused; one that sends no state within STATE_WITHIN_MS is dropped; at most MOST_UNPROVEN wait at once, the
 * oldest giving way to a newcomer.
 */
class OneConnection {
  /** komorebi's connection: the one that sent a state. */
  #peer: Socket | undefined;
  /** Connections that have not sent a state yet, each with the timer that drops it. */
  readonly #unproven = new Map<Socket, unknown>();

  constructor(
    private readonly timers: Timers,
    private readonly problems: Link['problems'],
    private readonly events: ConnectionEvents,
  ) {}

  get hasPeer(): boolean {
    return this.#peer !== undefined;
  }

  accept(socket: Socket): void {
    socket.on('error', () => undefined); // 'close' follows
    // A newcomer never replaces komorebi's connection (komorebi restarting closes its old one first).
    if (this.#peer) {
      this.problems.say("komorebi: refused another connection to the pipe while komorebi's is open");
      socket.destroy();
      return;
    }
    const [oldest] = this.#unproven.keys();
    if (oldest && this.#unproven.size >= MOST_UNPROVEN) {
      this.problems.say(`komorebi: let go the oldest of ${MOST_UNPROVEN} connections to the pipe that have sent no state, for a new one`);
      this.#forget(oldest);
      oldest.destroy();
    }
    this.#unproven.set(
      socket,
      this.timers.setTimeout(() => {
        if (!this.#unproven.has(socket)) return;
        this.#forget(socket);
        this.problems.say(`komorebi: dropped a connection to the pipe that sent no state within ${STATE_WITHIN_MS / 1000} s`);
        socket.destroy();
        if (!this.#peer) this.events.silentDropped();
      }, STATE_WITHIN_MS),
    );
    onNotifications(socket, this.problems, (doc) => {
      if (this.#peer !== socket && !this.#unproven.has(socket)) return; // let go meanwhile
      if (this.events.notification(doc)) this.#adopt(socket);
    });
    socket.on('close', () => {
      this.#forget(socket);
      if (this.#peer !== socket) return;
      this.#peer = undefined;
      this.events.peerClosed();
    });
  }

  close(): void {
    this.#peer?.destroy();
    for (const socket of [...this.#unproven.keys()]) {
      this.#forget(socket);
      socket.destroy();
    }
  }

  #forget(socket: Socket): void {
    const timer = this.#unproven.get(socket);
    if (timer === undefined) return;
    this.timers.clearTimeout(timer);
    this.#unproven.delete(socket);
  }

  /** `socket` sent a state: it is komorebi's connection, and the others waiting beside it are let go. */
  #adopt(socket: Socket): void {
    if (this.#peer === socket) return;
    this.#forget(socket);
    this.#peer = socket;
    for (const other of [...this.#unproven.keys()]) {
      this.#forget(other);
      other.destroy();
    }
  }
}

export function startKomorebiPipeSource(opts: KomorebiPipeOptions): TilerSource {
  const { timers, events } = opts;
  let name = opts.name ?? freshPipeName();
  let path = opts.pipePath(name);
  const link = new Link(events);
  const problems = link.problems;
  /** Notifications read so far: a `komorebic state` answer older than one of them is not applied. */
  let notified = 0;

  /** A state shown, from komorebi or komorebic: komorebi is there. */
  const shown = (doc: unknown): boolean => {
    if (!acceptState(doc, problems, events)) return false;
    link.up();
    loop.live?.up();
    return true;
  };
  const connections = new OneConnection(timers, problems, {
    notification: (doc) => {
      notified++;
      return shown(doc);
    },
    peerClosed: () => loop.live?.failed('komorebi closed the pipe; subscribing again'),
    // Nothing of komorebi's is here: subscribe again, as when komorebi never connects.
    silentDropped: () => loop.live?.failed(`no state on ${path} within ${STATE_WITHIN_MS / 1000} s of a connection; subscribing again`),
  });
  const server: Server = createServer((socket) => connections.accept(socket));
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (server.listening) return problems.say(`komorebi: the pipe ${path}: ${e.code ?? e.message}`);
    // The pipe could not be made: on Windows EADDRINUSE when another program (any local user may) made a pipe of
    // that name first. Never join theirs: a fresh name after a back-off, and komorebi is told that one.
    name = freshPipeName();
    path = opts.pipePath(name);
    loop.live?.failed(`cannot make the pipe (${e.code ?? e.message}); trying a fresh name`);
  });

  const subscribe = async (attempt: Attempt, waiting: { timer: unknown }) => {
    try {
      await komorebic(['subscribe-pipe', name], opts.env);
    } catch (e) {
      // komorebi's connection came meanwhile: nothing to subscribe again for.
      if (!connections.hasPeer) attempt.failed(`${e instanceof Error ? e.message : String(e)}; subscribing again`);
      return;
    }
    if (!attempt.current) return;
    waiting.timer = timers.setTimeout(() => {
      if (!connections.hasPeer) attempt.failed(`komorebi did not connect to ${path} and send a state within ${CONNECT_WITHIN_MS / 1000} s; subscribing again`);
    }, CONNECT_WITHIN_MS);
    const before = notified;
    askState(opts.env, problems, () => attempt.current && notified === before, shown);
  };

  // The subscription under way (loop.live): listening if need be, `subscribe-pipe`, komorebi connecting.
  const loop = reconnecting({
    timers,
    connect: (attempt) => {
      const waiting: { timer: unknown } = { timer: undefined };
      // komorebi's connection is open: subscribing again would only make komorebi open another, which is refused.
      if (connections.hasPeer) attempt.up();
      else if (server.listening) void subscribe(attempt, waiting);
      else {
        removeStaleSocket(path);
        server.listen(path, () => {
          if (attempt.current) void subscribe(attempt, waiting);
        });
      }
      return () => timers.clearTimeout(waiting.timer);
    },
    down: () => link.lost(),
    say: (why) => events.log(`komorebi: ${why}`),
  });

  return {
    manager: 'komorebi',
    get where() {
      return path;
    },
    send: (messages: readonly SocketMessage[]) => runKomorebic(opts.env, events, messages),
    async close() {
      loop.close();
      connections.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeStaleSocket(path);
    },
  };
}
