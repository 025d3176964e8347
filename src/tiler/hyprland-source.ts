/**
 * Hyprland as a Tiler source: the event stream (`.socket2.sock`) says when to re-read, requests
 * (`.socket.sock`) give the state. Events that change workspaces, windows, monitors or focus re-read
 * monitors, workspaces, clients, the active window and the layout option; events that come during a read are
 * folded into one more read. `submap` changes only the mode; `activelayout` is the keyboard's (the Keyboard
 * widget's). The dispatch syntax follows `j/version` (translate-hyprland.ts). When the event stream ends the
 * widgets clear and the source reconnects with back-off.
 */
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { LineSplitter } from '../io/lines.js';
import type { Timers } from '../scheduler/timers.js';
import { Link } from './backoff.js';
import { reconnecting, type Attempt } from '../io/reconnect.js';
import { hyprlandRequest } from '../ipc/hyprland-ipc.js';
import { hyprlandStateFrom, type HyprlandSnapshot } from './hyprland-state.js';
import { FoldedRefresh, parseJson, type TilerSource, type TilerSourceEvents } from './manager.js';
import type { TilerState } from './state.js';
import { hyprlandCommands, hyprlandDialect, type HyprlandDialect } from './translate-hyprland.js';

/** Events after which the state is read again. */
const REREAD = new Set([
  'workspace', 'workspacev2', 'focusedmon', 'focusedmonv2', 'activewindow', 'activewindowv2', 'createworkspace', 'createworkspacev2',
  'destroyworkspace', 'destroyworkspacev2', 'moveworkspace', 'moveworkspacev2', 'renameworkspace', 'openwindow', 'closewindow',
  'movewindow', 'movewindowv2', 'changefloatingmode', 'fullscreen', 'windowtitle', 'windowtitlev2', 'monitoradded', 'monitoraddedv2',
  'monitorremoved', 'monitorremovedv2', 'configreloaded', 'togglegroup', 'moveintogroup', 'moveoutofgroup', 'activespecial',
]);
const MAX_EVENT_LINE = 64 * 1024;

export interface HyprlandSourceOptions {
  /** The instance's socket directory, asked again before every connection. */
  dir: () => string | undefined;
  timers: Timers;
  events: TilerSourceEvents;
}

/** An event line of socket2, `name>>data`; undefined for a line that is not one. */
function hyprlandEvent(line: string): { name: string; data: string } | undefined {
  const at = line.indexOf('>>');
  return at < 0 ? undefined : { name: line.slice(0, at), data: line.slice(at + 2) };
}

/** Socket2, Hyprland's event stream: its lines, its errors and its end, while `current()` says it is still the bar's. */
function openEventSocket(dir: string, current: () => boolean, on: { line(line: string): void; down(why: string): void; connect(): void }): Socket {
  const socket = createConnection(join(dir, '.socket2.sock'));
  const lines = new LineSplitter(MAX_EVENT_LINE);
  socket.on('data', (chunk: Buffer) => {
    if (current()) for (const line of lines.push(chunk)) on.line(line);
  });
  socket.on('error', (e: NodeJS.ErrnoException) => {
    if (current()) on.down(e.code ?? e.message);
  });
  socket.on('close', () => {
    if (current()) on.down('the event socket closed');
  });
  socket.on('connect', () => on.connect());
  return socket;
}

/** Everything the Tiler widgets show, read from the request socket one question at a time. */
async function readHyprland(dir: string, timers: Timers): Promise<HyprlandSnapshot> {
  const ask = async (request: string) => parseJson(await hyprlandRequest(dir, request, timers));
  // One at a time: Hyprland answers each synchronously on its main loop.
  const monitors = await ask('j/monitors');
  const workspaces = await ask('j/workspaces');
  const clients = await ask('j/clients');
  const activewindow = await ask('j/activewindow');
  const layoutOption = await ask('j/getoption general:layout');
  return { monitors, workspaces, clients, activewindow, layoutOption };
}

/** Send the messages' dispatches (those this Hyprland has); one it refuses is an error saying which and why. */
async function runHyprlandCommands(dir: string, dialect: HyprlandDialect, timers: Timers, events: TilerSourceEvents, messages: readonly SocketMessage[], state: TilerState | undefined): Promise<void> {
  const t = hyprlandCommands(dialect)(messages, state);
  if (t.unsupported.length > 0) events.log(`Hyprland: not supported, not sent: ${t.unsupported.join('; ')}`);
  for (const command of t.commands) {
    // The empty flags before "/" keep a "/" inside a workspace name from being read as flags.
    const reply = (await hyprlandRequest(dir, `/${command}`, timers)).trim();
    if (reply !== 'ok') throw new Error(`Hyprland refused "${command}": ${reply.slice(0, 200) || 'no answer'}`);
  }
}

export function startHyprlandSource(opts: HyprlandSourceOptions): TilerSource {
  const { timers, events } = opts;
  const link = new Link(events);
  let dir = '';
  let stream: Socket | undefined;
  let snapshot: HyprlandSnapshot | undefined;
  let submap = '';
  let dialect: HyprlandDialect = 'classic';

  const publish = () => {
    if (!snapshot) return;
    const s = { ...snapshot, submap };
    events.snapshot((monitor) => hyprlandStateFrom(s, monitor));
  };

  const refresher = new FoldedRefresh(async () => {
    // The connection attempt under way (io/reconnect.ts): a read that outlives it is dropped.
    const mine = loop.live;
    let s: HyprlandSnapshot;
    try {
      s = await readHyprland(dir, timers);
    } catch (e) {
      mine?.failed(e instanceof Error ? e.message : String(e));
      throw e;
    }
    if (!mine?.current) return;
    snapshot = s;
    link.up();
    mine.up();
    publish();
  });
  const refresh = () => refresher.request();

  const onLine = (line: string) => {
    const event = hyprlandEvent(line);
    if (event?.name === 'submap') {
      submap = event.data;
      publish();
    } else if (event && REREAD.has(event.name)) refresh();
  };

  const connect = (attempt: Attempt): (() => void) | undefined => {
    const found = opts.dir();
    if (!found) {
      attempt.failed('HYPRLAND_INSTANCE_SIGNATURE is not set');
      return undefined;
    }
    dir = found;
    const current = () => attempt.current;
    const failed = (why: string) => attempt.failed(why);
    // Which Hyprland this is decides how its dispatches are spelled; then the first read.
    const onConnect = () =>
      hyprlandRequest(dir, 'j/version', timers).then(
        (reply) => {
          if (!current()) return;
          dialect = hyprlandDialect(parseJson(reply));
          refresh();
        },
        (e: unknown) => failed(e instanceof Error ? e.message : String(e)),
      );
    const socket = openEventSocket(dir, current, { line: onLine, down: failed, connect: () => void onConnect() });
    stream = socket;
    return () => socket.destroy();
  };
  const loop = reconnecting({
    timers,
    connect,
    down: () => {
      stream = undefined;
      snapshot = undefined;
      refresher.reset();
      link.lost();
    },
    say: (why) => events.log(`Hyprland${dir ? ` at ${dir}` : ''}: ${why}; trying again`),
  });

  return {
    manager: 'hyprland',
    get where() {
      return dir || 'Hyprland (no instance signature)';
    },
    send: (messages: readonly SocketMessage[], state: TilerState | undefined) => runHyprlandCommands(dir, dialect, timers, events, messages, state),
    async close() {
      loop.close();
    },
  };
}
