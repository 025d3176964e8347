/**
 * A front end's link to the core when the core's messages come in bursts: the attach, the first state and later
 * states in one chunk (a loaded machine reads them all at once). Each goes to whoever listens in its turn; none is
 * taken by the listener before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoreLink } from '../../src/attach/core-link.js';
import { RemoteView } from '../../src/attach/remote-view.js';
import { coreProof, newNonce } from '../../src/channel/auth.js';
import { encodeFrame, FrameReader } from '../../src/channel/framing.js';
import { PROTOCOL } from '../../src/channel/protocol.js';
import { emptyModel } from '../../src/config/empty-model.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();
const frame = (v: unknown) => encodeFrame(v, 1 << 20) as Buffer;

describe('a front end’s link to the core', () => {
  it('takes the first state and those after it from one burst, in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-link-'));
    const path = join(dir, 'core.sock');
    const key = randomBytes(32);
    const server = createServer((socket) => {
      const reader = new FrameReader(1 << 16);
      const coreNonce = newNonce();
      socket.on('data', (chunk: Buffer) => {
        for (const m of reader.push(chunk).values as Array<{ t: string; nonce?: string }>) {
          if (m.t === 'hello') socket.write(frame({ t: 'welcome', protocol: PROTOCOL, app: 'test', pid: 1, nonce: coreNonce, proof: coreProof(key, m.nonce ?? '', coreNonce) }));
          if (m.t === 'attach') {
            const model = emptyModel('A');
            socket.write(
              Buffer.concat([
                frame({ t: 'attached', id: 1, config: '/c.json', label: 'c.json', monitor: 0 }),
                frame({ t: 'state', parts: { model, message: null, epochMs: 1000, systemZone: 'UTC', tiler: null, noTiler: true, tilerDown: false, media: null, keyboard: null }, statuses: {} }),
                frame({ t: 'state', parts: { epochMs: 2000 }, statuses: { cpu: { reading: { percent: 7 } } } }),
                frame({ t: 'state', parts: { epochMs: 3000 } }),
              ]),
            );
          }
        }
      });
    });
    await new Promise<void>((r) => server.listen(path, r));
    cleanups.push(async () => {
      server.close();
      await rm(dir, { recursive: true, force: true });
    });
    const opened = await RemoteView.open({
      appearance: () => 'look',
      size: { width: 80, height: 1 },
      timers: realTimers,
      log: () => undefined,
      connect: () => CoreLink.open(connect(path), key, { role: { kind: 'pane' }, select: {}, app: 'test', pid: process.pid }, realTimers),
    });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    cleanups.push(() => opened.view.close());
    const snap = opened.view.getSnapshot();
    expect(snap.epochMs).toBe(3000);
    expect(snap.statuses.cpu).toEqual({ reading: { percent: 7 } });
    expect(snap.message).toBeUndefined();
    expect(snap.model.variant).toBe('A');
  });
});
