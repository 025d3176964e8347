/**
 * A front end's view across a change of core (src/attach/remote-view.ts with kept-readings.ts): the first core
 * read the CPU and the memory and goes; the next one's first state has read nothing yet. The view goes on showing
 * the last readings until the new core gives its own, and lets a reading the new core never gives go after
 * KEEP_LAST_MS — on the view's clock, which the test moves; the cores are scripted over a real Unix socket.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoreLink } from '../../src/attach/core-link.js';
import { KEEP_LAST_MS } from '../../src/attach/kept-readings.js';
import { RemoteView } from '../../src/attach/remote-view.js';
import { coreProof, newNonce } from '../../src/channel/auth.js';
import { encodeFrame, FrameReader } from '../../src/channel/framing.js';
import { PROTOCOL, type StateMessage } from '../../src/channel/protocol.js';
import { emptyModel } from '../../src/config/empty-model.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';

const cleanups = cleanupsAfterEach();
const frame = (v: unknown) => encodeFrame(v, 1 << 20) as Buffer;

/** A core's first state: every part, and the statuses it has. */
const firstState = (statuses: StateMessage['statuses']): StateMessage => ({
  t: 'state',
  parts: { model: emptyModel('A'), message: null, epochMs: 1000, systemZone: 'UTC', tiler: null, noTiler: true, tilerDown: false, media: null, keyboard: null },
  statuses,
});

/**
 * Cores that answer on one socket, one per connection: each proves itself, attaches the front end and sends the
 * next of `firsts` as its first state; `cores` are their connections, to send more or to end (a core killed).
 */
async function scriptedCores(firsts: StateMessage[]): Promise<{ path: string; key: Buffer; cores: Socket[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-kept-'));
  const path = join(dir, 'core.sock');
  const key = randomBytes(32);
  const cores: Socket[] = [];
  const server = createServer((socket) => {
    const first = firsts[cores.length];
    cores.push(socket);
    const reader = new FrameReader(1 << 16);
    const coreNonce = newNonce();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      for (const m of reader.push(chunk).values as Array<{ t: string; nonce?: string }>) {
        if (m.t === 'hello') socket.write(frame({ t: 'welcome', protocol: PROTOCOL, app: 'test', pid: cores.length, nonce: coreNonce, proof: coreProof(key, m.nonce ?? '', coreNonce) }));
        if (m.t === 'attach') socket.write(Buffer.concat([frame({ t: 'attached', id: 1, config: '/c.json', label: 'c.json', monitor: 0 }), frame(first)]));
      }
    });
  });
  await new Promise<void>((r) => server.listen(path, r));
  cleanups.push(async () => {
    for (const c of cores) c.destroy();
    server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { path, key, cores };
}

describe('a front end’s view when its core is replaced', () => {
  it('shows the last core’s readings until the new core has its own, and lets those it never gives go after KEEP_LAST_MS', async () => {
    const cpu = { reading: { percent: 41 } };
    const memory = { reading: { totalBytes: 100, usedBytes: 7 } };
    const { path, key, cores } = await scriptedCores([firstState({ cpu, memory }), firstState({})]);
    const timers = new FakeTimers();
    const opened = await RemoteView.open({
      appearance: () => 'look',
      size: { width: 80, height: 1 },
      timers,
      log: () => undefined,
      connect: () => CoreLink.open(connect(path), key, { role: { kind: 'pane' }, select: {}, app: 'test', pid: process.pid }, realTimers),
    });
    if (!opened.ok) throw new Error(opened.why);
    const view = opened.view;
    cleanups.push(() => view.close());
    expect(view.getSnapshot().statuses).toEqual({ cpu, memory });

    // The first core killed; a new one answers the view's next try, having read nothing yet.
    cores[0]?.destroy();
    await until(() => view.getSnapshot().message !== undefined, 'the view to say the core went');
    await until(async () => (await timers.advance(50), view.corePid === 2 && view.getSnapshot().message === undefined), 'the view to attach to the new core');
    // Attached within the last step of 50 ms.
    const attachedAt = timers.now();
    expect(view.getSnapshot().statuses).toEqual({ cpu, memory });
    let epochMs = 2000;
    /** Time passes on the view's clock, the new core saying something each second (or the view takes it for hung). */
    const advanceHeard = async (ms: number) => {
      for (let left = ms; left > 0; left -= 1000) {
        cores[1]?.write(frame({ t: 'state', parts: { epochMs: ++epochMs } }));
        await until(() => view.getSnapshot().epochMs === epochMs, 'the view to hear the core');
        await timers.advance(Math.min(1000, left));
      }
    };

    // The new core reads the memory: its reading shows; the CPU's is still the last core's.
    const newMemory = { reading: { totalBytes: 100, usedBytes: 9 } };
    cores[1]?.write(frame({ t: 'state', parts: { epochMs }, statuses: { memory: newMemory } }));
    await until(() => JSON.stringify(view.getSnapshot().statuses.memory) === JSON.stringify(newMemory), 'the new memory reading');
    expect(view.getSnapshot().statuses.cpu).toEqual(cpu);

    // The new core never reads the CPU (it fails there, or the config no longer has it): after KEEP_LAST_MS it is
    // shown as the new core says, with nothing said by the new core meanwhile.
    await advanceHeard(attachedAt + KEEP_LAST_MS - 100 - timers.now());
    expect(view.getSnapshot().statuses).toEqual({ cpu, memory: newMemory });
    await advanceHeard(100);
    expect(view.getSnapshot().statuses).toEqual({ memory: newMemory });
    expect(view.corePid).toBe(2);
  });
});
