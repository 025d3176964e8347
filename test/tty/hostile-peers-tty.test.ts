/**
 * Every window manager's side of the bar played by a hostile peer, against the built binary in a real tmux
 * pane: i3 (and so sway, the same protocol) and Hyprland, each answering with a reply nested millions deep,
 * one of millions of small values, one over the size cap, one that never ends, and garbage, then answering
 * properly again. The bar stays drawn, follows the peer afterwards, and its peak resident memory stays under
 * the one bound stated for every peer (komorebi's socket: tiler-peer-tty.test.ts, the same bound).
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { I3_MESSAGE, encodeI3Message, MAX_IPC_MESSAGE } from '../../src/ipc/i3-ipc.js';
import { HYPRLAND_MAX_REPLY } from '../../src/ipc/hyprland-ipc.js';
import { FakeHyprland } from '../tiler/fake-hyprland.js';
import { FakeI3 } from '../tiler/fake-i3.js';
import { until } from '../wait.js';
import { barPid, expectPeakUnderBound } from './bar-process.js';
import { hasTmux, openPane, shellQuote } from './tmux.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
const cleanups = cleanupsAfterEach();


/** Hostile JSON just under `cap` bytes: nested arrays, or a flat array of empty objects. */
const nested = (cap: number) => '['.repeat(cap - 64);
const manyValues = (cap: number) => `[${'{},'.repeat(Math.floor((cap - 64) / 3))}{}]`;

async function barWith(env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-hostile-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const config = await writeBarConfig(dir, { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }], right_widgets: [{ Date: { enable: true, format: { Custom: 'PEER' }, label_prefix: 'None' } }] });
  const log = join(dir, 'tilebar.log');
  const pane = openPane(`${bin} run --config ${shellQuote(config)} --log ${shellQuote(log)}`, { width: 100, height: 1, env });
  cleanups.push(() => pane.close());
  await pane.waitFor('PEER');
  return { pane, pid: barPid(config), log: () => readFile(log, 'utf8').catch(() => '') };
}

describe.skipIf(!hasTmux || process.platform !== 'linux')('the bar against hostile window-manager peers (real tmux pane, real Unix sockets)', () => {
  it('i3/sway: nested, many-valued, oversized, endless and garbage replies leave it drawn and following, under the bound', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-i3h-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const fake = new FakeI3(join(dir, 'ipc.sock'));
    fake.names = ['one', 'two'];
    await fake.start();
    cleanups.push(() => fake.stop());
    const { pane, pid, log } = await barWith({ I3SOCK: fake.path });
    await pane.waitFor(' one two');

    // Each hostile reply answers the tree read that a workspace event starts.
    const answerWith = async (reply: Buffer) => {
      fake.treeReply = () => reply;
      const before = fake.treeReads;
      fake.event(0, { change: 'focus' });
      await until(() => fake.treeReads > before, 'a tree read');
    };
    // Refused as they arrive (the connection is left and made again), before the rest is held.
    await answerWith(encodeI3Message(I3_MESSAGE.GET_TREE, nested(MAX_IPC_MESSAGE)));
    await until(async () => (await log()).includes('a message nested more than 128 deep'), 'the nested tree refused');
    await answerWith(encodeI3Message(I3_MESSAGE.GET_TREE, manyValues(MAX_IPC_MESSAGE)));
    await until(async () => (await log()).includes('a message more than 1000000 values'), 'the many-valued tree refused');
    // Still drawn and running: the rest of the bar is there while the connection to i3 is made again.
    expect(pane.capture()).toContain('PEER');
    expect(pane.currentCommand()).not.toBe('sleep');
    // A header announcing 100 MB: the connection is dropped before any of it is read, then made again.
    const huge = Buffer.alloc(14);
    huge.write('i3-ipc', 0, 'latin1');
    huge.writeUInt32LE(100 * 1024 * 1024, 6);
    huge.writeUInt32LE(I3_MESSAGE.GET_TREE, 10);
    await answerWith(huge);
    await until(async () => /a message of \d+ bytes \(at most \d+ are read\)/.test(await log()), 'the oversized reply refused');
    // Garbage: not the protocol at all.
    fake.treeReply = undefined;
    fake.mode = 'garbage';
    await until(async () => /bad magic/.test(await log()), 'the garbage refused');
    fake.mode = 'normal';

    // Answering properly again: the bar follows.
    fake.names = ['after', 'all'];
    await until(() => {
      fake.event(0, { change: 'focus' });
      return pane.capture().includes(' after all');
    }, 'the new workspaces');
    expectPeakUnderBound('hostile i3 peer', pid);
    expect(pane.currentCommand()).not.toBe('sleep');
    expect(await log()).not.toMatch(/internal error/);
    // Each line names the window manager once ("i3 at …", not "i3: i3 at …").
    expect(await log()).not.toMatch(/^(?:[\d:.TZ-]+ )?(\w+): \1\b/im);
  });

  it('Hyprland: nested, many-valued, endless and garbage replies and an endless event line leave it drawn and following, under the bound', async () => {
    const runtime = await mkdtemp(join(tmpdir(), 'tb-hyprh-'));
    cleanups.push(() => rm(runtime, { recursive: true, force: true }));
    const sig = 'hostile';
    const dir = join(runtime, 'hypr', sig);
    mkdirSync(dir, { recursive: true });
    const fake = new FakeHyprland(dir);
    await fake.start();
    cleanups.push(() => fake.stop());
    const { pane, pid, log } = await barWith({ HYPRLAND_INSTANCE_SIGNATURE: sig, XDG_RUNTIME_DIR: runtime });
    await pane.waitFor(' 1 web Ünï');

    // Each hostile reply answers the workspaces read that a workspace event starts; the log says how it ended.
    const answerWith = async (reply: string | 'endless', said: RegExp) => {
      fake.hostile = (request) => (request === 'j/workspaces' ? reply : undefined);
      await until(async () => {
        fake.emit('workspace>>1\n');
        return said.test(await log());
      }, `the log to say ${said}`);
    };
    await answerWith(nested(HYPRLAND_MAX_REPLY), /j\/workspaces: a reply nested more than 128 deep/);
    await answerWith(manyValues(HYPRLAND_MAX_REPLY), /j\/workspaces: a reply more than 1000000 values/);
    await answerWith('endless', /j\/workspaces: a reply (over \d+ bytes|nested more than 128 deep)/);
    // Garbage that is not JSON is no list of workspaces; the read goes on to the clients.
    fake.hostile = (request) => (request === 'j/workspaces' ? '\u0000\u0001 not json \x1b]2;pwned\x07' : undefined);
    const asked = fake.requests.length;
    await until(() => {
      fake.emit('workspace>>1\n');
      const since = fake.requests.slice(asked);
      return since.includes('j/workspaces') && since.indexOf('j/clients') > since.indexOf('j/workspaces');
    }, 'the read after the garbage');
    // An event line that never ends.
    fake.emit('x'.repeat(20 * 1024 * 1024));
    fake.emit('\n');

    fake.hostile = undefined;
    fake.workspaces = [{ id: 1, name: 'after', monitorID: 0 }];
    fake.monitors[0] = { ...fake.monitors[0], activeWorkspace: { id: 1, name: 'after' } } as (typeof fake.monitors)[0];
    await until(() => {
      fake.emit('workspace>>after\n');
      return pane.capture().includes(' after');
    }, 'the new workspace');
    expectPeakUnderBound('hostile Hyprland peer', pid);
    expect(pane.title()).not.toContain('pwned');
    expect(await log()).not.toMatch(/internal error|pwned/);
  });
});
