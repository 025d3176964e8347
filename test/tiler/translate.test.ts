/** The bar's messages as each manager's commands: what a click or a binding makes i3, sway, Hyprland or komorebic do. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import type { TilerState } from '../../src/tiler/state.js';
import { i3Commands, i3Quoted, i3WorkspaceCommand } from '../../src/tiler/translate-i3.js';
import { hyprlandCommands, hyprlandDialect, luaString } from '../../src/tiler/translate-hyprland.js';
import { komorebicCommands } from '../../src/tiler/translate-komorebic.js';

const m = (type: string, content?: unknown) => (content === undefined ? { type } : { type, content }) as SocketMessage;
const state = (names: string[], manager?: TilerState['manager']): TilerState => ({
  monitorIndex: 0,
  workspaces: names.map((name, index) => ({ index, name, focused: index === 0, empty: false, focusedWindows: [], allWindows: [], id: index + 1 })),
  focusedWorkspace: 0,
  layout: 'Columns',
  layer: 'Tiling',
  container: { windows: [{ title: 'a', app: 'x', id: manager === 'hyprland' ? '0x55d0' : 94 }, { title: 'b', app: 'y', id: manager === 'hyprland' ? '0x55e0' : 95 }], focusedIndex: 0, locked: false },
  ...(manager ? { manager } : {}),
});

/** i3's parser reading a quoted argument back (commands_parser.c: `\"` and `\\` are the escapes). */
function i3Unquote(arg: string): string {
  expect(arg.startsWith('"') && arg.endsWith('"')).toBe(true);
  return arg.slice(1, -1).replace(/\\(["\\])/g, '$1');
}

describe('i3 and sway', () => {
  it('a workspace click focuses it by number when numbered, else by its quoted name', () => {
    const s = state(['1', '2: web', 'Ünï "x"; kill']);
    const click = (i: number) => i3Commands([m('MouseFollowsFocus', false), m('FocusMonitorWorkspaceNumber', [0, i]), m('MouseFollowsFocus', true)], s);
    expect(click(0)).toEqual({ commands: ['workspace number 1'], ignored: ['MouseFollowsFocus', 'MouseFollowsFocus'], unsupported: [] });
    expect(click(1).commands).toEqual(['workspace "2: web"']);
    expect(click(2).commands).toEqual(['workspace "Ünï \\"x\\"; kill"']);
    expect(click(7).unsupported[0]).toMatch(/no workspace 7/);
    expect(i3Commands([m('FocusMonitorWorkspaceNumber', [1, 0])], s).unsupported[0]).toMatch(/monitor 1/);
  });

  it('a quoted name always reads back as itself and never ends the quote early', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        const quoted = i3Quoted(name);
        expect(i3Unquote(quoted)).toBe(name.replace(/[\u0000-\u001f\u007f]/g, ''));
        // Every quote inside is escaped: the argument is one token whatever the name holds.
        expect(/(^|[^\\])(\\\\)*"/.test(quoted.slice(1, -1))).toBe(false);
      }),
    );
    expect(i3WorkspaceCommand('10')).toBe('workspace number 10');
  });

  it('layouts, cycling, monocle, floating and the layer map to i3 commands; the rest is unsupported', () => {
    const s = state(['1']);
    const t = i3Commands(
      [
        m('WorkspaceLayout', [0, 0, 'Rows']),
        m('ChangeLayout', 'HorizontalStack'),
        m('CycleFocusWorkspace', 'Previous'),
        m('CycleFocusWorkspace', 'Next'),
        m('FocusMonitorAtCursor'),
        m('ToggleMonocle'),
        m('ToggleTiling'),
        m('ToggleWorkspaceLayer'),
        m('FocusStackWindow', 1),
        m('FocusWindow', 'Left'),
        m('TogglePause'),
        m('WorkspaceLayout', [0, 0, 'BSP']),
        m('ToggleLock'),
      ],
      s,
    );
    expect(t.commands).toEqual(['layout splitv', 'layout tabbed', 'workspace prev_on_output', 'workspace next_on_output', 'fullscreen toggle', 'floating toggle', 'focus mode_toggle', '[con_id=95] focus', 'focus left']);
    expect(t.ignored).toEqual(['FocusMonitorAtCursor']);
    expect(t.unsupported).toHaveLength(3);
    expect(t.unsupported.join('\n')).toMatch(/TogglePause[\s\S]*BSP[\s\S]*ToggleLock/);
  });
});

