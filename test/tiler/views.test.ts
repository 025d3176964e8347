import { describe, expect, it } from 'vitest';
import type { TilerModel } from '../../widgets/tiler/model.js';
import { stateMonitors, tilerStateFrom, type TilerState } from '../../src/tiler/state.js';
import { tilerView } from '../../widgets/tiler/view.js';
import { segmentText, type Segment, type UnitView } from '../../widgets/view.js';
import { load, model } from '../helpers.js';
import { stateDoc } from './fake-wm.js';

const tiler = (config: Record<string, unknown>): TilerModel => model(load({ left_widgets: [{ Komorebi: config }], right_widgets: [] })).left[0]?.config as TilerModel;
const state = (doc: Parameters<typeof stateDoc>[0]): TilerState => {
  const r = tilerStateFrom(stateDoc(doc), 0);
  if (!r.ok) throw new Error(r.problem);
  return r.state;
};
const ff = { title: 'Mozilla Firefox', exe: 'firefox.exe' };
const term = { title: 'vim README.md', exe: 'WezTerm.exe' };
const code = { title: 'main.ts — Code', exe: 'Code.exe' };
const THREE = state({ workspaces: [{ name: 'dev', containers: [[term], [code]] }, { name: 'web', containers: [[ff]] }, { name: null }], focused: 0 });
/** A stack: one container holding two windows. */
const STACK = state({ workspaces: [{ name: 'dev', containers: [[term, code]] }], focused: 0 });

const unit = (units: UnitView[], id: string) => units.find((u) => u.id === id);
/** Text of each segment, `*` marking selected ones. */
const marked = (u: UnitView | undefined) => (u?.segments ?? []).map((s: Segment) => (s.role === 'grid' ? '' : s.role === 'icon' ? `<${s.icon}>` : s.text) + (s.role !== 'grid' && s.selected ? '*' : '')).join('');

describe('workspaces', () => {
  const ws = (display: string, hide = false) => marked(unit(tilerView(tiler({ workspaces: { enable: true, hide_empty_workspaces: hide, display } }), THREE), 'tiler:workspaces'));

  it('shows every DisplayFormat and WorkspacesDisplayFormat', () => {
    expect(ws('Text')).toBe('dev* web 3');
    expect(ws('Icon')).toBe('W* F <WINDOW>');
    expect(ws('IconAndText')).toBe('W* dev* F web 3');
    expect(ws('IconAndTextOnSelected')).toBe('W* dev* F <WINDOW>');
    expect(ws('TextAndIconOnSelected')).toBe('W* dev* web 3');
    expect(ws('AllIcons')).toBe('WC* F <WINDOW>');
    expect(ws('AllIconsAndText')).toBe('WC* dev* F web 3');
    expect(ws('AllIconsAndTextOnSelected')).toBe('WC* dev* F <WINDOW>');
  });

  it('hides empty workspaces except the focused one', () => {
    expect(ws('Text', true)).toBe('dev* web');
    const emptyFocused = state({ workspaces: [{ name: 'a' }, { name: 'b', containers: [[ff]] }], focused: 0 });
    expect(marked(unit(tilerView(tiler({ workspaces: { enable: true, hide_empty_workspaces: true } }), emptyFocused), 'tiler:workspaces'))).toBe('a* b');
  });

  it('focuses a workspace on click, wrapped in MouseFollowsFocus when it is on', () => {
    const u = unit(tilerView(tiler({ workspaces: { enable: true, hide_empty_workspaces: false } }), THREE), 'tiler:workspaces');
    const web = u?.segments.find((s) => s.role === 'value' && s.text === 'web');
    expect(web && web.role !== 'grid' && web.action).toEqual({
      kind: 'messages',
      messages: [
        { type: 'MouseFollowsFocus', content: false },
        { type: 'FocusMonitorWorkspaceNumber', content: [0, 1] },
        { type: 'MouseFollowsFocus', content: true },
      ],
    });
    const noMff = state({ workspaces: [{ name: 'a' }, { name: 'b' }], focused: 0, mouseFollowsFocus: false });
    const b = unit(tilerView(tiler({ workspaces: { enable: true, hide_empty_workspaces: false } }), noMff), 'tiler:workspaces')?.segments.find((s) => s.role === 'value' && s.text === 'b');
    expect(b && b.role !== 'grid' && b.action).toEqual({ kind: 'messages', messages: [{ type: 'FocusMonitorWorkspaceNumber', content: [0, 1] }] });
  });
});

