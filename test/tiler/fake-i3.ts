/**
 * A peer playing i3 (or sway) on a real Unix socket: answers requests, records them, and can misbehave on
 * demand: silent, speaking HTTP instead of i3 IPC, or answering GET_TREE with whatever `treeReply` gives.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { EVENT_BIT, I3Decoder, I3_MESSAGE, encodeI3Message } from '../../src/ipc/i3-ipc.js';

export const tree = (names: string[], focused: number) => ({
  id: 1,
  type: 'root',
  nodes: [{ id: 2, type: 'output', name: 'eDP-1', nodes: [{ id: 3, type: 'con', name: 'content', focus: [100 + focused], nodes: names.map((name, i) => ({ id: 100 + i, type: 'workspace', name, nodes: [], floating_nodes: [], focus: [] })) }] }],
});

export class FakeI3 {
  readonly requests: Array<{ type: number; payload: string }> = [];
  names = ['1', '2'];
  focused = 0;
  mode: 'normal' | 'silent' | 'garbage' = 'normal';
  /** A GET_TREE reply of the test's making (a hostile one), instead of the tree of `names`. */
  treeReply: (() => Buffer) | undefined;
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
          } else if (m.type === I3_MESSAGE.GET_TREE) s.write(this.treeReply?.() ?? encodeI3Message(m.type, JSON.stringify(tree(this.names, this.focused))));
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

