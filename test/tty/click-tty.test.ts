import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWindowManager, stateDoc } from '../tiler/fake-wm.js';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
let wm: FakeWindowManager | undefined;
afterEach(async () => {
  pane?.close();
  await wm?.stop();
});

describe.skipIf(!hasTmux)('a mouse click in a real tmux pane', () => {
  it('focuses the clicked workspace through the window manager’s socket', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-'));
    wm = new FakeWindowManager(dir);
    await wm.start();
    await writeBarConfig(dir, { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }], right_widgets: [] });
    pane = openPane(`${bin} run --config ${shellQuote(join(dir, 'bar.json'))} --tiler-socket-dir ${shellQuote(dir)} --log ${shellQuote(join(dir, 'log'))}`, { width: 60, height: 1 });
    await eventually(() => expect(wm?.received.length).toBeGreaterThan(0));
    const name = (wm.received[0]?.[0] as { content: [string] }).content[0];
    const doc = stateDoc({ workspaces: [{ name: 'mail' }, { name: 'code' }, { name: 'chat' }], focused: 0, mouseFollowsFocus: false });
    // What the window manager answers the subscription with as well: the two notifications may arrive in either order.
    wm.state = doc.state;
    await wm.notify(name, doc);
    const screen = await pane.waitFor('mail code chat');
    const x = screen.indexOf('chat');
    // What the terminal sends for a left press and release at that cell (SGR 1006, 1-based).
    pane.sendText(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);
    await eventually(() => expect(wm?.received.at(-1)).toEqual([{ type: 'FocusMonitorWorkspaceNumber', content: [0, 2] }]));
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });
});
