/**
 * i3 and sway as a Tiler source, over their IPC socket with tilebar's own framing (i3-ipc.ts). Two
 * connections, as i3's documentation advises: one subscribed to workspace, window, mode, output and shutdown
 * events, one for requests (GET_TREE, GET_BINDING_STATE, RUN_COMMAND), whose replies come in order. Every
 * workspace, window or output event re-reads the tree; events that arrive while a read is under way are
 * folded into one more read, so a burst (a workspace switch is init + focus + empty) costs two reads at most.
 * A mode event changes only the mode. When either connection ends (i3 restarting, sway gone) the bar clears
 * the widgets and reconnects with back-off; a request unanswered for 3 s counts as a dead peer.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Timers } from '../scheduler/timers.js';
import { Link } from './backoff.js';
import { reconnecting, type Attempt } from '../io/reconnect.js';
import { EVENT_BIT, I3_MESSAGE, connectI3, type I3Connection } from '../ipc/i3-ipc.js';
import { i3StateFrom } from './i3-state.js';
import { FoldedRefresh, parseJson, type TilerSource, type TilerSourceEvents } from './manager.js';
import type { TilerState } from './state.js';
import { i3Commands } from './translate-i3.js';
import { I3_RUNTIME_SOCKETS } from './socket-path.js';

const EVENTS = { workspace: 0, output: 1, mode: 2, window: 3, shutdown: 6 } as const;
/**
 * The events the widgets need, subscribed together; `output` apart, because sway before 1.8 has no output
 * event and refuses a whole subscription that names it (subscribing to the ones before it, silently).
 * Without it an output change still shows: it moves workspaces, and workspace events re-read the tree.
 */
const NEEDED_EVENTS = ['workspace', 'window', 'mode', 'shutdown'] as const;
const OPTIONAL_EVENTS = ['output'] as const;
export const I3_REQUEST_TIMEOUT_MS = 3000;

export interface I3SourceOptions {
  manager: 'i3' | 'sway';
  /** Where the socket is; asked again before every connection (a restarted sway may have a new one). */
  socketPath: () => Promise<string | undefined>;
  timers: Timers;
  events: TilerSourceEvents;
}

interface Pending {
  resolve(payload: string): void;
  reject(e: Error): void;
}

/**
 * Requests on the request connection, answered in order; a request without an answer within
 * `I3_REQUEST_TIMEOUT_MS` ends the connection (`onTimeout`).
 */
class I3Requests {
  #pending: Pending[] = [];
  #watchdog: unknown;
  conn: I3Connection | undefined;

  constructor(
    private readonly timers: Timers,
    private readonly manager: string,
    private readonly onTimeout: (why: string) => void,
  ) {}

