import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realTimers } from '../../src/scheduler/timers.js';
import { sendBatch, subscribe, type Subscription } from '../../src/tiler/client.js';
import { tilerStateFrom } from '../../src/tiler/state.js';
import { FakeWindowManager, stateDoc } from './fake-wm.js';
import { eventually } from '../wait.js';
import { FakeTimers } from '../scheduler/fake-timers.js';

let sub: Subscription | undefined;
let wm: FakeWindowManager | undefined;
afterEach(async () => {
  await sub?.close();
  await wm?.stop();
  sub = undefined;
  wm = undefined;
});

const shortDir = () => mkdtemp(join(tmpdir(), 'tb-'));

describe('window-manager client on a real Unix socket', () => {
  it('subscribes, follows notifications, survives a restart and sends batches in order', async () => {
    const dir = await shortDir();
    wm = new FakeWindowManager(dir);
    await wm.start();
    const docs: unknown[] = [];
    const connection: boolean[] = [];
    const logs: string[] = [];
    sub = await subscribe(dir, realTimers, { notification: (d) => docs.push(d), connection: (c) => connection.push(c), log: (m) => logs.push(m) });
    await eventually(() => expect(wm?.received).toHaveLength(1));
    expect(wm.received[0]).toEqual([{ type: 'AddSubscriberSocketWithOptions', content: [sub.name, { filter_state_changes: true }] }]);
    expect(sub.name).toMatch(/^komorebi-bar-[a-z]+-\d{4}$/);
    // The manager answers the subscription with its state: that is what makes the bar connected.
    await eventually(() => expect(connection).toEqual([true]));
    expect(docs).toHaveLength(1);

    await wm.notify(sub.name, stateDoc({ workspaces: [{ name: 'code', containers: [[{ title: 'vim', exe: 'wezterm.exe' }]] }, { name: 'web' }], focused: 0 }));
    await eventually(() => expect(docs).toHaveLength(2));
    const first = tilerStateFrom(docs[1], 0);
    expect(first.ok && first.state.workspaces.map((w) => [w.name, w.focused, w.empty])).toEqual([['code', true, false], ['web', false, true]]);

    await wm.notify(sub.name, stateDoc({ workspaces: [{ name: 'code' }, { name: 'web', containers: [[{ title: 'Firefox', exe: 'firefox.exe' }]] }], focused: 1 }));
    await eventually(() => expect(docs).toHaveLength(3));
    const second = tilerStateFrom(docs[2], 0);
    expect(second.ok && second.state.focusedWorkspace).toBe(1);

    // A partial notification is logged and ignored.
    await wm.raw(sub.name, '{"event": {"type": "Foc');
    await eventually(() => expect(logs.some((l) => l.startsWith('ignored a notification that is not JSON'))).toBe(true));
    expect(docs).toHaveLength(3);

    // The window manager stops (an empty connection), and comes back: the bar subscribes again.
    await wm.stop(sub.name);
    await eventually(() => expect(connection.at(-1)).toBe(false));
    const before = wm.received.length;
    await new Promise((r) => setTimeout(r, 1200));
    await wm.start();
    await eventually(() => expect(wm?.received.length).toBeGreaterThan(before));
    expect(wm.received.at(-1)).toEqual([{ type: 'AddSubscriberSocketWithOptions', content: [sub.name, { filter_state_changes: true }] }]);
    await eventually(() => expect(connection.at(-1)).toBe(true));

    await sendBatch(dir, [
      { type: 'FocusMonitorAtCursor' },
      { type: 'MouseFollowsFocus', content: false },
      { type: 'CycleFocusWorkspace', content: 'Previous' },
      { type: 'MouseFollowsFocus', content: true },
    ] as never);
    await eventually(() => expect(wm?.received.at(-1)).toEqual([
      { type: 'FocusMonitorAtCursor' },
      { type: 'MouseFollowsFocus', content: false },
      { type: 'CycleFocusWorkspace', content: 'Previous' },
      { type: 'MouseFollowsFocus', content: true },
    ]));
  });

  it('stays connected, without subscribing again, long after the manager answered', async () => {
    const dir = await shortDir();
    wm = new FakeWindowManager(dir);
    await wm.start();
    const timers = new FakeTimers();
    const connection: boolean[] = [];
    sub = await subscribe(dir, timers, { notification: () => undefined, connection: (c) => connection.push(c), log: () => undefined });
    await eventually(() => expect(connection).toEqual([true]));
    await timers.advance(60_000);
    expect(connection).toEqual([true]);
    expect(wm.received).toHaveLength(1);
  });

  it('keeps retrying every second while no window manager runs, saying "down" once, and connects when it comes', async () => {
    const dir = await shortDir();
    const connection: boolean[] = [];
    sub = await subscribe(dir, realTimers, { notification: () => undefined, connection: (c) => connection.push(c), log: () => undefined });
    // The first attempt failing is said (the bar shows "not connected"), once whatever the retries.
    await eventually(() => expect(connection).toEqual([false]));
    wm = new FakeWindowManager(dir);
    await wm.start();
    await eventually(() => expect(connection).toEqual([false, true]));
  });

  it('waits for a socket directory that does not exist yet, saying so once, and subscribes when it appears', async () => {
    const dir = join(await shortDir(), 'komorebi');
    const logs: string[] = [];
    const connection: boolean[] = [];
    sub = await subscribe(dir, realTimers, { notification: () => undefined, connection: (c) => connection.push(c), log: (m) => logs.push(m) });
    await new Promise((r) => setTimeout(r, 1300));
    // Node reports the missing directory as EACCES; the user is told what is really the matter, once.
    expect(logs.filter((l) => l.startsWith('cannot listen'))).toEqual([`cannot listen in ${dir} (the directory does not exist yet); trying again every 1 s`]);
    expect(connection).toEqual([false]);
    await mkdir(dir);
    wm = new FakeWindowManager(dir);
    await wm.start();
    await eventually(() => expect(connection).toEqual([false, true]));
  });
});
