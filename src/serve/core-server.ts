/**
 * The core's side of the channel: one `net` server (a Unix socket in the user's private runtime directory, a
 * named pipe on Windows: endpoint.ts says where) and, per connection, the handshake, the attach and the front
 * end's view of its bar. The rules that keep one front end from hurting the others or the core:
 * - nothing is sent before the front end has proved it holds the core's key (auth.ts), and nothing it sends
 *   acts before it is proved and attached; a connection that is not attached within HELLO_WITHIN_MS is dropped;
 *   at most MOST_UNPROVEN wait at once, the oldest giving way to a newcomer, so nobody can hold every slot;
 * - every message is a bounded frame (framing.ts) of a checked shape (inbound.ts), at most RATE_PER_S a second
 *   with bursts of RATE_BURST; one that is not drops that connection alone;
 * - a launch is acted on only when the config of the bar the front end shows names that command (launch-check.ts);
 * - a front end that stops reading gets nothing queued: while its socket holds more than its high-water mark the
 *   core only notes that its view changed, and when it drains it is sent one state with everything that changed
 *   meanwhile (wire-state.ts); one that has not read for STALL_DROP_MS is dropped;
 * - every attached front end hears from the core at least every TICK_MS (a state, or a tick): its way to tell
 *   a hung core from a quiet one.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { BarSnapshot } from '../bar/bar-store.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { Log } from '../io/log.js';
import type { Timers } from '../scheduler/timers.js';
import { coreProof, frontProof, isNonce, newNonce, proofMatches } from '../channel/auth.js';
import { encodeFrame, FrameReader } from '../channel/framing.js';
import { TokenBucket } from '../channel/rate.js';
import { HELLO_WITHIN_MS, MAX_IN_FRAME, MAX_OUT_FRAME, PROTOCOL, RATE_BURST, RATE_PER_S, TICK_MS, type BarSelect, type CoreMessage, type FrontMessage, type PipeFeed, type Role, type StatusReport, type WireAction } from '../channel/protocol.js';
import { frontMessageOf } from './inbound.js';
import { configNamesLaunch } from './launch-check.js';
import { nothingSent, stateSince, type SentState } from './wire-state.js';
import { BoundedCache } from '../io/bounded-cache.js';
import { isNewerApp } from './core-handover.js';
import type { ThinOpened } from './thin-feeds.js';

/** Connections not yet attached, at most at once; a newcomer beyond them lets the oldest go. */
export const MOST_UNPROVEN = 16;
/** Attached front ends at most: a user's bars are a handful; beyond this a newcomer is told so and closed. */
export const MOST_ATTACHED = 64;
/** A front end that has read nothing for this long while its view changed is dropped (it reconnects). */
export const STALL_DROP_MS = 60_000;