describe('Hyprland', () => {
  it('the dispatch syntax follows j/version: Lua from 0.54', () => {
    expect(hyprlandDialect({ version: '0.53.3', tag: 'v0.53.3' })).toBe('classic');
    expect(hyprlandDialect({ tag: 'v0.54.0' })).toBe('lua');
    expect(hyprlandDialect({ version: '1.0.0' })).toBe('lua');
    expect(hyprlandDialect('garbage')).toBe('classic');
    expect(hyprlandDialect(null)).toBe('classic');
  });

  it('a workspace click dispatches its id, or its name for a named one; classic and Lua', () => {
    const s = state(['1', 'web'], 'hyprland');
    s.workspaces[1] = { ...s.workspaces[1]!, id: -99 };
    const classic = hyprlandCommands('classic');
    const lua = hyprlandCommands('lua');
    expect(classic([m('FocusMonitorWorkspaceNumber', [0, 0])], s).commands).toEqual(['dispatch workspace 1']);
    expect(classic([m('FocusMonitorWorkspaceNumber', [0, 1])], s).commands).toEqual(['dispatch workspace name:web']);
    expect(lua([m('FocusMonitorWorkspaceNumber', [0, 0])], s).commands).toEqual(['dispatch hl.dsp.focus({ workspace = "1" })']);
    expect(lua([m('CycleFocusWorkspace', 'Next'), m('ToggleMonocle'), m('FocusStackWindow', 1)], s).commands).toEqual([
      'dispatch hl.dsp.focus({ workspace = "e+1" })',
      'dispatch hl.dsp.window.fullscreen({ mode = "maximized" })',
      'dispatch hl.dsp.focus({ window = "address:0x55e0" })',
    ]);
    expect(classic([m('CycleFocusWorkspace', 'Previous'), m('ToggleFloat'), m('FocusStackWindow', 1)], s).commands).toEqual(['dispatch workspace e-1', 'dispatch togglefloating', 'dispatch focuswindow address:0x55e0']);
    expect(classic([m('ChangeLayout', 'Grid')], s).unsupported).toHaveLength(1);
  });

  it('a Lua string literal escapes what would end or break it', () => {
    expect(luaString('a"b\\c\nd')).toBe('"a\\"b\\\\c\\010d"');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const lit = luaString(text);
        // No raw control character or unescaped quote inside.
        expect(/[\u0000-\u001f]/.test(lit)).toBe(false);
        expect(/(^|[^\\])(\\\\)*"/.test(lit.slice(1, -1))).toBe(false);
      }),
    );
  });
});

describe('komorebic (Windows)', () => {
  it('the messages the bar sends become komorebic command lines', () => {
    const t = komorebicCommands([
      m('FocusMonitorAtCursor'),
      m('MouseFollowsFocus', false),
      m('FocusMonitorWorkspaceNumber', [0, 2]),
      m('MouseFollowsFocus', true),
      m('WorkspaceLayout', [1, 0, 'UltrawideVerticalStack']),
      m('ChangeLayout', 'BSP'),
      m('CycleFocusWorkspace', 'Previous'),
      m('ToggleMonocle'),
      m('TogglePause'),
      m('ToggleWorkspaceLayer'),
      m('FocusStackWindow', 3),
      m('ReplaceConfiguration', 'C:\\Users\\me\\work config.json'),
      m('ResizeWindowAxis', ['HorizontalAndVertical', 'Increase']),
      m('LayoutRatios', [null, null]),
    ]);
    expect(t.commands).toEqual([
      ['focus-monitor-at-cursor'],
      ['mouse-follows-focus', 'disable'],
      ['focus-monitor-workspace', '0', '2'],
      ['mouse-follows-focus', 'enable'],
      ['workspace-layout', '1', '0', 'ultrawide-vertical-stack'],
      ['change-layout', 'bsp'],
      ['cycle-workspace', 'previous'],
      ['toggle-monocle'],
      ['toggle-pause'],
      ['toggle-workspace-layer'],
      ['focus-stack-window', '3'],
      ['replace-configuration', 'C:\\Users\\me\\work config.json'],
      ['resize-axis', 'horizontal-and-vertical', 'increase'],
    ]);
    expect(t.unsupported).toEqual(['LayoutRatios has no komorebic subcommand tilebar can use on Windows']);
  });

  it('content that is not what the message carries is unsupported, never passed on', () => {
    const t = komorebicCommands([m('FocusWorkspaceNumber', '1; rm -rf /'), m('FocusMonitorWorkspaceNumber', [0, -1]), m('ChangeLayout', 'bsp --evil')]);
    expect(t.commands).toEqual([]);
    expect(t.unsupported).toHaveLength(3);
  });
});
