/** i3/sway trees (shaped as GET_TREE replies) as the tiler widgets' state, and trees no peer should send. */
import { describe, expect, it } from 'vitest';
import { i3StateFrom } from '../../src/tiler/i3-state.js';

const win = (id: number, name: string, cls: string, extra: object = {}) => ({ id, type: 'con', name, window: id, window_properties: { class: cls, title: name }, nodes: [], floating_nodes: [], focus: [], ...extra });
const sway = (id: number, name: string, appId: string) => ({ id, type: 'con', name, app_id: appId, nodes: [], floating_nodes: [], focus: [] });
const tree = (workspaces: object[], focus: number[]) => ({
  id: 1, type: 'root', name: 'root', nodes: [
    { id: 2, type: 'output', name: '__i3', nodes: [] },
    { id: 3, type: 'output', name: 'eDP-1', nodes: [{ id: 4, type: 'con', name: 'content', nodes: workspaces, focus }] },
  ],
});

describe('i3 and sway trees', () => {
  it('workspaces, the focused one, the focused container and its layout', () => {
    const t = tree([
      { id: 10, type: 'workspace', name: '1: web', layout: 'splith', focus: [11], nodes: [win(11, 'Firefox', 'firefox')], floating_nodes: [] },
      { id: 20, type: 'workspace', name: '2: code', layout: 'splith', focus: [21, 24], floating_nodes: [], nodes: [
        { id: 21, type: 'con', layout: 'splitv', focus: [23, 22], nodes: [win(22, 'vim', 'kitty'), sway(23, 'notes', 'foot')], floating_nodes: [] },
        win(24, 'htop', 'xterm'),
      ] },
      { id: 30, type: 'workspace', name: '3', focus: [], nodes: [], floating_nodes: [] },
    ], [20, 10, 30]);
    const r = i3StateFrom(t, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.workspaces.map((w) => [w.name, w.focused, w.empty])).toEqual([['1: web', false, false], ['2: code', true, false], ['3', false, true]]);
    expect(r.state.layout).toBe('Rows');
    expect(r.state.container).toEqual({ windows: [{ title: 'vim', app: 'kitty', id: 22 }, { title: 'notes', app: 'foot', id: 23 }], focusedIndex: 1, locked: false });
    expect(r.state.manager).toBe('i3');
    expect(i3StateFrom(t, 0, 'sway', 'resize')).toMatchObject({ ok: true, state: { manager: 'sway', mode: 'resize' } });
    expect(i3StateFrom(t, 0, 'sway', 'default')).not.toHaveProperty('state.mode');
    expect(r.state.workspaces[1]?.allWindows.map((w) => w.app)).toEqual(['kitty', 'foot', 'xterm']);
  });

  it('tabbed reads as HorizontalStack, fullscreen as Monocle; a floating focused window as the Floating layer', () => {
    const tabbed = tree([{ id: 10, type: 'workspace', name: '1', focus: [11], nodes: [{ id: 11, type: 'con', layout: 'tabbed', focus: [12], nodes: [win(12, 'a', 'x'), win(13, 'b', 'y')], floating_nodes: [] }], floating_nodes: [] }], [10]);
    expect(i3StateFrom(tabbed, 0)).toMatchObject({ ok: true, state: { layout: 'HorizontalStack' } });
    const full = tree([{ id: 10, type: 'workspace', name: '1', layout: 'splith', focus: [11], nodes: [win(11, 'mpv', 'mpv', { fullscreen_mode: 1 })], floating_nodes: [] }], [10]);
    expect(i3StateFrom(full, 0)).toMatchObject({ ok: true, state: { layout: 'Monocle' } });
    const floating = tree([{ id: 10, type: 'workspace', name: '1', layout: 'splith', focus: [15], nodes: [win(11, 'a', 'x')], floating_nodes: [{ id: 15, type: 'floating_con', focus: [16], nodes: [win(16, 'calc', 'galculator')], floating_nodes: [] }] }], [10]);
    expect(i3StateFrom(floating, 0)).toMatchObject({ ok: true, state: { layer: 'Floating' } });
  });

  it('never throws on what a peer should not send, and reads a bounded part of a huge tree', () => {
    for (const bad of [null, 42, 'x', [], { type: 'root' }, { type: 'root', nodes: [1, null, 'x'] }]) expect(i3StateFrom(bad, 0).ok).toBe(false);
    let deep: Record<string, unknown> = win(1, 'deep', 'x');
    for (let i = 0; i < 100_000; i++) deep = { id: i + 2, type: 'con', layout: 'splith', nodes: [deep], focus: [i + 1] };
    const r = i3StateFrom(tree([{ id: 9, type: 'workspace', name: '1', nodes: [deep], focus: [deep.id] }], [9]), 0);
    expect(r.ok).toBe(true);
    const wide = tree(Array.from({ length: 5000 }, (_, i) => ({ id: 100 + i, type: 'workspace', name: 'w'.repeat(10_000), nodes: [], focus: [] })), []);
    const w = i3StateFrom(wide, 0);
    expect(w.ok && w.state.workspaces.length).toBe(64);
    expect(w.ok && w.state.workspaces[0]?.name.length).toBe(512);
  });
});
