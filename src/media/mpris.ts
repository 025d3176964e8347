/**
 * The Media widget's source on Linux and the BSDs: MPRIS players on the D-Bus session bus, followed by
 * events, never polled. Players are the bus names `org.mpris.MediaPlayer2.*`; `NameOwnerChanged` says when
 * one appears or goes, `PropertiesChanged` on `/org/mpris/MediaPlayer2` what changed (only the changed keys),
 * `GetAll` reads a player whole. Controls are the player's `Previous`, `PlayPause` and `Next` methods.
 *
 * Through dbus-next's low-level messages: its proxy objects introspect every peer (an XML parse per player,
 * and a peer that never answers would hold them up). Every call has a deadline; every reply is checked
 * before use; a peer that sends nonsense is ignored. The bus going away clears the widget and the source
 * connects again every 5 s. No bus at all is said once and never drawn.
 */
import { existsSync } from 'node:fs';
import type { Message as DbusMessage, MessageBus, MessageLike } from 'dbus-next';
import type { Timers } from '../scheduler/timers.js';
import { reconnecting, type Attempt, type Reconnecting } from '../io/reconnect.js';
import { MAX_PLAYERS, choosePlayer, mergePlayerProperties, newPlayer, type MediaCommand, type MediaPlayer, type MediaStatus } from './player.js';

export const MPRIS_PREFIX = 'org.mpris.MediaPlayer2.';
const PLAYER_PATH = '/org/mpris/MediaPlayer2';
const PLAYER_IFACE = 'org.mpris.MediaPlayer2.Player';
const DBUS = { destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus' } as const;
const CALL_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 5_000;
/** Nesting of variants unwrapped from a peer's reply (Metadata is two deep). */
const MAX_DEPTH = 8;

/** What the adapter needs of dbus-next (injected in tests; loaded only when a Media widget exists). */
export interface DbusLibrary {
  sessionBus(options: { busAddress: string }): MessageBus;
  Message: new (msg: MessageLike) => DbusMessage;
}

export interface MediaSource {
  control(command: MediaCommand): void;
  close(): void;
}

export interface MprisOptions {
  env: Readonly<Record<string, string | undefined>>;
  timers: Timers;
  log(message: string): void;
  /**
   * A lasting condition that keeps the source from starting (no session bus), as a line to say; undefined once
   * it started. The caller says each once for the bar's life (io/conditions.ts); logged each time unless given.
   */
  condition?(line: string | undefined): void;
  /** dbus-next, or a stand-in. */
  library?: () => Promise<DbusLibrary>;
}

/**
 * The session bus's address: the environment's, else the systemd user bus, else why there is none. An
 * abstract-namespace address (`unix:abstract=…`, what dbus-launch gives on older systems) cannot be reached
 * from Node 20 without a native module (libuv connects by C string, so the leading NUL ends the path): the
 * systemd user bus is used instead when there is one.
 */
export function sessionBus(env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean = existsSync): { address: string } | { problem: string } {
  const given = env.DBUS_SESSION_BUS_ADDRESS?.split(';').find((a) => a.trim() !== '');
  const runtime = env.XDG_RUNTIME_DIR && exists(`${env.XDG_RUNTIME_DIR}/bus`) ? `unix:path=${env.XDG_RUNTIME_DIR}/bus` : undefined;
  if (given && !/^unix:(?:.*,)?abstract=/.test(given)) return { address: given };
  if (runtime) return { address: runtime };
  if (given) return { problem: `the session bus is in the abstract namespace (${given.split(',')[0]}), which Node cannot reach without a native module, and there is no $XDG_RUNTIME_DIR/bus: media players cannot be seen` };
  return { problem: 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus): media players cannot be seen' };
}

/** A D-Bus value with its variants unwrapped into plain values (objects, arrays, strings, numbers), bounded in depth. */
export function unwrapVariants(v: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.slice(0, 256).map((x) => unwrapVariants(x, depth + 1));
  if (Buffer.isBuffer(v)) return undefined;
  const o = v as Record<string, unknown>;
  // dbus-next's Variant: { signature, value }.
  if (typeof o.signature === 'string' && 'value' in o && Object.keys(o).length === 2) return unwrapVariants(o.value, depth + 1);
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key of Object.keys(o)) {
    if (++n > 256) break;
    out[key] = unwrapVariants(o[key], depth + 1);
  }
  return out;
}

const loadDbusNext = async (): Promise<DbusLibrary> => {
  const mod = (await import('dbus-next')) as unknown as DbusLibrary & { default?: DbusLibrary };
  return typeof mod.sessionBus === 'function' ? mod : (mod.default as DbusLibrary);
};

