/**
 * komorebi on Windows, where Node cannot open komorebi.sock (libuv's pipes are named pipes only): tilebar
 * serves a named pipe `\\.\pipe\tilebar-<word>-<n>` and asks komorebi to write to it with
 * `komorebic subscribe-pipe <name>`. komorebi connects as a client and writes one notification per line, so
 * the stream is split on newlines — a notification can span many chunks and a chunk can hold several — with
 * each line bounded. The first state comes from `komorebic state`. When komorebi is not running, closes the
 * pipe or never connects, tilebar subscribes again with back-off (komorebi forgets a pipe it could not write).
 * The bar's messages become komorebic command lines (translate-komorebic.ts), run one after another.
 *
 * Nothing here is Windows-only code: a named pipe is a `net` server on a pipe path, so the tests run the same
 * code on a Unix socket path, with a fake komorebic on PATH.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { LineSplitter } from '../io/lines.js';
import type { Timers } from '../scheduler/timers.js';
import { Link } from './backoff.js';
import { reconnecting, type Attempt } from '../io/reconnect.js';
import { subscriberName } from './client.js';
import { parseJson, type TilerSource, type TilerSourceEvents } from './manager.js';
import { tilerStateFrom } from './state.js';
import { komorebicCommands } from './translate-komorebic.js';

/** A notification line longer than this is dropped (a large desktop's state is a few hundred KB). */
export const MAX_NOTIFICATION_LINE = 4 * 1024 * 1024;
/** How long komorebi has to connect after `subscribe-pipe` succeeded. */
export const CONNECT_WITHIN_MS = 5000;
const KOMOREBIC_TIMEOUT_MS = 5000;

export interface KomorebiPipeOptions {
  /** The pipe's path for a name: `\\.\pipe\<name>` on Windows; a socket path in tests. */
  pipePath: (name: string) => string;
  name?: string;
  /** The komorebic program (found on PATH by default). */
  komorebic?: string;
  env: Readonly<Record<string, string | undefined>>;
  timers: Timers;
  events: TilerSourceEvents;
}

export function windowsPipePath(name: string): string {
  return `\\\\.\\pipe\\${name}`;
}

/** Run komorebic; resolves with its output, rejects with a one-line reason. */
function komorebic(file: string, args: string[], env: KomorebiPipeOptions['env']): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: KOMOREBIC_TIMEOUT_MS, maxBuffer: MAX_NOTIFICATION_LINE, windowsHide: true, encoding: 'utf8', env: env as NodeJS.ProcessEnv }, (e, out, err) => {
      if (!e) {
        resolve(out);
        return;
      }
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? `${file} is not on PATH`
          : // komorebic prints "(os error 10061)" when komorebi is not running, as yasb recognises.
            /10061/.test(`${err}${out}`)
            ? 'komorebi is not running'
            : `${file} ${args[0] ?? ''} failed: ${(`${err}`.trim().split('\n')[0] ?? '').slice(0, 200) || e.message.split('\n')[0]}`;
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
function askState(file: string, env: KomorebiPipeOptions['env'], problems: Link['problems'], current: () => boolean, apply: (doc: unknown) => void): void {
  komorebic(file, ['state'], env).then(
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
async function runKomorebic(file: string, env: KomorebiPipeOptions['env'], events: TilerSourceEvents, messages: readonly SocketMessage[]): Promise<void> {
  const t = komorebicCommands(messages);
  if (t.unsupported.length > 0) events.log(`komorebi (Windows): not supported, not sent: ${t.unsupported.join('; ')}`);
  for (const argv of t.commands) await komorebic(file, argv, env);
}

export function startKomorebiPipeSource(opts: KomorebiPipeOptions): TilerSource {
  const { timers, events } = opts;
  const freshName = () => subscriberName().replace(/^komorebi-bar-/, 'tilebar-');
  let name = opts.name ?? freshName();
  let path = opts.pipePath(name);
  const file = opts.komorebic ?? 'komorebic';
  const link = new Link(events);
  const problems = link.problems;
  let peer: Socket | undefined;
  /** Notifications read so far: a `komorebic state` answer older than one of them is not applied. */
  let notified = 0;

  const accept = (doc: unknown) => {
    if (acceptState(doc, problems, events)) {
      link.up();
      loop.live?.up();
    }
  };

  const server: Server = createServer((socket) => {
    // One writer at a time: a newer connection (komorebi restarted and subscribed again) replaces the old one.
    peer?.destroy();
    peer = socket;
    onNotifications(socket, problems, (doc) => {
      notified++;
      accept(doc);
    });
    socket.on('error', () => undefined); // 'close' follows
    socket.on('close', () => {
      if (peer === socket) {
        peer = undefined;
        loop.live?.failed('komorebi closed the pipe; subscribing again');
      }
    });
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (server.listening) return problems.say(`komorebi: the pipe ${path}: ${e.code ?? e.message}`);
    // The pipe could not be made: on Windows EADDRINUSE when another program (any local user may) made a pipe of
    // that name first. Never join theirs: a fresh name after a back-off, and komorebi is told that one.
    name = freshName();
    path = opts.pipePath(name);
    loop.live?.failed(`cannot make the pipe (${e.code ?? e.message}); trying a fresh name`);
  });

  const subscribe = async (attempt: Attempt, waiting: { timer: unknown }) => {
    try {
      await komorebic(file, ['subscribe-pipe', name], opts.env);
    } catch (e) {
      attempt.failed(`${e instanceof Error ? e.message : String(e)}; subscribing again`);
      return;
    }
    if (!attempt.current) return;
    waiting.timer = timers.setTimeout(() => {
      if (!peer) attempt.failed(`komorebi did not connect to ${path} within ${CONNECT_WITHIN_MS / 1000} s; subscribing again`);
    }, CONNECT_WITHIN_MS);
    const before = notified;
    askState(file, opts.env, problems, () => attempt.current && notified === before, accept);
  };

  // The subscription under way (loop.live): listening if need be, `subscribe-pipe`, komorebi connecting.
  const loop = reconnecting({
    timers,
    connect: (attempt) => {
      const waiting: { timer: unknown } = { timer: undefined };
      if (server.listening) void subscribe(attempt, waiting);
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
    send: (messages: readonly SocketMessage[]) => runKomorebic(file, opts.env, events, messages),
    async close() {
      loop.close();
      peer?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeStaleSocket(path);
    },
  };
}
