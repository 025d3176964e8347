/**
 * Talking to the window manager over Unix-domain sockets in its data directory (BEHAVIOUR.md §2).
 * Messages go to `komorebi.sock`: one connection per send; a batch is each message's JSON and a newline,
 * in order, on one connection. Notifications come to our own listening socket `komorebi-bar-<word>`: the
 * window manager connects, writes one JSON document and closes. A connection with no bytes means it shut
 * down; then, and whenever subscribing fails, tilebar subscribes again every second — always with
 * `filter_state_changes` (the original drops that option on a reconnect). The manager answers every
 * subscription with a notification; a subscription that is not answered within 3 s (a manager that was
 * shutting down as it accepted it) is sent again.
 *
 * Windows: Node cannot open AF_UNIX sockets there, so tilebar subscribes with `AddSubscriberPipe` on a named
 * pipe (one JSON document per line) — but that request itself must reach `komorebi.sock`, which Node cannot
 * do on Windows either; the client therefore reports that clicks and subscriptions need the Unix socket and
 * leaves the widgets "not connected" there (documented in the README).
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join, win32 } from 'node:path';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Timers } from '../scheduler/timers.js';
import { parseBoundedJson } from '../io/bounded-json.js';
import { localAppData, userHome } from '../io/user-dirs.js';
import { reconnecting, type Attempt } from '../io/reconnect.js';
import { BoundedCache } from '../io/bounded-cache.js';
import { COMMAND_SOCKET } from './komorebi-socket.js';

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'iris', 'juniper', 'kestrel', 'lagoon', 'meadow', 'nectar', 'orchid', 'pebble', 'quartz', 'raven', 'summit', 'tundra', 'umber', 'violet', 'willow', 'yarrow', 'zephyr'];

/** Only needs to differ from other bars' names (the stale file is removed anyway), so no node:crypto (~8 ms to load). */
export function subscriberName(): string {
  const pick = (n: number) => Math.floor(Math.random() * n);
  return `komorebi-bar-${WORDS[pick(WORDS.length)]}-${1000 + pick(9000)}`;
}

/** Where the window manager keeps its sockets: A `%LOCALAPPDATA%\komorebi`, B `~/Library/Application Support/komorebi`. */
export function tilerDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, override?: string): string {
  if (override) return override;
  const home = userHome(env, platform, () => '');
  if (platform === 'win32') return win32.join(localAppData(env, home), 'komorebi');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'komorebi');
  return join(env.XDG_RUNTIME_DIR ?? join(home, '.local', 'share'), 'komorebi');
}