describe('layout, layer, locked and focused container', () => {
  it('shows the layout in each DisplayFormat, OnSelected formats as the spec says', () => {
    const l = (display: string) => marked(unit(tilerView(tiler({ layout: { enable: true, display } }), THREE), 'tiler:layout'));
    expect(l('Icon')).toBe('<LAYOUT_BSP>*');
    expect(l('Text')).toBe('BSP*');
    expect(l('IconAndText')).toBe('<LAYOUT_BSP>*BSP*');
    expect(l('IconAndTextOnSelected')).toBe('<LAYOUT_BSP>*BSP*');
    expect(l('TextAndIconOnSelected')).toBe('<LAYOUT_BSP>*BSP*');
  });

  it('opens a picker of the options, each sending its message', () => {
    const cfg = tiler({ layout: { enable: true, display: 'Text', options: ['BSP', 'Columns', 'Monocle', 'Paused'] } });
    const closed = unit(tilerView(cfg, THREE), 'tiler:layout');
    const current = closed?.segments[0];
    expect(current && current.role !== 'grid' && current.action).toEqual({ kind: 'toggle-layout-picker' });
    const open = unit(tilerView(cfg, THREE, { pickerOpen: true }), 'tiler:layout');
    expect(marked(open)).toBe('BSP* <ARROW_FAT_LINES_RIGHT> Columns Monocle Paused');
    const actions = open?.segments.flatMap((s) => (s.role === 'value' && s.action?.kind === 'messages' ? [[s.text, s.action.messages]] : []));
    expect(actions).toEqual([
      ['Columns', [{ type: 'WorkspaceLayout', content: [0, 0, 'Columns'] }]],
      ['Monocle', [{ type: 'FocusMonitorAtCursor' }, { type: 'ToggleMonocle' }]],
      ['Paused', [{ type: 'TogglePause' }]],
    ]);
    const monocle = state({ workspaces: [{ name: 'a', monocle: [ff] }], focused: 0 });
    expect(marked(unit(tilerView(cfg, monocle), 'tiler:layout'))).toBe('Monocle*');
    expect(marked(unit(tilerView(cfg, state({ workspaces: [{ name: 'a' }], focused: 0, paused: true })), 'tiler:layout'))).toBe('Paused*');
    expect(marked(unit(tilerView(cfg, state({ workspaces: [{ name: 'a', tile: false }], focused: 0 })), 'tiler:layout'))).toBe('Floating*');
  });

  it('shows the layer only when floating or with show_when_tiling', () => {
    const cfg = (show: boolean) => tiler({ layout: { enable: true }, workspace_layer: { enable: true, display: 'IconAndText', show_when_tiling: show } });
    expect(unit(tilerView(cfg(false), THREE), 'tiler:layer')?.state).toBe('hidden');
    expect(marked(unit(tilerView(cfg(true), THREE), 'tiler:layer'))).toBe('<LAYER_TILING>Tiling');
    const floating = state({ workspaces: [{ name: 'a', layer: 'Floating' }], focused: 0 });
    expect(marked(unit(tilerView(cfg(false), floating), 'tiler:layer'))).toBe('<LAYER_FLOATING>Floating');
  });

  it('shows the lock state with show_when_unlocked', () => {
    const cfg = (show: boolean) => tiler({ focused_container: { enable: true }, locked_container: { enable: true, display: 'IconAndText', show_when_unlocked: show } });
    expect(unit(tilerView(cfg(false), THREE), 'tiler:locked')?.state).toBe('hidden');
    expect(marked(unit(tilerView(cfg(true), THREE), 'tiler:locked'))).toBe('<LOCK_SIMPLE_OPEN>Unlocked');
    const locked = state({ workspaces: [{ name: 'a', containers: [[ff]], locked: true }], focused: 0 });
    expect(marked(unit(tilerView(cfg(false), locked), 'tiler:locked'))).toBe('<LOCK_KEY>Locked');
  });

  it('lists a stack’s windows, highlighting the focused one, in each DisplayFormat and with show_icon', () => {
    const f = (c: Record<string, unknown>) => marked(unit(tilerView(tiler({ focused_container: { enable: true, ...c } }), STACK), 'tiler:focused'));
    expect(f({})).toBe('vim README.md* main.ts — Code');
    expect(f({ display: 'Icon' })).toBe('W* C');
    expect(f({ display: 'IconAndText' })).toBe('W* vim README.md* C main.ts — Code');
    expect(f({ display: 'IconAndTextOnSelected' })).toBe('W* vim README.md* C');
    expect(f({ display: 'TextAndIconOnSelected' })).toBe('W* vim README.md* main.ts — Code');
    expect(f({ show_icon: true })).toBe('W* vim README.md* C main.ts — Code');
    const single = state({ workspaces: [{ name: 'a', containers: [[ff]] }], focused: 0 });
    expect(marked(unit(tilerView(tiler({ focused_container: { enable: true } }), single), 'tiler:focused'))).toBe('Mozilla Firefox');
  });

  it('offers the configuration switcher’s existing files, sorted, sending ReplaceConfiguration', () => {
    const cfg = tiler({ configuration_switcher: { enable: true, configurations: { work: '$CONF/work.json', home: '$CONF/home.json', gone: '/nope.json' } } });
    const units = tilerView(cfg, THREE, { resolvePath: (p) => p.replace('$CONF', '/cfg'), exists: (p) => p.startsWith('/cfg') });
    expect(units.map((u) => [u.id, u.state])).toEqual([
      ['tiler:switch:gone', 'hidden'],
      ['tiler:switch:home', 'normal'],
      ['tiler:switch:work', 'normal'],
    ]);
    const home = units[1]?.segments[0];
    expect(home && home.role !== 'grid' && home.action).toEqual({ kind: 'messages', messages: [{ type: 'ReplaceConfiguration', content: '/cfg/home.json' }] });
  });

  it('says "not connected" once while the manager found does not answer, nothing while it is being reached, and "no window manager" quietly when there is none', () => {
    const cfg = tiler({ workspaces: { enable: true, hide_empty_workspaces: false }, layout: { enable: true }, locked_container: { enable: true } });
    const units = tilerView(cfg, undefined, { down: true });
    expect(units.map((u) => segmentText(u.segments))).toEqual(['not connected']);
    expect(tilerView(cfg, undefined)).toMatchObject([{ state: 'hidden', segments: [], why: 'connecting to the window manager' }]);
    const none = tilerView(cfg, undefined, { noManager: true });
    expect(none.map((u) => segmentText(u.segments))).toEqual(['no window manager']);
    expect(none[0]?.segments[0]).toMatchObject({ tone: 'dim' });
    // A second Tiler widget (the focused window in the centre) keeps quiet: the bar says it once.
    expect(tilerView(cfg, undefined, { noManager: true }, false)).toMatchObject([{ state: 'hidden', segments: [] }]);
    expect(tilerView(cfg, undefined, { down: true }, false)).toMatchObject([{ state: 'hidden', segments: [] }]);
    expect(tilerView(tiler({ workspace_layer: { enable: true } }), THREE)).toEqual([]);
  });

  it('on i3, sway and Hyprland: the binding mode shows where the layer does; no lock and no configuration switcher', () => {
    const cfg = tiler({
      workspace_layer: { enable: true, display: 'Text', show_when_tiling: false },
      locked_container: { enable: true, display: 'Text', show_when_unlocked: true },
      configuration_switcher: { enable: true, configurations: { work: '/cfg/work.json' } },
      workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' },
    });
    const i3: TilerState = { ...THREE, manager: 'i3' };
    const ids = (units: UnitView[]) => units.filter((u) => u.state !== 'hidden').map((u) => `${u.id}=${marked(u)}`);
    expect(ids(tilerView(cfg, i3, { exists: () => true }))).toEqual(['tiler:workspaces=dev* web 3']);
    expect(ids(tilerView(cfg, { ...i3, mode: 'resize' }, { exists: () => true }))).toEqual(['tiler:workspaces=dev* web 3', 'tiler:layer=resize*']);
    // komorebi keeps both.
    expect(ids(tilerView(cfg, THREE, { exists: () => true }))).toEqual(['tiler:workspaces=dev* web 3', 'tiler:switch:work=work', 'tiler:locked=Unlocked']);
  });

  it('maps the bar monitor through monitor_usr_idx_map', () => {
    expect(tilerStateFrom(stateDoc({ workspaces: [{ name: 'a' }], focused: 0, usrIdxMap: { '1': 0 } }), 1)).toMatchObject({ ok: true, state: { monitorIndex: 0 } });
    expect(tilerStateFrom(stateDoc({ workspaces: [{ name: 'a' }], focused: 0, usrIdxMap: {} }), 0)).toEqual({ ok: false, problem: 'monitor 0 is not connected (monitor_usr_idx_map has no 0)' });
    expect(tilerStateFrom({ hello: 1 }, 0)).toEqual({ ok: false, problem: 'not a window-manager state: it has no "monitors"' });
  });

  it('lists the user monitors a saved state can show (what preview falls back to)', () => {
    expect(stateMonitors(stateDoc({ workspaces: [{ name: 'a' }], focused: 0, usrIdxMap: { '2': 0, '0': 5, x: 0 } }))).toEqual([2]);
    expect(stateMonitors({ monitors: { elements: [{}, 'not a monitor', {}] } })).toEqual([0, 2]);
    expect(stateMonitors({ hello: 1 })).toEqual([]);
  });
});
