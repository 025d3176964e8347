/**
 * The window manager's side of the bar, played by a hostile or broken peer, against the built binary in a
 * real tmux pane: a manager that starts after the bar (its data directory does not exist yet), a 1 GB stream,
 * a 50 MB document, 3,000 idle connections, garbage, and a manager that flaps. The bar stays alive and
 * drawn, follows the real manager afterwards, and its peak resident memory stays under the one bound of every
 * peer (PEER_PEAK_RSS_MB, bar-process.ts); a document nested 4 million deep, and one of 1.3 million values, included.
 */
import { statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeWindowManager, stateDoc } from '../tiler/fake-wm.js';
import { barPid, expectPeakUnderBound } from './bar-process.js';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { writeBarConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';


const bin = tilebarCommand();
let pane: Pane | undefined;
let wm: FakeWindowManager | undefined;
afterEach(async () => {
  pane?.close();
  await wm?.stop().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** Write to the bar's socket until it hangs up (or `limit` bytes); the bytes it took. */
function stream(path: string, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const s = createConnection(path);
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < limit && !s.destroyed) {
        sent += chunk.length;
        if (!s.write(chunk)) return void s.once('drain', pump);
      }
      s.end();
    };
    s.on('connect', pump);
    s.on('error', () => undefined);
    s.on('close', () => resolve(sent));
  });
}

describe.skipIf(!hasTmux || process.platform !== 'linux')('the bar against its window manager peer (real tmux pane, real Unix sockets)', () => {
  it('subscribes to a late manager, survives floods and garbage, and keeps its memory bounded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-peer-'));
    await chmod(dir, 0o755);
    const data = join(dir, 'komorebi');
    const file = await writeBarConfig(dir, { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }], right_widgets: [{ Date: { enable: true, format: { Custom: 'PEER' }, label_prefix: 'None' } }] });
    const log = join(dir, 'tilebar.log');
    pane = openPane(`${bin} run --config ${shellQuote(file)} --log ${shellQuote(log)} --tiler-socket-dir ${shellQuote(data)}`, { width: 120, height: 1 });
    await pane.waitFor('PEER');
    const pid = barPid(file);

    // The manager's directory and the manager itself appear 5 s after the bar.
    await sleep(5000);
    await mkdir(data);
    wm = new FakeWindowManager(data);
    wm.state = stateDoc({ workspaces: [{ name: 'alpha' }, { name: 'beta' }], focused: 0 }).state;
    await wm.start();
    await pane.waitFor('alpha');
    const subscriber = (wm.received.flat().find((m) => (m as { type?: string }).type === 'AddSubscriberSocketWithOptions') as { content: [string] }).content[0];
    const socket = join(data, subscriber);
    // Only this user may talk to the bar's socket.
    expect((statSync(socket).mode & 0o777).toString(8)).toBe('600');

    // A stream without end, and a 50 MB document: each dropped long before it is whole.
    expect(await stream(socket, 1024 * 1024 * 1024)).toBeLessThan(64 * 1024 * 1024);
    expect(await stream(socket, 50 * 1024 * 1024)).toBeLessThan(64 * 1024 * 1024);

    // 3,000 idle connections: the bar holds a few and closes the rest (and the few after a while).
    const idle: Socket[] = [];
    let closedByBar = 0;
    for (let i = 0; i < 3000; i++) {
      const s = createConnection(socket);
      s.on('error', () => undefined);
      s.on('close', () => closedByBar++);
      idle.push(s);
    }
    await sleep(7000);
    expect(closedByBar).toBe(3000);

    // Garbage, then a manager that flaps: stop and start ten times.
    for (const junk of ['{"event": {"type": "Foc', '\u0000\u0001\u0002', 'null', '[]', '{"state": 5}', '\x1b]2;pwned\x07', '['.repeat(4_000_000), `[${'{},'.repeat(1_300_000)}{}]`]) await wm.raw(subscriber, junk);
    for (let i = 0; i < 10; i++) {
      await wm.stop(subscriber);
      await wm.start();
    }
    wm.state = stateDoc({ workspaces: [{ name: 'gamma' }, { name: 'delta' }], focused: 1 }).state;
    await wm.stop(subscriber);
    await wm.start();
    const screen = await pane.waitFor('gamma');
    expect(screen).toContain('delta');
    expect(pane.currentCommand()).not.toBe('sleep');

    // A state whose names carry escapes: an OSC 2 that would retitle the pane, a screen clear, a newline.
    const titleBefore = pane.title();
    await wm.notify(subscriber, stateDoc({ workspaces: [{ name: 'x\x1b]2;pwned\x07y' }, { name: 'p\x1b[2Jq' }, { name: 'new\nline' }], focused: 0 }));
    const hostile = await pane.waitFor('new line');
    expect(hostile.replace(/\n$/, '').split('\n')).toHaveLength(1);
    expect(hostile).toContain('x\ufffd]2;pwned\ufffdy');
    expect(pane.title()).toBe(titleBefore);
    expect(pane.title()).not.toContain('pwned');

    expectPeakUnderBound('komorebi peer', pid);
    const text = await readFile(log, 'utf8');
    expect(text).toContain('dropped a notification of more than');
    expect(text).not.toContain('pwned');
    expect(text).not.toMatch(/internal error/);
    for (const s of idle) s.destroy();
  });
});
