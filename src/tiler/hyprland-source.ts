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

export function startHyprlandSource(opts: HyprlandSourceOptions): TilerSource {
  const { timers, events } = opts;
  const link = new Link(events);
  const problems = link.problems;
  let closed = false;
  let dir = '';
  let stream: Socket | undefined;
  let retry: unknown;
  let snapshot: HyprlandSnapshot | undefined;
  let submap = '';
  let dialect: HyprlandDialect = 'classic';
  let generation = 0;

  const publish = () => {
    if (!snapshot) return;
    const s = { ...snapshot, submap };
    events.snapshot((monitor) => hyprlandStateFrom(s, monitor));
  };

  const down = (why: string) => {
    if (closed) return;
    generation++;
    stream?.destroy();
    stream = undefined;
    snapshot = undefined;
    refresher.reset();
    link.lost();
    problems.say(`Hyprland${dir ? ` at ${dir}` : ''}: ${why}; trying again`);
    timers.clearTimeout(retry);
    retry = timers.setTimeout(connect, link.backoff.next());
  };

  const read = async (): Promise<HyprlandSnapshot> => {
    const ask = async (request: string) => parseJson(await hyprlandRequest(dir, request, timers));
    // One at a time: Hyprland answers each synchronously on its main loop.
    const monitors = await ask('j/monitors');
    const workspaces = await ask('j/workspaces');
    const clients = await ask('j/clients');
    const activewindow = await ask('j/activewindow');
    const layoutOption = await ask('j/getoption general:layout');
    return { monitors, workspaces, clients, activewindow, layoutOption };
  };

  const refresher = new FoldedRefresh(async () => {
    const mine = generation;
    let s: HyprlandSnapshot;
    try {
      s = await read();
    } catch (e) {
      if (mine === generation) down(e instanceof Error ? e.message : String(e));
      throw e;
    }
    if (mine !== generation) return;
    snapshot = s;
    link.up();
    publish();
  });
  const refresh = () => refresher.request();

  const onLine = (line: string) => {
    const at = line.indexOf('>>');
    if (at < 0) return;
    const name = line.slice(0, at);
    if (name === 'submap') {
      submap = line.slice(at + 2);
      publish();
    } else if (REREAD.has(name)) refresh();
  };

  function connect(): void {
    retry = undefined;
    if (closed) return;
    const found = opts.dir();
    if (!found) {
      down('HYPRLAND_INSTANCE_SIGNATURE is not set');
      return;
    }
    dir = found;
    const mine = ++generation;
    const socket = createConnection(join(dir, '.socket2.sock'));
    stream = socket;
    const lines = new LineSplitter(MAX_EVENT_LINE);
    socket.on('data', (chunk: Buffer) => {
      if (mine === generation) for (const line of lines.push(chunk)) onLine(line);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (mine === generation) down(e.code ?? e.message);
    });
    socket.on('close', () => {
      if (mine === generation) down('the event socket closed');
    });
    socket.on('connect', () => {
      hyprlandRequest(dir, 'j/version', timers).then(
        (reply) => {
          if (mine !== generation) return;
          dialect = hyprlandDialect(parseJson(reply));
          refresh();
        },
        (e: unknown) => {
          if (mine === generation) down(e instanceof Error ? e.message : String(e));
        },
      );
    });
  }
  connect();

  return {
    manager: 'hyprland',
    get where() {
      return dir || 'Hyprland (no instance signature)';
    },
    async send(messages: readonly SocketMessage[], state: TilerState | undefined) {
      const t = hyprlandCommands(dialect)(messages, state);
      if (t.unsupported.length > 0) events.log(`Hyprland: not supported, not sent: ${t.unsupported.join('; ')}`);
      for (const command of t.commands) {
        // The empty flags before "/" keep a "/" inside a workspace name from being read as flags.
        const reply = (await hyprlandRequest(dir, `/${command}`, timers)).trim();
        if (reply !== 'ok') throw new Error(`Hyprland refused "${command}": ${reply.slice(0, 200) || 'no answer'}`);
      }
    },
    async close() {
      closed = true;
      generation++;
      timers.clearTimeout(retry);
      stream?.destroy();
    },
  };
}