function write(path: string, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = createConnection(path);
    // A socket-level idle timeout: a window manager that accepts but never reads cannot hang the bar.
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${path} within ${timeoutMs} ms`)));
    socket.once('error', reject);
    socket.once('connect', () => socket.end(text));
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** One message, on its own connection. */
export function sendMessage(dir: string, message: SocketMessage, timeoutMs = 1000): Promise<void> {
  return write(join(dir, COMMAND_SOCKET), JSON.stringify(message), timeoutMs);
}

/** Messages processed in order: each JSON followed by a newline, on one connection. */
export function sendBatch(dir: string, messages: readonly SocketMessage[], timeoutMs = 1000): Promise<void> {
  if (messages.length === 1 && messages[0]) return sendMessage(dir, messages[0], timeoutMs);
  return write(join(dir, COMMAND_SOCKET), messages.map((m) => `${JSON.stringify(m)}\n`).join(''), timeoutMs);
}

export interface SubscriptionEvents {
  /** A parsed notification. */
  notification(doc: unknown): void;
  /** Connected (subscribed) or not; called on every change. */
  connection(connected: boolean): void;
  /** Something worth logging: a bad notification, a failed subscribe. */
  log(message: string): void;
}

export interface Subscription {
  name: string;
  close(): Promise<void>;
}

/**
 * What a notification peer may cost the bar, whoever it is (the socket is in a shared directory): a document
 * larger than `documentBytes` is dropped and logged (komorebi's state for a large desktop is a few hundred KB),
 * the connections read at once are capped (others are closed as they arrive), what all of them may hold
 * unparsed together is capped, and a connection that sends nothing for `idleMs` is closed. So a peer that
 * streams without end, or holds thousands of idle connections, costs at most `bufferedBytes` of memory.
 */
export const NOTIFICATION_LIMITS = { documentBytes: 4 * 1024 * 1024, bufferedBytes: 8 * 1024 * 1024, connections: 8, idleMs: 5000 } as const;

/** How often listening (a data directory that does not exist yet) and subscribing are tried again. */
export const RETRY_MS = 1000;

/** How long the manager has to answer a subscription before it is sent again. */
const CONFIRM_MS = 3000;

/**
 * Listen for notifications and keep subscribed, whatever happens to the manager or its directory: a
 * directory that appears after the bar started, a manager that starts later, stops, restarts or flaps. Never
 * throws; retries go through the shared loop (io/reconnect.ts) every RETRY_MS on the scheduler's timers, so
 * tests drive them. One attempt: listen (again, if our socket was removed), then ask to be notified there; it
 * succeeds when the manager's answer arrives.
 */
export async function subscribe(dir: string, timers: Timers, events: SubscriptionEvents, name = subscriberName(), limits = NOTIFICATION_LIMITS): Promise<Subscription> {
  const path = join(dir, name);
  const say = oncePerMinute(timers, (message) => events.log(message));
  // Undefined until the first attempt ends: a first failure is said as well (the bar then shows "not connected").
  let connected: boolean | undefined;
  const setConnected = (value: boolean) => {
    if (value === connected) return;
    connected = value;
    events.connection(value);
  };
  /** The wait for the manager's answer to the attempt under way (loop.live); each attempt's stop clears it. */
  let confirm: unknown;
  let first: Promise<void> = Promise.resolve();

  const listener = new PrivateListener(limits, say, path, dir, {
    document(doc) {
      timers.clearTimeout(confirm);
      setConnected(true);
      loop.live?.up();
      events.notification(doc);
    },
    // The window manager closes subscribers with an empty connection when it shuts down.
    empty: () => loop.live?.failed('the window manager shut down'),
  });

  const attempt = async (a: Attempt) => {
    const problem = await listener.ready();
    if (!a.current) return;
    if (problem) return a.failed(`cannot listen in ${dir} (${problem}); trying again every ${RETRY_MS / 1000} s`);
    // No socket file, no manager: one stat instead of a connection attempt every second.
    if (!existsSync(join(dir, COMMAND_SOCKET))) return a.failed('no window manager (no command socket)');
    try {
      await sendMessage(dir, { type: 'AddSubscriberSocketWithOptions', content: [name, { filter_state_changes: true }] } as SocketMessage);
    } catch {
      return a.failed('the window manager did not take the subscription');
    }
    // Connected once the manager's answer arrives; without one, ask again.
    if (a.current) confirm = timers.setTimeout(() => a.failed('the window manager did not answer the subscription'), CONFIRM_MS);
  };
  const loop = reconnecting({
    timers,
    firstMs: RETRY_MS,
    maxMs: RETRY_MS,
    connect: (a) => {
      first = attempt(a);
      return () => timers.clearTimeout(confirm);
    },
    down: () => setConnected(false),
    // Only what the user can act on is logged: the manager being away shows on the bar as "not connected".
    say: (why) => {
      if (why.startsWith('cannot listen')) say(why);
    },
  });
  await first;

  return {
    name,
    async close() {
      loop.close();
      await listener.close();
    },
  };
}

/** Our notification socket: listened on, readable and writable by this user only, and again if it was removed. */
class PrivateListener {
  readonly #server: Server;
  #listening = false;

  constructor(
    limits: typeof NOTIFICATION_LIMITS,
    say: (message: string) => void,
    private readonly path: string,
    private readonly dir: string,
    on: { document(doc: unknown): void; empty(): void },
  ) {
    this.#server = notificationServer(limits, say, on);
    this.#server.maxConnections = limits.connections;
    // Failed listens are reported by ready(); an error once listening is the socket's own.
    this.#server.on('error', (e: NodeJS.ErrnoException) => {
      if (this.#listening) say(`notification socket: ${e.code ?? e.message}`);
    });
  }

  /** Listening (again, if our socket was removed under us: the directory cleaned); else why not yet. */
  async ready(): Promise<string | undefined> {
    if (this.#listening && !existsSync(this.path)) await this.#stop();
    if (this.#listening) return undefined;
    const problem = await listenPrivately(this.#server, this.path, this.dir);
    this.#listening = problem === undefined;
    return problem;
  }

  async close(): Promise<void> {
    await this.#stop();
    rmSync(this.path, { force: true });
  }

  async #stop(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = false;
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * A server that reads each connection as one notification document, within the limits: a document over
 * `documentBytes`, or over `bufferedBytes` held by all connections together, is dropped (and said); an idle
 * connection is closed. An empty connection is the manager saying it shuts down.
 */
function notificationServer(limits: typeof NOTIFICATION_LIMITS, say: (message: string) => void, on: { document(doc: unknown): void; empty(): void }): Server {
  let buffered = 0;
  return createServer((socket) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let dropped = false;
    const release = () => {
      buffered -= size;
      size = 0;
      chunks.length = 0;
    };
    socket.setTimeout(limits.idleMs, () => socket.destroy());
    socket.on('data', (c: Buffer) => {
      if (dropped) return;
      size += c.length;
      buffered += c.length;
      if (size > limits.documentBytes || buffered > limits.bufferedBytes) {
        dropped = true;
        say(`dropped a notification of more than ${size > limits.documentBytes ? `${limits.documentBytes} bytes` : `${limits.bufferedBytes} bytes held at once`}`);
        release();
        socket.destroy();
        return;
      }
      chunks.push(c);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => say(`notification connection: ${e.code ?? e.message}`));
    socket.on('close', release);
    socket.on('end', () => {
      if (dropped) return;
      const text = Buffer.concat(chunks).toString('utf8');
      release();
      if (text.trim() === '') return on.empty();
      const parsed = parseBoundedJson(text);
      if (!parsed.ok) return say(parsed.problem === 'not JSON' ? 'ignored a notification that is not JSON' : `ignored a notification ${parsed.problem}`);
      on.document(parsed.value);
    });
  });
}

/** Listen on `path`, made 0600 from the start; why not, in words, when it is not (yet) possible. */
async function listenPrivately(server: Server, path: string, dir: string): Promise<string | undefined> {
  rmSync(path, { force: true });
  const problem = await new Promise<string | undefined>((resolve) => {
    const onError = (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message);
    server.once('error', onError);
    // The socket file takes its mode from the umask when it is made: make it 0600 from the start.
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', onError);
        resolve(undefined);
      });
    } finally {
      process.umask(umask);
    }
  });
  // Node reports a missing directory as EACCES (libuv's bind), which sends users after permissions.
  if (problem) return problem === 'EACCES' && !existsSync(dir) ? 'the directory does not exist yet' : problem;
  try {
    chmodSync(path, 0o600);
  } catch {
    // Made with the umask above already.
  }
  return undefined;
}

/** A peer misbehaving in a loop makes one log line a minute per kind of trouble, not thousands. */
function oncePerMinute(timers: Timers, log: (message: string) => void): (message: string) => void {
  // When each kind of trouble was last said; kinds are few, the bound is for a peer that invents new ones.
  const lastSaid = new BoundedCache<string, number>({ maxEntries: 64 });
  return (message) => {
    const now = timers.now();
    if (now - (lastSaid.get(message) ?? -Infinity) < 60_000) return;
    lastSaid.set(message, now);
    log(message);
  };
}
