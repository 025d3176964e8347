/**
 * i3's layout tree read from a real i3 under Xvfb over the i3-ipc framing (src/tiler/i3-ipc.ts), and turned
 * into the tiler widgets' state (src/tiler/i3-state.ts): workspaces, the focused one, a non-ASCII name, the
 * layout of the focused container. Skipped without i3 and Xvfb (CI installs them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { I3_MESSAGE } from '../../src/ipc/i3-ipc.js';
import { i3StateFrom } from '../../src/tiler/i3-state.js';
import { hasI3, startI3, type RealWm } from './real-wm.js';

let wm: RealWm | undefined;
const ask = (type: number, payload = ''): Promise<unknown> => (wm as RealWm).ask(type, payload);

beforeAll(async () => {
  if (hasI3) wm = await startI3();
});
afterAll(() => wm?.stop());

describe.skipIf(!hasI3)('a real i3', () => {
  it('its tree becomes the workspaces, the focused one and the layout, names outside ASCII included', async () => {
    await ask(I3_MESSAGE.RUN_COMMAND, 'workspace 1; exec xterm -e sleep 60');
    await ask(I3_MESSAGE.RUN_COMMAND, 'workspace "Ünïcødé 日本"');
    let state = i3StateFrom(await ask(I3_MESSAGE.GET_TREE), 0);
    expect(state.ok && state.state.workspaces.find((w) => w.focused)?.name).toBe('Ünïcødé 日本');
    await ask(I3_MESSAGE.RUN_COMMAND, 'workspace 1');
    state = i3StateFrom(await ask(I3_MESSAGE.GET_TREE), 0);
    expect(state.ok && state.state.workspaces.map((w) => [w.name, w.focused])).toEqual([['1', true]]);
    expect(i3StateFrom(await ask(I3_MESSAGE.GET_TREE), 5)).toMatchObject({ ok: false, problem: expect.stringContaining('monitor 5 is not connected') });
    const workspaces = (await ask(I3_MESSAGE.GET_WORKSPACES)) as Array<{ name: string; focused: boolean }>;
    expect(workspaces.find((w) => w.focused)?.name).toBe('1');
  });
});