/** One front end's view of its bar, as the core serves it (serve/core-bars.ts makes them). */
export interface ServedView {
  /** Which bar of the core it shows (the hub's key): the lines of that bar go to its front ends' logs. */
  readonly bar: string;
  readonly config: string;
  readonly label: string;
  /** The monitor the view shows now. */
  readonly monitor: number;
  subscribe(listener: () => void): () => void;
  /** The view's snapshot: the window manager's state already taken for its monitor. */
  getSnapshot(): BarSnapshot;
  act(action: WireAction): void;
  bind(trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void;
  refresh(): void;
  reload(): void;
  /** No frames are wanted for a while (a host bar hid it), or again. */
  pause(): void;
  resume(): void;
  /** The front end left: its bar is released (the last view of a bar lets its sources go). */
  close(): void;
}

/** The bars the core serves (over the hub), as the server uses them. */
export interface CoreBars {
  open(select: BarSelect, role: Role): Promise<{ ok: true; view: ServedView } | { ok: false; why: string }>;
  report(): Pick<StatusReport, 'bars' | 'sources' | 'beats'>;
  /** The core's heartbeat (the shared scheduler's), once a second. */
  onTick(listener: () => void): () => void;
}

export interface CoreServerDeps {
  key: Buffer;
  /** The core's own log file: every line goes there; a front end whose log is another gets its bar's lines too. */
  logPath?: string;
  bars: CoreBars;
  timers: Timers;
  log: Log;
  app: string;
  pid: number;
  startedMs: number;
  /** The number of attached front ends changed (the idle exit listens). */
  onAttachedCount?: (count: number) => void;
  /**
   * A front end of a newer tilebar proved itself (core-handover.ts): this core makes way for that version's. Called
   * before that front end is told, so the core can stop answering first: told, it looks for a core again at once.
   */
  onNewer?: (app: string) => void;
  /** This core was started by a front end (`serve --spawned-by`): a `tilebar serve` in the foreground takes its place. */
  spawned?: boolean;
  /** `serve --stop` proved itself and asked: the core ends (after telling it so). */
  onStop?: () => void;
  /** The thin feeds (thin-feeds.ts): a feed attaching with a `pipe` gets one, and its connection ends. Absent: refused. */
  thin?: ThinFeedsOpener;
}

/** What the server needs of the thin feeds. */
export interface ThinFeedsOpener {
  open(select: BarSelect, host: string, pipe: PipeFeed): Promise<ThinOpened>;
  frontEnds(): StatusReport['frontEnds'];
}

/** A bar's latest lines, sent to a front end that attaches to it later (its config's state, the manager found). */
const RECENT_LINES = 20;

export class CoreServer {
  readonly #deps: CoreServerDeps;
  /** Each bar's latest lines (by the hub's key), for front ends that attach to it later. */
  readonly #recent = new BoundedCache<string, string[]>({ maxEntries: 64 });
  readonly #server: Server;
  readonly #connections = new Set<Connection>();
  readonly #offTick: () => void;
  #nextId = 1;

  constructor(deps: CoreServerDeps) {
    this.#deps = deps;
    this.#server = createServer((socket) => this.#accept(socket));
    this.#server.on('error', (e) => deps.log(`core: ${e.message}`));
    this.#offTick = deps.bars.onTick(() => {
      for (const c of this.#connections) c.tick();
    });
  }

  /** The server itself, for endpoint.ts's listenForCore (the socket's checks, the pipe's fresh names). */
  get netServer(): Server {
    return this.#server;
  }

