/** komorebi for Mac: the same protocol with windows shaped `{id, rect, details: {title, exe, …}}` and a thinner state. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tilerDataDir } from '../../src/tiler/client.js';
import { tilerStateFrom } from '../../src/tiler/state.js';
import { tilerView } from '../../widgets/tiler/view.js';

const doc = JSON.parse(readFileSync(new URL('./fixtures/mac-state.json', import.meta.url), 'utf8')) as unknown;

describe('komorebi for Mac state', () => {
  it('reads titles and applications from `details`, with the fields the Mac state lacks left out', () => {
    const r = tilerStateFrom({ event: { type: 'FocusChange', content: null }, state: doc }, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.workspaces.map((w) => [w.name, w.focused, w.empty])).toEqual([['code', true, false], ['web', false, false], ['3', false, true]]);
    expect(r.state.container).toEqual({ windows: [{ title: 'zsh', app: 'Ghostty' }, { title: 'htop', app: 'Ghostty' }], focusedIndex: 1, locked: true });
    expect(r.state.workspaces[0]?.allWindows.map((w) => w.title)).toEqual(['main.rs — tilebar', 'zsh', 'htop']);
    expect(r.state.layout).toBe('VerticalStack');
    // No mouse_follows_focus in the Mac state: clicks are not wrapped in MouseFollowsFocus.
    expect(r.state.mouseFollowsFocus).toBeUndefined();
  });

  it('the focused container and the lock show as they do on Windows', () => {
    const r = tilerStateFrom(doc, 0);
    if (!r.ok) throw new Error(r.problem);
    const units = tilerView({ focusedContainer: { enable: true, display: 'IconAndText' }, lockedContainer: { enable: true, display: 'Text', showWhenUnlocked: false } }, r.state);
    const text = units.map((u) => u.segments.map((s) => ('text' in s ? s.text : '')).join('')).join('|');
    expect(text).toBe('Locked|G zsh G htop');
    const click = units[1]?.segments.find((s) => 'action' in s && s.action);
    expect(click && 'action' in click ? click.action : undefined).toEqual({ kind: 'messages', messages: [{ type: 'FocusStackWindow', content: 0 }] });
  });

  it('its sockets are in ~/Library/Application Support/komorebi', () => {
    expect(tilerDataDir({ HOME: '/Users/me' }, 'darwin')).toBe('/Users/me/Library/Application Support/komorebi');
    // Windows: the profile, not a HOME another layer set (Git Bash, Wine), and Windows separators throughout.
    expect(tilerDataDir({ HOME: '/home/me', USERPROFILE: 'C:\\Users\\Zoë Müller' }, 'win32')).toBe('C:\\Users\\Zoë Müller\\AppData\\Local\\komorebi');
    expect(tilerDataDir({ LOCALAPPDATA: 'D:\\Data' }, 'win32')).toBe('D:\\Data\\komorebi');
  });
});
