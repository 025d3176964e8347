/**
 * A fake Hyprland on real Unix sockets: `.socket.sock` answers one request per connection (and closes, as
 * Hyprland does), `.socket2.sock` streams `EVENT>>DATA` lines to every listener. It keeps monitors,
 * workspaces and clients, carries out `dispatch workspace …` in both syntaxes, and records every request.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export interface FakeWorkspace {
  id: number;
  name: string;
  monitorID: number;
}

export class FakeHyprland {
  readonly requests: string[] = [];
  version = { version: '0.45.2', tag: 'v0.45.2' };
  layout = 'dwindle';
  monitors = [
    { id: 0, name: 'DP-1', focused: true, activeWorkspace: { id: 1, name: '1' } },
    { id: 1, name: 'HDMI-A-1', focused: false, activeWorkspace: { id: 10, name: '10' } },
  ];
  workspaces: FakeWorkspace[] = [
    { id: 1, name: '1', monitorID: 0 },
    { id: 2, name: 'web', monitorID: 0 },
    { id: 3, name: 'Ünï', monitorID: 0 },
    { id: 10, name: '10', monitorID: 1 },
    { id: -98, name: 'special:scratch', monitorID: 0 },
  ];
  clients = [
    { address: '0x1a', class: 'kitty', title: 'vim', workspace: { id: 1, name: '1' }, focusHistoryID: 0, floating: false, fullscreen: 0, grouped: [] as string[] },
    { address: '0x2b', class: 'firefox', title: 'Docs', workspace: { id: 2, name: 'web' }, focusHistoryID: 1, floating: false, fullscreen: 0, grouped: [] as string[] },
  ];
  /** A reply of the test's making (a hostile one) for a request, instead of Hyprland's; undefined: the usual. */
  hostile: ((request: string) => string | Buffer | 'endless' | undefined) | undefined;
  private requestServer: Server | undefined;
  private eventServer: Server | undefined;
  private listeners = new Set<Socket>();

  constructor(readonly dir: string) {}

  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    this.requestServer = createServer((s) => {
      s.on('error', () => undefined);
      s.once('data', (d: Buffer) => {
        const request = d.toString('utf8');
        this.requests.push(request);
        const own = this.hostile?.(request);
        if (own === 'endless') return void this.endless(s);
        s.end(own ?? this.answer(request));
      });
    });
    this.eventServer = createServer((s) => {
      s.on('error', () => undefined);
      this.listeners.add(s);
      s.on('close', () => this.listeners.delete(s));
    });
    for (const [server, name] of [[this.requestServer, '.socket.sock'], [this.eventServer, '.socket2.sock']] as const) {
      rmSync(join(this.dir, name), { force: true });
      await new Promise<void>((resolve) => server.listen(join(this.dir, name), resolve));
    }
  }

  async stop(): Promise<void> {
    for (const s of this.listeners) s.destroy();
    for (const server of [this.requestServer, this.eventServer]) await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** A reply that never ends: 1 MB at a time until the reader hangs up. */
  private endless(s: Socket): void {
    const chunk = Buffer.alloc(1024 * 1024, '[');
    const pump = () => {
      while (!s.destroyed) if (!s.write(chunk)) return void s.once('drain', pump);
    };
    pump();
  }

  /** Raw bytes on the event stream (events, junk, partial lines). */
  emit(text: string): void {
    for (const s of this.listeners) s.write(text);
  }

  get listening(): number {
    return this.listeners.size;
  }

  /** What Hyprland does on a workspace switch: the monitor's active workspace changes, and it says so. */
  focusWorkspace(id: number): void {
    const ws = this.workspaces.find((w) => w.id === id);
    const mon = this.monitors.find((m) => m.id === ws?.monitorID);
    if (!ws || !mon) return;
    mon.activeWorkspace = { id: ws.id, name: ws.name };
    this.emit(`workspace>>${ws.name}\nworkspacev2>>${ws.id},${ws.name}\n`);
  }

  private answer(request: string): string {
    const json = (v: unknown) => JSON.stringify(v);
    switch (request) {
      case 'j/version':
        return json(this.version);
      case 'j/monitors':
        return json(this.monitors);
      case 'j/workspaces':
        return json(this.workspaces.map((w) => ({ ...w, monitor: this.monitors.find((m) => m.id === w.monitorID)?.name, windows: this.clients.filter((c) => c.workspace.id === w.id).length })));
      case 'j/clients':
        return json(this.clients);
      case 'j/activewindow':
        return json(this.clients.find((c) => c.focusHistoryID === 0) ?? {});
      case 'j/getoption general:layout':
        return json({ option: 'general:layout', str: this.layout, set: true });
    }
    const classic = /^\/dispatch workspace (\d+)$/.exec(request);
    const lua = /^\/dispatch hl\.dsp\.focus\(\{ workspace = "(\d+)" \}\)$/.exec(request);
    const id = classic?.[1] ?? lua?.[1];
    if (id !== undefined) {
      if (lua && this.version.version < '0.54') return 'Invalid dispatcher';
      this.focusWorkspace(Number(id));
      return 'ok';
    }
    return request.startsWith('/dispatch') ? 'ok' : 'unknown request';
  }
}
