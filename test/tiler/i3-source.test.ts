/**
 * The i3/sway source against an in-process peer speaking the i3 IPC protocol: bursts of events folded into few
 * tree reads, commands and their refusals, and peers that break the protocol, go silent or go away.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { EVENT_BIT, I3Decoder, I3_MESSAGE, encodeI3Message } from '../../src/tiler/i3-ipc.js';
import { startI3Source } from '../../src/tiler/i3-source.js';
import type { TilerSource } from '../../src/tiler/manager.js';
import { recordingEvents } from './recording-events.js';
import { eventually } from '../wait.js';

const tree = (names: string[], focused: number) => ({
  id: 1,
  type: 'root',
  nodes: [{ id: 2, type: 'output', name: 'eDP-1', nodes: [{ id: 3, type: 'con', name: 'content', focus: [100 + focused], nodes: names.map((name, i) => ({ id: 100 + i, type: 'workspace', name, nodes: [], floating_nodes: [], focus: [] })) }] }],
});

/** A peer playing i3: answers requests, records them, and can misbehave on demand. */
class FakeI3 {
  readonly requests: Array<{ type: number; payload: string }> = [];
  names = ['1', '2'];
  focused = 0;
  mode: 'normal' | 'silent' | 'garbage' = 'normal';
  /** Event names it does not know and refuses a subscription for (sway 1.7: output). */
  unknownEvents = new Set<string>();
  subscribers: Socket[] = [];
  private server: Server | undefined;
  constructor(readonly path: string) {}
  async start() {
    this.server = createServer((s) => {
      const decoder = new I3Decoder();
      s.on('error', () => undefined);
      s.on('data', (d: Buffer) => {
        if (this.mode === 'garbage') {
          s.write('HTTP/1.1 400 Bad Request\r\n\r\n');
          return;
        }
        for (const m of decoder.push(d)) {
          this.requests.push(m);
          if (this.mode === 'silent') continue;
          if (m.type === I3_MESSAGE.SUBSCRIBE) {
            const names = JSON.parse(m.payload) as string[];
            const ok = names.every((n) => !this.unknownEvents.has(n));
            if (ok && !this.subscribers.includes(s)) this.subscribers.push(s);
            s.write(encodeI3Message(m.type, JSON.stringify({ success: ok })));
          } else if (m.type === I3_MESSAGE.GET_TREE) s.write(encodeI3Message(m.type, JSON.stringify(tree(this.names, this.focused))));
          else if (m.type === I3_MESSAGE.GET_BINDING_STATE) s.write(encodeI3Message(m.type, '{"name":"default"}'));
          else if (m.type === I3_MESSAGE.RUN_COMMAND) s.write(encodeI3Message(m.type, JSON.stringify(m.payload.includes('nonsense') ? [{ success: false, error: 'Expected one of these tokens' }] : [{ success: true }])));
        }
      });
    });
    await new Promise<void>((r) => this.server?.listen(this.path, r));
  }
  event(type: number, payload: object) {
    for (const s of this.subscribers) s.write(encodeI3Message((EVENT_BIT | type) >>> 0, JSON.stringify(payload)));
  }
  async stop() {
    for (const s of this.subscribers) s.destroy();
    this.subscribers = [];
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
  get treeReads() {
    return this.requests.filter((r) => r.type === I3_MESSAGE.GET_TREE).length;
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setUp(mode: FakeI3['mode'] = 'normal', unknownEvents: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'tb-i3src-'));
  const fake = new FakeI3(join(dir, 'ipc.sock'));
  fake.mode = mode;
  for (const e of unknownEvents) fake.unknownEvents.add(e);
  await fake.start();
  const rec = recordingEvents();
  const source: TilerSource = startI3Source({
    manager: 'i3',
    socketPath: async () => fake.path,
    timers: realTimers,
    events: rec.events,
  });
  cleanups.push(async () => {
    await source.close();
    await fake.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { fake, source, ...rec };
}

describe('i3/sway source (in-process i3 peer)', () => {
  it('subscribes, reads the tree, folds a burst of events into a couple of reads, and runs commands', async () => {
    const t = await setUp();
    await eventually(() => expect(t.last()?.workspaces.map((w) => w.name)).toEqual(['1', '2']));
    // The output event apart: sway before 1.8 refuses a subscription that names it.
    expect(t.fake.requests.filter((r) => r.type === I3_MESSAGE.SUBSCRIBE).map((r) => r.payload)).toEqual(['["workspace","window","mode","shutdown"]', '["output"]']);
    const before = t.fake.treeReads;
    t.fake.focused = 1;
    for (let i = 0; i < 50; i++) t.fake.event(0, { change: 'focus' });
    await eventually(() => expect(t.last()?.focusedWorkspace).toBe(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(t.fake.treeReads - before).toBeLessThanOrEqual(3);

    t.fake.event(2, { change: 'resize', pango_markup: false });
    await eventually(() => expect(t.last()?.mode).toBe('resize'));

    await t.source.send([{ type: 'FocusMonitorWorkspaceNumber', content: [0, 0] } as SocketMessage], t.last());
    expect(t.fake.requests.at(-1)).toEqual({ type: I3_MESSAGE.RUN_COMMAND, payload: 'workspace number 1' });
    await t.source.send([{ type: 'TogglePause' } as SocketMessage], t.last());
    expect(t.logs.at(-1)).toMatch(/not supported, not sent: TogglePause/);
  });

  it('works with a sway that has no output event (1.7), and leaves a peer that refuses the events it needs', async () => {
    const t = await setUp('normal', ['output']);
    await eventually(() => expect(t.last()).toBeDefined());
    t.fake.focused = 1;
    t.fake.event(3, { change: 'new' });
    await eventually(() => expect(t.last()?.focusedWorkspace).toBe(1));
    expect(t.connections).toEqual([true]);

    const refused = await setUp('normal', ['window']);
    await eventually(() => expect(refused.logs.join('\n')).toMatch(/i3 refused to send workspace, window, mode, shutdown events; trying again/));
  });

  it('a command i3 refuses rejects with i3’s reason', async () => {
    const t = await setUp();
    await eventually(() => expect(t.last()).toBeDefined());
    await expect(t.source.send([{ type: 'FocusNamedWorkspace', content: 'x' } as SocketMessage], t.last())).resolves.toBeUndefined();
    await expect(t.source.send([{ type: 'FocusNamedWorkspace', content: 'nonsense' } as SocketMessage], t.last())).rejects.toThrow(/refused .*Expected one of these tokens/);
  });

  it('a peer that is not i3 is left with a reason, and tried again later', async () => {
    const t = await setUp('garbage');
    await eventually(() => expect(t.logs.join('\n')).toMatch(/not the i3 IPC protocol \(bad magic\); trying again/));
    expect(t.connections).toEqual([false]);
    t.fake.mode = 'normal';
    await eventually(() => expect(t.connections).toEqual([false, true]));
  });

  it('a peer that never answers is given up after 3 s; one that goes away clears the widgets and is found again', async () => {
    const t = await setUp('silent');
    await eventually(() => expect(t.logs.join('\n')).toMatch(/no answer within 3 s/));
    expect(t.connections).toEqual([false]);
    t.fake.mode = 'normal';
    await eventually(() => expect(t.connections).toEqual([false, true]));
    await t.fake.stop();
    await eventually(() => expect(t.connections).toEqual([false, true, false]));
    await t.fake.start();
    await eventually(() => expect(t.connections).toEqual([false, true, false, true]));
  });
});