  /** Listens on a socket path or pipe name; rejects with the system's error (EADDRINUSE: taken). */
  listen(path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.#server.once('error', onError);
      this.#server.listen(path, () => {
        this.#server.off('error', onError);
        resolve();
      });
    });
  }

  /**
   * A line of one bar (`bar`: the hub's key) or of every bar (the shared parts': the window manager, media,
   * keyboard), for the logs of the front ends that show it: each log file once, and never the core's own (the
   * caller wrote it there). A front end that is not reading is not sent it.
   */
  logToFrontEnds(line: string, bar?: string): void {
    if (bar !== undefined) this.#recent.set(bar, [...(this.#recent.get(bar) ?? []), line].slice(-RECENT_LINES));
    const written = new Set(this.#deps.logPath !== undefined ? [this.#deps.logPath] : []);
    for (const c of this.#connections) {
      const to = c.logPath;
      if (!c.isFrontEnd || to === undefined || written.has(to) || (bar !== undefined && c.bar !== bar)) continue;
      written.add(to);
      c.sendLog(line);
    }
  }

  /** A front end just attached: its bar's latest lines, unless its log has them (the core's, or another front end's). */
  #catchUp(connection: Connection): void {
    const to = connection.logPath;
    const bar = connection.bar;
    if (to === undefined || bar === undefined || to === this.#deps.logPath) return;
    for (const c of this.#connections) if (c !== connection && c.isFrontEnd && c.bar === bar && c.logPath === to) return;
    for (const line of this.#recent.get(bar) ?? []) connection.sendLog(line);
  }

  /** Front ends attached now (not those still saying hello, nor `serve --status`). */
  get attached(): number {
    let n = 0;
    for (const c of this.#connections) if (c.isFrontEnd) n++;
    return n;
  }

  report(): StatusReport {
    const frontEnds = [...[...this.#connections].flatMap((c) => c.described ?? []), ...(this.#deps.thin?.frontEnds() ?? [])];
    return { pid: this.#deps.pid, app: this.#deps.app, startedMs: this.#deps.startedMs, frontEnds, ...this.#deps.bars.report() };
  }

  /** Stops taking connections (those attached stay): a core making way for a newer one answers nobody new. */
  stopListening(): void {
    if (this.#server.listening) this.#server.close();
  }

  /** Stops listening and tells every front end why before closing it (and which tilebar replaces the core). */
  async close(reason: string, replacedBy?: string): Promise<void> {
    this.#offTick();
    const closed = new Promise<void>((resolve) => (this.#server.listening ? this.#server.close(() => resolve()) : resolve()));
    for (const c of [...this.#connections]) c.leave(reason, replacedBy);
    await closed;
  }

  #accept(socket: Socket): void {
    const unproven = [...this.#connections].filter((c) => !c.proven);
    if (unproven.length >= MOST_UNPROVEN) unproven[0]?.drop('gave way to a newer connection');
    const connection = new Connection(this.#nextId++, socket, this.#deps, {
      gone: () => {
        this.#connections.delete(connection);
        this.#deps.onAttachedCount?.(this.attached);
      },
      attached: () => {
        if (this.attached > MOST_ATTACHED) return false;
        this.#deps.onAttachedCount?.(this.attached);
        return true;
      },
      caughtUp: () => this.#catchUp(connection),
      report: () => this.report(),
    });
    this.#connections.add(connection);
  }
}

interface ConnectionHooks {
  gone(): void;
  /** Attached and told so: its bar's latest lines for its log. */
  caughtUp(): void;
  /** A front end attached; false when there are too many already. */
  attached(): boolean;
  report(): StatusReport;
}

type Phase = 'hello' | 'auth' | 'attach' | 'opening' | 'live' | 'status' | 'closed';

class Connection {
  #phase: Phase = 'hello';
  readonly #reader = new FrameReader(MAX_IN_FRAME);
  readonly #coreNonce = newNonce();
  #frontNonce = '';
  /** The version the front end's hello named ('' when it asks no core to make way: attach/find-core.ts). */
  #frontApp = '';
  #view: ServedView | undefined;
  #offView: () => void = () => undefined;
  #role: Role | undefined;
  #pid = 0;
  #logPath: string | undefined;
  #sent: SentState = nothingSent();
  #dirty = false;
  #paused = false;
  #wroteSinceTick = false;
  #stalledSince: number | undefined;
  readonly #rate: TokenBucket;
  readonly #helloTimer: unknown;

  constructor(
    readonly id: number,
    private readonly socket: Socket,
    private readonly deps: CoreServerDeps,
    private readonly hooks: ConnectionHooks,
  ) {
    this.#rate = new TokenBucket(RATE_PER_S, RATE_BURST, deps.timers.now());
    this.#helloTimer = deps.timers.setTimeout(() => {
      if (!this.proven || this.#phase === 'attach' || this.#phase === 'opening') this.drop(`not attached within ${HELLO_WITHIN_MS / 1000} s`);
    }, HELLO_WITHIN_MS);
    socket.on('data', (chunk: Buffer) => this.#take(chunk));
    socket.on('drain', () => this.#flush());
    socket.on('error', () => this.#end());
    socket.on('close', () => this.#end());
  }

  /** Read through a getter: a handler called in between may have closed it, which narrowing cannot see. */
  get #closed(): boolean {
    return this.#phase === 'closed';
  }

  /** Proved itself with the key (or is leaving). */
  get proven(): boolean {
    return this.#phase !== 'hello' && this.#phase !== 'auth';
  }

  get isFrontEnd(): boolean {
    return this.#phase === 'live';
  }

  /** The front end's log, as its attach named it. */
  get logPath(): string | undefined {
    return this.#logPath;
  }

  /** The bar it shows (the hub's key), once attached. */
  get bar(): string | undefined {
    return this.#view?.bar;
  }

  /** A line for the front end's log; dropped while it is not reading (a log line is worth no queue). */
  sendLog(line: string): void {
    if (this.#phase === 'live' && !this.socket.writableNeedDrain) this.#write({ t: 'log', line });
  }

  get described(): StatusReport['frontEnds'][number] | undefined {
    const view = this.#view;
    if (this.#phase !== 'live' || !view || !this.#role) return undefined;
    return { id: this.id, role: this.#role, pid: this.#pid, config: view.config, monitor: view.monitor };
  }

  /** The core's heartbeat: a front end that heard nothing this second hears a tick; a stalled one is dropped. */
  tick(): void {
    if (this.#phase !== 'live') return;
    if (this.#stalledSince !== undefined && this.deps.timers.now() - this.#stalledSince >= STALL_DROP_MS) {
      this.drop(`read nothing for ${STALL_DROP_MS / 1000} s`);
      return;
    }
    if (!this.#wroteSinceTick && !this.socket.writableNeedDrain) this.#write({ t: 'tick', wall: this.deps.timers.wallNow() });
    this.#wroteSinceTick = false;
  }

  /** Closed by the core, with a reason the front end may show (and the newer tilebar whose core replaces it). */
  leave(reason: string, replacedBy?: string): void {
    // One that reads nothing would never take the bye: it is only closed.
    if (this.socket.writableNeedDrain) return this.drop(`left unread as the core closed (${reason})`);
    if (this.proven && this.#phase !== 'closed') this.#write({ t: 'bye', reason, ...(replacedBy !== undefined ? { replacedBy } : {}) });
    this.#hangUp();
  }

  /**
   * Closes the socket once what was written to it is sent, without waiting for the other side to close its own:
   * one that keeps it open would otherwise hold its socket (and the core's end, which waits for every
   * connection) for as long as it liked.
   */
  #hangUp(): void {
    this.socket.destroySoon();
    this.#end();
  }

  /** Dropped for something it did (or did not do): said in the log once, the socket destroyed. */
  drop(why: string): void {
    if (this.#phase === 'closed') return;
    this.deps.log(`core: dropped connection ${this.id}${this.#role ? ` (${roleText(this.#role)}, pid ${this.#pid})` : ''}: ${why}`);
    this.socket.destroy();
    this.#end();
  }

  #end(): void {
    if (this.#phase === 'closed') return;
    const wasLive = this.#phase === 'live';
    this.#phase = 'closed';
    this.deps.timers.clearTimeout(this.#helloTimer);
    this.#offView();
    this.#view?.close();
    if (wasLive && this.#role) this.deps.log(`core: ${roleText(this.#role)} (pid ${this.#pid}) left`);
    this.hooks.gone();
  }

  #take(chunk: Buffer): void {
    if (this.#phase === 'closed') return;
    const read = this.#reader.push(chunk);
    for (const value of read.values) {
      if (!this.#rate.take(this.deps.timers.now())) return this.drop(`more than ${RATE_PER_S} messages a second`);
      const parsed = frontMessageOf(value);
      if (!parsed.ok) return this.drop(`sent ${parsed.problem}`);
      this.#handle(parsed.message);
      if (this.#closed) return;
    }
    if (!read.ok) this.drop(`sent ${read.problem}`);
  }

  #handle(m: FrontMessage): void {
    switch (this.#phase) {
      case 'hello':
        return this.#hello(m);
      case 'auth':
        return this.#auth(m);
      case 'attach':
        return this.#attach(m);
      case 'live':
      case 'status':
        return this.#live(m);
      default:
        return this.drop(`sent "${m.t}" while its attach was being opened`);
    }
  }

  #hello(m: FrontMessage): void {
    if (m.t !== 'hello') return this.drop(`sent "${m.t}" before hello`);
    // Another protocol cannot be spoken, either way. A later protocol does not replace this core either: the bars
    // attached to it could not reach the core that took its place (they would say "reconnecting" for good), so
    // that front end runs on its own until this core's bars are gone (serve/core-handover.ts).
    if (m.protocol !== PROTOCOL) {
      this.#write({ t: 'mismatch', protocol: PROTOCOL, app: this.deps.app });
      return this.#hangUp();
    }
    if (!isNonce(m.nonce)) return this.drop('sent a hello without a nonce');
    this.#frontNonce = m.nonce;
    this.#frontApp = m.app;
    this.#phase = 'auth';
    this.#write({ t: 'welcome', protocol: PROTOCOL, app: this.deps.app, pid: this.deps.pid, nonce: this.#coreNonce, proof: coreProof(this.deps.key, this.#frontNonce, this.#coreNonce) });
  }

  #auth(m: FrontMessage): void {
    if (m.t !== 'auth' || !proofMatches(frontProof(this.deps.key, this.#coreNonce, this.#frontNonce), m.proof)) return this.drop('did not prove it holds the key');
    this.#phase = 'attach';
  }

  /**
   * A `tilebar serve` in the foreground (a unit's) claims the session: a core a bar started makes way for it unless
   * it is of an older tilebar, and any core makes way for a newer one; else it is refused (one already stays).
   */
  #claimed(): void {
    const takes = isNewerApp(this.#frontApp, this.deps.app) || (this.deps.spawned === true && !isNewerApp(this.deps.app, this.#frontApp));
    if (takes) return this.#makeWay('tilebar serve');
    this.#write({ t: 'refused', why: `a core already runs for this session (pid ${this.deps.pid}, tilebar ${this.deps.app}${this.deps.spawned ? ', started by a bar, of a later tilebar' : ', a tilebar serve'})` });
    this.#hangUp();
  }

  /** `serve --stop`, proved: it is told the core stops, and the core ends as on a signal (its front ends are told). */
  #stopAsked(): void {
    this.deps.log(`core: asked to stop by tilebar serve --stop (pid ${this.#pid})`);
    this.#write({ t: 'bye', reason: 'stopped by tilebar serve --stop' });
    this.#hangUp();
    this.deps.onStop?.();
  }

  /** A newer tilebar proved itself: the core makes way (onNewer), and then tells it so; it starts its own core. */
  #makeWay(by?: 'tilebar serve'): void {
    const app = this.#frontApp;
    this.deps.log(
      by === undefined
        ? `core: a front end of tilebar ${app} attached to this core of tilebar ${this.deps.app}: it makes way for ${app}'s`
        : `core: tilebar serve (pid ${this.#pid}, tilebar ${app}) takes this session: this core, started by a bar, makes way for it`,
    );
    this.deps.onNewer?.(app);
    this.leave(by === undefined ? `tilebar ${app} replaces this core (${this.deps.app})` : `tilebar serve (pid ${this.#pid}) takes this session's core`, app);
  }

  #attach(m: FrontMessage): void {
    if (m.t !== 'attach') return this.drop(`sent "${m.t}" before attaching`);
    this.#role = m.role;
    this.#pid = m.pid;
    this.#logPath = m.select.log;
    this.deps.timers.clearTimeout(this.#helloTimer);
    // A newer bar replaces this core; `serve --status` only asks (it reports the older core, and replaces nothing).
    if (m.role.kind === 'core') return this.#claimed();
    if (m.role.kind === 'stop') return this.#stopAsked();
    if (m.role.kind !== 'status' && isNewerApp(this.#frontApp, this.deps.app)) return this.#makeWay();
    if (m.role.kind === 'status') {
      this.#phase = 'status';
      return;
    }
    this.#phase = 'opening';
    if (m.role.kind === 'feed' && m.role.pipe) return this.#thin(m.select, m.role.host, m.role.pipe);
    void this.deps.bars.open(m.select, m.role).then(
      (opened) => this.#opened(opened),
      (e: unknown) => this.#opened({ ok: false, why: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** A thin feed: the core makes its pipe and runs its host's feed; this connection only carries the pipe's path. */
  #thin(select: BarSelect, host: string, pipe: PipeFeed): void {
    const thin = this.deps.thin;
    const opening = thin ? thin.open(select, host, pipe) : Promise.resolve<ThinOpened>({ ok: false, why: 'this core makes no pipes for feeds' });
    void opening
      .catch((e: unknown): ThinOpened => ({ ok: false, why: e instanceof Error ? e.message : String(e) }))
      .then((opened) => {
        if (this.#phase === 'closed') return;
        if (!opened.ok) this.#write({ t: 'refused', why: opened.why });
        else this.#write({ t: 'attached', id: this.id, config: opened.config, label: opened.label, monitor: opened.monitor, pipe: opened.pipe });
        this.#hangUp();
      });
  }

  #opened(opened: Awaited<ReturnType<CoreBars['open']>>): void {
    if (!opened.ok) {
      if (this.#phase !== 'closed') this.#write({ t: 'refused', why: opened.why });
      return this.#hangUp();
    }
    const view = opened.view;
    // The front end may have gone while its bar was being opened (the type cannot know the phase moved on).
    if (this.#closed) return view.close();
    this.#view = view;
    this.#phase = 'live';
    if (!this.hooks.attached()) return this.leave(`the core serves ${MOST_ATTACHED} front ends already`);
    this.deps.log(`core: ${roleText(this.#role ?? { kind: 'pane' })} (pid ${this.#pid}) attached to ${view.label}, monitor ${view.monitor}`);
    this.#write({ t: 'attached', id: this.id, config: view.config, label: view.label, monitor: view.monitor });
    this.hooks.caughtUp();
    this.#offView = view.subscribe(() => {
      this.#dirty = true;
      this.#flush();
    });
    this.#dirty = true;
    this.#flush();
  }

  #live(m: FrontMessage): void {
    const view = this.#view;
    if (m.t === 'status') {
      // A report answers a question, so it is not one of the states merged for a slow reader: one that asks again
      // before it read the last answers would have them queued without end.
      if (this.socket.writableNeedDrain) return this.drop('asked for reports and read none of them');
      return void this.#write({ t: 'report', report: this.hooks.report() });
    }
    if (m.t === 'detach') return this.#hangUp();
    if (!view) return this.drop(`sent "${m.t}" without a bar`);
    switch (m.t) {
      case 'act':
        if (m.action.kind === 'launch' && !configNamesLaunch(view.getSnapshot().model, m.action.command)) {
          this.deps.log(`core: ${roleText(this.#role ?? { kind: 'pane' })} (pid ${this.#pid}) asked for a launch its config does not name; not run`);
          return;
        }
        return view.act(m.action);
      case 'bind':
        return view.bind(m.trigger, m.mouseFollowsFocus);
      case 'refresh':
        return view.refresh();
      case 'reload':
        return view.reload();
      case 'pause':
        this.#paused = true;
        return view.pause();
      case 'resume':
        this.#paused = false;
        view.resume();
        return this.#flush();
      default:
        return this.drop(`sent "${m.t}" after attaching`);
    }
  }

  /** Sends the view's changes, unless the front end has not read what it was sent (then on its drain). */
  #flush(): void {
    const view = this.#view;
    if (!this.#dirty || !view || this.#phase !== 'live' || this.#paused) return;
    if (this.socket.writableNeedDrain) {
      this.#stalledSince ??= this.deps.timers.now();
      return;
    }
    this.#stalledSince = undefined;
    this.#dirty = false;
    const state = stateSince(this.#sent, view.getSnapshot());
    if (state) this.#write(state);
  }

  #write(message: CoreMessage): boolean {
    if (this.socket.destroyed) return false;
    const frame = encodeFrame(message, MAX_OUT_FRAME);
    if (!frame) {
      this.drop(`its ${message.t} would be over ${MAX_OUT_FRAME} bytes`);
      return false;
    }
    this.#wroteSinceTick = true;
    this.socket.write(frame);
    return true;
  }
}

const roleText = (role: Role): string => (role.kind === 'feed' ? `feed ${role.host}` : role.kind);
