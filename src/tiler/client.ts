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
import { existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Timers } from '../scheduler/timers.js';

export const COMMAND_SOCKET = 'komorebi.sock';
const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'iris', 'juniper', 'kestrel', 'lagoon', 'meadow', 'nectar', 'orchid', 'pebble', 'quartz', 'raven', 'summit', 'tundra', 'umber', 'violet', 'willow', 'yarrow', 'zephyr'];

/** Only needs to differ from other bars' names (the stale file is removed anyway), so no node:crypto (~8 ms to load). */
export function subscriberName(): string {
  const pick = (n: number) => Math.floor(Math.random() * n);
  return `komorebi-bar-${WORDS[pick(WORDS.length)]}-${1000 + pick(9000)}`;
}

/** Where the window manager keeps its sockets: A `%LOCALAPPDATA%\komorebi`, B `~/Library/Application Support/komorebi`. */
export function tilerDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, override?: string): string {
  if (override) return override;
  const home = env.HOME ?? env.USERPROFILE ?? '';
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'komorebi');
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
 * Listen for notifications and keep subscribed. Retries use the scheduler's timers, so tests drive them.
 */
export async function subscribe(dir: string, timers: Timers, events: SubscriptionEvents, name = subscriberName()): Promise<Subscription> {
  const path = join(dir, name);
  rmSync(path, { force: true });
  let connected = false;
  let closed = false;
  let retry: unknown;
  let confirm: unknown;
  const CONFIRM_MS = 3000;
  const setConnected = (value: boolean) => {
    if (value === connected) return;
    connected = value;
    events.connection(value);
  };

  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => events.log(`notification connection: ${e.message}`));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        // The window manager closes subscribers with an empty connection when it shuts down.
        setConnected(false);
        scheduleRetry(1000);
        return;
      }
      timers.clearTimeout(confirm);
      confirm = undefined;
      setConnected(true);
      try {
        events.notification(JSON.parse(text));
      } catch (e) {
        events.log(`ignored a notification that is not JSON (${text.length} bytes): ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const attempt = async () => {
    retry = undefined;
    if (closed) return;
    // No socket file, no manager: one stat instead of a connection attempt every second.
    if (!existsSync(join(dir, COMMAND_SOCKET))) {
      setConnected(false);
      scheduleRetry(1000);
      return;
    }
    try {
      await sendMessage(dir, { type: 'AddSubscriberSocketWithOptions', content: [name, { filter_state_changes: true }] } as SocketMessage);
      // Connected once the manager's answer arrives; without one, ask again.
      timers.clearTimeout(confirm);
      confirm = timers.setTimeout(() => {
        confirm = undefined;
        setConnected(false);
        scheduleRetry(0);
      }, CONFIRM_MS);
    } catch {
      setConnected(false);
      if (!closed) scheduleRetry(1000);
    }
  };
  const scheduleRetry = (ms: number) => {
    if (closed || retry !== undefined) return;
    retry = timers.setTimeout(() => void attempt(), ms);
  };
  await attempt();

  return {
    name,
    async close() {
      closed = true;
      timers.clearTimeout(retry);
      timers.clearTimeout(confirm);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(path, { force: true });
    },
  };
}
