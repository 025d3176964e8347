/**
 * The i3/sway source against an in-process peer speaking the i3 IPC protocol: bursts of events folded into few
 * tree reads, commands and their refusals, and peers that break the protocol, go silent or go away.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { I3_MESSAGE } from '../../src/ipc/i3-ipc.js';
import { FakeI3 } from './fake-i3.js';
import { startI3Source } from '../../src/tiler/i3-source.js';
import type { TilerSource } from '../../src/tiler/manager.js';
import { recordingEvents } from './recording-events.js';
import { eventually } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

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
