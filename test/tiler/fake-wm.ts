/** A fake window manager on a real Unix socket: records what the bar sends, and notifies subscribers. */
import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export class FakeWindowManager {
  /** Every connection's messages, in arrival order (a batch is one entry with several). */
  readonly received: unknown[][] = [];
  private server: Server | undefined;
  /** What it answers a new subscriber with, as the real one does (the notification for the subscribe message). */
  state: unknown = stateDoc({ workspaces: [{ name: 'initial' }], focused: 0 }).state;

  constructor(readonly dir: string) {}

  async start(): Promise<void> {
    const path = join(this.dir, 'komorebi.sock');
    rmSync(path, { force: true });
    this.server = createServer((socket) => {
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () => {
        const lines = text.includes('\n') ? text.split('\n').filter((l) => l.trim() !== '') : [text];
        const messages = lines.map((l) => JSON.parse(l) as { type?: string; content?: unknown });
        this.received.push(messages);
        for (const m of messages) {
          if (m.type === 'AddSubscriberSocketWithOptions' || m.type === 'AddSubscriberSocket') {
            const name = Array.isArray(m.content) ? String(m.content[0]) : String(m.content);
            void this.notify(name, { event: m, state: this.state }).catch(() => undefined);
          }
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(path, resolve));
  }

  /** As the window manager does on exit: an empty connection to each subscriber, then gone. */
  async stop(subscriber?: string): Promise<void> {
    if (subscriber) await this.connect(subscriber, '');
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  notify(subscriber: string, doc: unknown): Promise<void> {
    return this.connect(subscriber, JSON.stringify(doc));
  }

  raw(subscriber: string, text: string): Promise<void> {
    return this.connect(subscriber, text);
  }

  private connect(subscriber: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = createConnection(join(this.dir, subscriber));
      s.once('error', reject);
      s.once('connect', () => s.end(text));
      s.once('close', () => resolve());
    });
  }
}

type Win = { title: string; exe: string };
const ringOf = <T>(elements: T[], focused = 0) => ({ elements, focused });

/** A state document like the window manager's: one monitor with the given workspaces. */
export function stateDoc(opts: {
  workspaces: Array<{ name?: string | null; containers?: Win[][]; focusedContainer?: number; layout?: string; tile?: boolean; monocle?: Win[]; layer?: string; locked?: boolean; floating?: Win[] }>;
  focused: number;
  mouseFollowsFocus?: boolean;
  paused?: boolean;
  usrIdxMap?: Record<string, number>;
}) {
  const container = (windows: Win[], locked = false) => ({ windows: ringOf(windows), locked });
  return {
    event: { type: 'FocusChange', content: ['SystemForeground', { hwnd: 1 }] },
    state: {
      monitors: ringOf([
        {
          size: { left: 0, top: 0, right: 1920, bottom: 1080 },
          workspaces: ringOf(
            opts.workspaces.map((w) => ({
              name: w.name === undefined ? null : w.name,
              layer: w.layer ?? 'Tiling',
              tile: w.tile ?? true,
              layout: { Default: w.layout ?? 'BSP' },
              monocle_container: w.monocle ? container(w.monocle) : null,
              maximized_window: null,
              floating_windows: w.floating ?? [],
              containers: ringOf((w.containers ?? []).map((c) => container(c, w.locked)), w.focusedContainer ?? 0),
            })),
            opts.focused,
          ),
        },
      ]),
      is_paused: opts.paused ?? false,
      mouse_follows_focus: opts.mouseFollowsFocus ?? true,
      monitor_usr_idx_map: opts.usrIdxMap ?? { '0': 0 },
    },
  };
}
