/**
 * The Media widget end to end: the built bar in a real tmux pane, a real session bus (a private
 * dbus-daemon) and a fake MPRIS player in its own process. What a user sees and does: the track, its change,
 * clicks on next and play/pause reaching the player, the widget going when the player quits.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasDbusDaemon, startFakePlayer, startSessionBus, type FakePlayer, type SessionBus } from '../media/session-bus.js';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
let bus: SessionBus | undefined;
let player: FakePlayer | undefined;
afterEach(() => {
  pane?.close();
  player?.process.kill();
  bus?.stop();
});

/** The 0-based column of `text` on the pane's only row. */
const columnOf = (screen: string, text: string) => screen.split('\n')[0]?.indexOf(text) ?? -1;
const click = (p: Pane, x: number) => p.sendText(`\x1b[<0;${x + 1};1M\x1b[<0;${x + 1};1m`);

describe.skipIf(!hasTmux || !hasDbusDaemon)('the Media widget in a real tmux pane over a real session bus', () => {
  it('shows the track, follows a change, sends clicks to the player and goes when it quits', async () => {
    bus = await startSessionBus();
    const dir = await mkdtemp(join(tmpdir(), 'tb-'));
    await writeBarConfig(dir, { left_widgets: [{ Media: { enable: true, display: 'Full' } }], right_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }] });
    player = await startFakePlayer(bus.address, 'tty');
    pane = openPane(`${bin} run --config ${shellQuote(join(dir, 'bar.json'))} --icons unicode --log ${shellQuote(join(dir, 'log'))}`, { width: 100, height: 1, env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });
    let screen = await pane.waitFor('Artist A - Song 1');
    // Full: the icon, the track, then previous, pause (it is playing) and next.
    expect(screen).toContain('♫ Artist A - Song 1 « ‖ »');

    player.set({ artist: ['Björk'], title: 'Jóga' });
    screen = await pane.waitFor('Björk - Jóga');

    click(pane, columnOf(screen, '»'));
    await eventually(() => expect(player?.lines).toContain('call Next'));
    click(pane, columnOf(screen, '‖'));
    await eventually(() => expect(player?.lines).toContain('call PlayPause'));
    // Paused: the button offers play.
    screen = await pane.waitFor('Björk - Jóga « ► »');

    // A disabled previous is drawn but inert: a click on it calls nothing.
    player.set({ canGoPrevious: false });
    await new Promise((r) => setTimeout(r, 400));
    click(pane, columnOf(pane.capture(), '«'));
    await new Promise((r) => setTimeout(r, 500));
    expect(player.lines).not.toContain('call Previous');

    player.quit();
    await pane.waitFor((s) => !s.includes('Björk') && !s.includes('♫'));
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });
});