  request(type: number, payload = ''): Promise<string> {
    return new Promise((resolve, reject) => {
      const conn = this.conn;
      if (!conn) {
        reject(new Error(`not connected to ${this.manager}`));
        return;
      }
      this.#pending.push({ resolve, reject });
      if (this.#pending.length === 1) this.#arm();
      conn.send(type, payload);
    });
  }

  /** A message on the request connection: the answer to the oldest request (events are not asked for there). */
  onReply(type: number, payload: string): void {
    if ((type & EVENT_BIT) !== 0) return;
    const p = this.#pending.shift();
    this.timers.clearTimeout(this.#watchdog);
    if (this.#pending.length > 0) this.#arm();
    p?.resolve(payload);
  }

  /** The connection went: every request waiting fails with why. */
  failAll(why: string): void {
    this.timers.clearTimeout(this.#watchdog);
    for (const p of this.#pending) p.reject(new Error(why));
    this.#pending = [];
  }

  #arm(): void {
    this.timers.clearTimeout(this.#watchdog);
    this.#watchdog = this.timers.setTimeout(() => this.onTimeout(`no answer within ${I3_REQUEST_TIMEOUT_MS / 1000} s`), I3_REQUEST_TIMEOUT_MS);
  }
}

/** The mode a `mode` event says the manager entered (`default` when it says none). */
function modeOf(payload: string): string {
  const doc = parseJson(payload);
  const change = typeof doc === 'object' && doc !== null ? (doc as { change?: unknown }).change : undefined;
  return typeof change === 'string' ? change : 'default';
}

/** The binding mode i3 or sway is in now (`default`, `resize`), or undefined when it does not say. */
async function bindingMode(requests: I3Requests): Promise<string | undefined> {
  try {
    const doc = parseJson(await requests.request(I3_MESSAGE.GET_BINDING_STATE));
    const name = typeof doc === 'object' && doc !== null ? (doc as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Run the messages' commands (those i3 or sway has); a command it refuses is an error saying which and why. */
async function runCommands(requests: I3Requests, manager: string, events: TilerSourceEvents, messages: readonly SocketMessage[], state: TilerState | undefined): Promise<void> {
  const t = i3Commands(messages, state);
  if (t.unsupported.length > 0) events.log(`${manager}: not supported, not sent: ${t.unsupported.join('; ')}`);
  if (t.commands.length === 0) return;
  const reply = parseJson(await requests.request(I3_MESSAGE.RUN_COMMAND, t.commands.join('; ')));
  const failed = Array.isArray(reply) ? reply.filter((r: unknown) => typeof r === 'object' && r !== null && (r as { success?: unknown }).success !== true) : [];
  if (failed.length > 0) {
    const why = failed.map((r) => String((r as { error?: unknown }).error ?? 'failed').slice(0, 200)).join('; ');
    throw new Error(`${manager} refused "${t.commands.join('; ')}": ${why}`);
  }
}

export function startI3Source(opts: I3SourceOptions): TilerSource {
  const { manager, timers, events } = opts;
  const link = new Link(events);
  const problems = link.problems;
  let path = '';
  let eventConn: I3Connection | undefined;
  // A request that fails ends the connection attempt under way (io/reconnect.ts): the bar's "trying again".
  const requests = new I3Requests(timers, manager, (why) => loop.live?.failed(why));
  let tree: unknown;
  let mode = 'default';
  let subscribeReplies = 0;

  const publish = () => {
    if (tree === undefined) return;
    const t = tree;
    const m = mode;
    events.snapshot((monitor) => i3StateFrom(t, monitor, manager, m));
  };

  const hangUp = (why: string) => {
    eventConn?.close();
    requests.conn?.close();
    eventConn = requests.conn = undefined;
    requests.failAll(why);
  };

  /** Read the tree now, or once more after the read under way. */
  const refresher = new FoldedRefresh(async () => {
    const doc = parseJson(await requests.request(I3_MESSAGE.GET_TREE));
    if (doc === undefined) problems.say(`${manager}: a layout tree that is not JSON, or deeper or larger than a tree can be; keeping the last one`);
    else tree = doc;
    if (tree !== undefined) {
      link.up();
      loop.live?.up();
    }
    publish();
  });
  const refresh = () => refresher.request();

  const onEvent = (attempt: Attempt, type: number, payload: string) => {
    if ((type & EVENT_BIT) === 0) {
      // The replies to the two SUBSCRIBEs, in order: the first one must succeed.
      if (subscribeReplies++ === 0 && (parseJson(payload) as { success?: unknown } | undefined)?.success !== true) attempt.failed(`${manager} refused to send ${NEEDED_EVENTS.join(', ')} events`);
      return;
    }
    const event = type & 0x7f;
    if (event === EVENTS.mode) {
      mode = modeOf(payload);
      publish();
    } else if (event === EVENTS.shutdown) attempt.failed(`${manager} is shutting down or restarting`);
    else refresh();
  };

  const connect = async (attempt: Attempt) => {
    const found = await opts.socketPath().catch(() => undefined);
    if (!attempt.current) return;
    if (!found) {
      attempt.failed(`no ${manager} socket found (${manager === 'sway' ? 'SWAYSOCK' : `I3SOCK, i3 --get-socketpath or ${I3_RUNTIME_SOCKETS}`})`);
      return;
    }
    path = found;
    const failed = (why: string) => attempt.failed(why);
    eventConn = connectI3(path, (type, payload) => onEvent(attempt, type, payload), failed);
    requests.conn = connectI3(path, (type, payload) => requests.onReply(type, payload), failed);
    subscribeReplies = 0;
    eventConn.send(I3_MESSAGE.SUBSCRIBE, JSON.stringify(NEEDED_EVENTS));
    eventConn.send(I3_MESSAGE.SUBSCRIBE, JSON.stringify(OPTIONAL_EVENTS));
    void bindingMode(requests).then((name) => {
      if (name !== undefined) mode = name;
    });
    refresh();
  };
  const loop = reconnecting({
    timers,
    connect: (attempt) => void connect(attempt),
    down: (why) => {
      hangUp(why);
      refresher.reset();
      tree = undefined;
      link.lost();
    },
    say: (why) => events.log(`${manager}${path ? ` at ${path}` : ''}: ${why}; trying again`),
  });

  return {
    manager,
    get where() {
      return path || `${manager} (socket not found yet)`;
    },
    send: (messages: readonly SocketMessage[], state: TilerState | undefined) => runCommands(requests, manager, events, messages, state),
    async close() {
      loop.close();
      hangUp('closed');
    },
  };
}