export async function watchMpris(onStatus: (status: MediaStatus) => void, opts: MprisOptions): Promise<MediaSource> {
  const say = (line: string) => (opts.condition ? opts.condition(line) : opts.log(line));
  const found = sessionBus(opts.env);
  if ('problem' in found) {
    const { problem } = found;
    say(`media: ${problem}`);
    onStatus({ problem });
    return { control: () => undefined, close: () => undefined };
  }
  let lib: DbusLibrary;
  try {
    lib = await (opts.library ?? loadDbusNext)();
  } catch (e) {
    const problem = `the D-Bus library could not be loaded (${e instanceof Error ? e.message : String(e)})`;
    say(`media: ${problem}`);
    onStatus({ problem });
    return { control: () => undefined, close: () => undefined };
  }
  opts.condition?.(undefined);
  const watcher = new MprisWatcher(lib, found.address, onStatus, opts);
  watcher.connect();
  return watcher;
}

/** The players on one session bus, followed across the bus's going and coming back. */
class MprisWatcher implements MediaSource {
  #bus: MessageBus | undefined;
  /** The shared reconnect loop (io/reconnect.ts), and its attempt under way. */
  #loop: Reconnecting | undefined;
  #live: Attempt | undefined;
  /** Players by well-known name, and well-known names by the unique name that sends their signals. */
  readonly #players = new Map<string, MediaPlayer>();
  readonly #nameOf = new Map<string, string>();
  #shown: MediaPlayer | undefined;

  constructor(
    private readonly lib: DbusLibrary,
    private readonly address: string,
    private readonly onStatus: (status: MediaStatus) => void,
    private readonly opts: MprisOptions,
  ) {}

