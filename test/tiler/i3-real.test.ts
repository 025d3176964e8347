/**
 * i3's layout tree read from a real i3 under Xvfb over the i3-ipc framing (src/tiler/i3-ipc.ts), and turned
 * into the tiler widgets' state (src/tiler/i3-state.ts): workspaces, the focused one, a non-ASCII name, the
 * layout of the focused container. Skipped without i3 and Xvfb (CI installs them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { I3_MESSAGE, connectI3 } from '../../src/tiler/i3-ipc.js';
import { i3StateFrom } from '../../src/tiler/i3-state.js';

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).error === undefined;
const available = has('i3', ['--version']) && has('Xvfb', ['-help']);
const display = `:${500 + (process.pid % 300)}`;
const dir = mkdtempSync(join(tmpdir(), 'tb-i3-'));
const socket = join(dir, 'i3.sock');
const children: ChildProcess[] = [];

/** One request to i3, its reply parsed. */
function ask(type: number, payload = ''): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const c = connectI3(socket, (_t, reply) => {
      c.close();
      resolve(JSON.parse(reply));
    }, reject);
    c.send(type, payload);
  });
}

beforeAll(async () => {
  if (!available) return;
  children.push(spawn('Xvfb', [display, '-noreset', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'], { stdio: 'ignore' }));
  await vi.waitFor(() => expect(existsSync(`/tmp/.X11-unix/X${display.slice(1)}`)).toBe(true), { timeout: 10_000 });
  writeFileSync(join(dir, 'config'), `ipc-socket ${socket}\nfont pango:monospace 8\n`);
  children.push(spawn('i3', ['-c', join(dir, 'config')], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' }));
  await vi.waitFor(() => expect(existsSync(socket)).toBe(true), { timeout: 10_000 });
}, 30_000);
afterAll(() => children.forEach((c) => c.kill()));

describe.skipIf(!available)('a real i3', () => {
  it('its tree becomes the workspaces, the focused one and the layout, names outside ASCII included', { timeout: 20_000 }, async () => {
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
