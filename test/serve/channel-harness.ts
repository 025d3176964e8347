/**
 * The core's channel in one process for the tests of test/serve: a live core (test/app/live-bar-harness.ts:
 * fake timers and readers, a temp config) served by a real CoreServer on a real Unix socket in a 0700 temp
 * directory, and front ends attached to it over real connections — RemoteViews, as `run` and the feeds use, or
 * raw sockets that say what a hostile or broken peer would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreLink } from '../../src/attach/core-link.js';
import { RemoteView } from '../../src/attach/remote-view.js';
import { encodeFrame, FrameReader } from '../../src/channel/framing.js';
import { MAX_OUT_FRAME, type CoreMessage, type FrontMessage, type Role } from '../../src/channel/protocol.js';
import type { SourceReaders } from '../../src/bar/live-sources.js';
import { CoreServer } from '../../src/serve/core-server.js';
import { servedView } from '../../src/serve/served-view.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { asciiLook, startBar, type Started } from '../app/live-bar-harness.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

export interface Channel {
  core: Started;
  server: CoreServer;
  key: Buffer;
  path: string;
  /** Views the core opened, and how many it has closed since. */
  opened: { count: number; closed: number };
  serverLog: string[];
  /** The newer tilebars the core was told to make way for (onNewer), in order. */
  newer: string[];
  /** What each front end's reconnects were allowed: whether they might start a core. */
  mayStart: boolean[];
  attachView: (opts?: { key?: Buffer; monitor?: number; role?: Role; app?: string }) => Promise<RemoteView<ReturnType<typeof asciiLook>>>;
  /** A raw peer; `allowHalfOpen`: it keeps its side open when the core ends its own (as a broken peer may). */
  raw: (opts?: { allowHalfOpen?: boolean }) => Promise<RawPeer>;
}

/** `app`: the core's tilebar version ('test' unless given: no version, so nothing is newer). */
export async function startChannel(opts: { config?: object; readers?: SourceReaders; app?: string } = {}): Promise<Channel> {
  const core = await startBar(opts);
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-channel-'));
  const path = join(dir, 'core.sock');
  const key = randomBytes(32);
  const opened = { count: 0, closed: 0 };
  const serverLog: string[] = [];
  const newer: string[] = [];
  const mayStart: boolean[] = [];
  const server = new CoreServer({
    key,
    timers: core.timers,
    log: (line) => void serverLog.push(line),
    app: opts.app ?? 'test',
    pid: process.pid,
    startedMs: 0,
    onNewer: (app) => void newer.push(app),
    bars: {
      open: async (select) => {
        opened.count++;
        const view = core.bar.openView({ appearance: asciiLook, size: { width: 0, height: 0 }, ...(select.monitor !== undefined ? { monitor: select.monitor } : {}) });
        return { ok: true, view: servedView(core.bar, view, { bar: 'the bar', label: 'bar.json' }, () => void opened.closed++) };
      },
      report: () => ({ bars: [], sources: [], beats: 0 }),
      onTick: core.bar.onTick,
    },
  });
  await server.listen(path);
  const views: Array<{ close(): void }> = [];
  cleanups.push(async () => {
    for (const v of views) v.close();
    await server.close('test over');
    await rm(dir, { recursive: true, force: true });
  });
  const attachView: Channel['attachView'] = async ({ key: given = key, monitor, role = { kind: 'pane' } as Role, app = 'test' } = {}) => {
    const opened = await RemoteView.open({
      appearance: asciiLook,
      size: { width: 160, height: 1 },
      timers: core.timers,
      log: () => undefined,
      connect: (o) => {
        mayStart.push(o.mayStart);
        return CoreLink.open(connect(path), given, { role, select: monitor !== undefined ? { monitor } : {}, app, pid: process.pid }, realTimers);
      },
    });
    if (!opened.ok) throw new Error(`not attached: ${opened.kind}: ${opened.why}`);
    views.push(opened.view);
    return opened.view;
  };
  const raw = async (opts: { allowHalfOpen?: boolean } = {}) => {
    const peer = await RawPeer.connect(path, opts.allowHalfOpen === true);
    cleanups.push(() => peer.socket.destroy());
    return peer;
  };
  return { core, server, key, path, opened, serverLog, newer, mayStart, attachView, raw };
}

/** A peer that speaks the framing by hand: for what a well-behaved front end never sends. */
export class RawPeer {
  readonly received: CoreMessage[] = [];
  closed = false;
  readonly #reader = new FrameReader(MAX_OUT_FRAME);

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.received.push(...(this.#reader.push(chunk).values as CoreMessage[])));
    socket.on('close', () => void (this.closed = true));
    socket.on('error', () => undefined);
  }

  static connect(path: string, allowHalfOpen = false): Promise<RawPeer> {
    return new Promise((resolve, reject) => {
      const socket = connect({ path, allowHalfOpen }, () => resolve(new RawPeer(socket)));
      socket.once('error', reject);
    });
  }

  send(message: FrontMessage | Record<string, unknown>): void {
    this.socket.write(encodeFrame(message, 1 << 24) as Buffer);
  }
}