  #publish(): void {
    const chosen = choosePlayer(this.#players.values());
    if (chosen === this.#shown) return;
    this.#shown = chosen;
    this.onStatus(chosen ? { player: chosen } : {});
  }

  async #call(b: MessageBus, msg: MessageLike): Promise<unknown[]> {
    const { timers } = this.opts;
    let timer: unknown;
    const deadline = new Promise<never>((_, reject) => {
      timer = timers.setTimeout(() => reject(new Error(`${msg.member} got no answer within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
    });
    try {
      const reply = await Promise.race([b.call(new this.lib.Message(msg)), deadline]);
      return Array.isArray(reply?.body) ? (reply.body as unknown[]) : [];
    } finally {
      timers.clearTimeout(timer);
    }
  }

  /** Read a player whole (it appeared, or said its properties are invalid). */
  async #track(b: MessageBus, name: string): Promise<void> {
    const players = this.#players;
    if (!players.has(name) && players.size >= MAX_PLAYERS) return;
    try {
      const [owner] = await this.#call(b, { ...DBUS, member: 'GetNameOwner', signature: 's', body: [name] });
      const [props] = await this.#call(b, { destination: name, path: PLAYER_PATH, interface: 'org.freedesktop.DBus.Properties', member: 'GetAll', signature: 's', body: [PLAYER_IFACE] });
      if (this.#bus !== b || typeof owner !== 'string') return;
      this.#nameOf.set(owner, name);
      const bag = unwrapVariants(props);
      const now = this.opts.timers.now();
      const base = players.get(name) ?? newPlayer(name, now);
      players.set(name, bag && typeof bag === 'object' ? mergePlayerProperties(base, bag as Record<string, unknown>, now) : base);
      this.#publish();
    } catch (e) {
      this.opts.log(`media: ${name} could not be read (${e instanceof Error ? e.message : String(e)})`);
    }
  }

  #forget(name: string): void {
    this.#players.delete(name);
    for (const [unique, n] of this.#nameOf) if (n === name) this.#nameOf.delete(unique);
    this.#publish();
  }

  #onMessage(b: MessageBus, msg: DbusMessage): void {
    try {
      if (msg.type !== 4 /* signal */) return;
      const body: unknown[] = Array.isArray(msg.body) ? msg.body : [];
      if (msg.sender === DBUS.destination && msg.member === 'NameOwnerChanged') {
        const [name, , owner] = body;
        if (typeof name !== 'string' || !name.startsWith(MPRIS_PREFIX)) return;
        if (typeof owner === 'string' && owner !== '') void this.#track(b, name);
        else this.#forget(name);
        return;
      }
      if (msg.member === 'PropertiesChanged' && msg.path === PLAYER_PATH && body[0] === PLAYER_IFACE) {
        const name = this.#nameOf.get(msg.sender);
        const player = name ? this.#players.get(name) : undefined;
        if (!name || !player) return;
        const changed = unwrapVariants(body[1]);
        if (changed && typeof changed === 'object') this.#players.set(name, mergePlayerProperties(player, changed as Record<string, unknown>, this.opts.timers.now()));
        if (Array.isArray(body[2]) && body[2].length > 0) void this.#track(b, name);
        this.#publish();
      }
    } catch (e) {
      this.opts.log(`media: ignored a message that could not be read (${e instanceof Error ? e.message : String(e)})`);
    }
  }

  #lost(b: MessageBus, why: string): void {
    if (this.#bus === b) this.#live?.failed(`the session bus went away (${why})`);
  }

  /** Connect now, and again every RECONNECT_MS while the bus is away; each new problem is said once. */
  connect(): void {
    this.#loop ??= reconnecting({
      timers: this.opts.timers,
      firstMs: RECONNECT_MS,
      maxMs: RECONNECT_MS,
      connect: (attempt) => this.#attempt(attempt),
      down: () => {
        this.#players.clear();
        this.#nameOf.clear();
        this.#publish();
      },
      say: (why) => this.opts.log(`media: ${why}; trying again every ${RECONNECT_MS / 1000} s`),
    });
  }

  #attempt(attempt: Attempt): (() => void) | undefined {
    this.#live = attempt;
    let b: MessageBus;
    try {
      b = this.lib.sessionBus({ busAddress: this.address });
    } catch (e) {
      attempt.failed(`cannot reach the session bus at ${this.address} (${e instanceof Error ? e.message : String(e)})`);
      return undefined;
    }
    this.#bus = b;
    b.on('error', (e: unknown) => this.#lost(b, e instanceof Error ? e.message : String(e)));
    // The bus forwards its connection's errors but not its end: listen to the connection itself.
    const connection = (b as unknown as { _connection?: { on(event: 'end', fn: () => void): void; stream?: BusStream } })._connection;
    connection?.on('end', () => this.#lost(b, 'the connection closed'));
    boundMessages(connection?.stream, (why) => this.#lost(b, why));
    b.on('message', (msg: DbusMessage) => this.#onMessage(b, msg));
    b.on('connect', () => void this.#follow(b, attempt));
    return () => {
      if (this.#bus === b) this.#bus = undefined;
      try {
        b.disconnect();
      } catch {
        // Already gone.
      }
    };
  }

  /** On a new connection: ask for the players' signals, then read each player there is. */
  async #follow(b: MessageBus, attempt: Attempt): Promise<void> {
    try {
      await this.#call(b, { ...DBUS, member: 'AddMatch', signature: 's', body: [`type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0namespace='org.mpris.MediaPlayer2'`] });
      await this.#call(b, { ...DBUS, member: 'AddMatch', signature: 's', body: [`type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='${PLAYER_PATH}'`] });
      const [names] = await this.#call(b, { ...DBUS, member: 'ListNames' });
      if (!attempt.current) return;
      this.opts.log(`media: following MPRIS players on ${this.address}`);
      attempt.up();
      const mpris = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string' && n.startsWith(MPRIS_PREFIX)).slice(0, MAX_PLAYERS) : [];
      await Promise.all(mpris.map((n) => this.#track(b, n)));
    } catch (e) {
      this.#lost(b, e instanceof Error ? e.message : String(e));
    }
  }

  control(command: MediaCommand): void {
    const b = this.#bus;
    const player = this.#shown;
    if (!b || !player) return;
    const member = { previous: 'Previous', 'play-pause': 'PlayPause', next: 'Next' }[command];
    this.#call(b, { destination: player.id, path: PLAYER_PATH, interface: PLAYER_IFACE, member }).catch((e: unknown) =>
      this.opts.log(`media: ${player.id} did not take ${member} (${e instanceof Error ? e.message : String(e)})`),
    );
  }

  close(): void {
    this.#loop?.close();
  }
}

/** The socket under dbus-next's connection: what it has buffered, and a way to end it. */
interface BusStream {
  readableLength: number;
  on(event: 'readable', fn: () => void): void;
  destroy(error?: Error): void;
}

/**
 * The most of one message tilebar takes from the session bus. The bus daemon validates what it passes on
 * (nesting at most 32 arrays and 32 structs deep, by the D-Bus specification) but lets a message be tens of
 * MB, and dbus-next buffers a whole message before it decodes it: a player (or anything on the bus) sending
 * a 30 MB title would cost the bar ~150 MB. Metadata with long titles and art URLs is a few KB.
 */
export const MAX_BUS_MESSAGE = 4 * 1024 * 1024;

/** Ends the connection (the source reconnects, and says why once) when more than a message's worth is buffered. */
function boundMessages(stream: BusStream | undefined, lost: (why: string) => void): void {
  stream?.on('readable', () => {
    if (stream.readableLength <= MAX_BUS_MESSAGE) return;
    lost(`a message of more than ${MAX_BUS_MESSAGE / 1024 / 1024} MiB`);
    stream.destroy();
  });
}
