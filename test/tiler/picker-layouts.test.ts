/**
 * The layout picker offers what the window manager can apply (issue 43, point 4): on i3 and sway their own layouts
 * (splith, splitv, stacking, tabbed as Columns, Rows, VerticalStack, HorizontalStack) and the fullscreen and
 * floating toggles; on Hyprland the toggles; on komorebi every layout. What it offers is what the manager's
 * translator sends: nothing it offers is "not supported, not sent", and nothing it leaves out would be sent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'jsonc-parser';
import { TILER_LAYOUTS, type TilerLayout } from '../../src/config/vocabulary.js';
import { i3StateFrom } from '../../src/tiler/i3-state.js';
import { hyprlandStateFrom } from '../../src/tiler/hyprland-state.js';
import { i3Commands } from '../../src/tiler/translate-i3.js';
import { hyprlandCommands } from '../../src/tiler/translate-hyprland.js';
import { tilerStateFrom, type TilerState } from '../../src/tiler/state.js';
import type { Translator } from '../../src/tiler/manager.js';
import { tilerView } from '../../widgets/tiler/view.js';
import type { TilerModel } from '../../widgets/tiler/model.js';
import type { UnitView } from '../../widgets/view.js';
import { load, model } from '../helpers.js';
import { stateDoc } from './fake-wm.js';

const ok = (r: ReturnType<typeof i3StateFrom>): TilerState => {
  if (!r.ok) throw new Error(r.problem);
  return r.state;
};
const tiler = (options?: string[]): TilerModel =>
  model(load({ left_widgets: [{ Komorebi: { layout: { enable: true, display: 'Text', ...(options ? { options } : {}) } } }], right_widgets: [] })).left[0]?.config as TilerModel;
/** The example config's Tiler widget, as a user who starts from it has it. */
const example = (): TilerModel => model(load(parse(readFileSync('config.example.json', 'utf8')))).left.find((w) => w.kind === 'Tiler')?.config as TilerModel;

const I3_TREE = {
  id: 1, type: 'root', name: 'root', nodes: [
    { id: 3, type: 'output', name: 'eDP-1', nodes: [{ id: 4, type: 'con', name: 'content', focus: [10], nodes: [
      { id: 10, type: 'workspace', name: '1', layout: 'splith', focus: [11], nodes: [{ id: 11, type: 'con', name: 'xterm', window: 11, window_properties: { class: 'XTerm' }, nodes: [], floating_nodes: [] }], floating_nodes: [] },
    ] }] },
  ],
};
const i3 = ok(i3StateFrom(I3_TREE, 0, 'i3'));
const sway = ok(i3StateFrom(I3_TREE, 0, 'sway'));
const hyprland = ok(hyprlandStateFrom({ monitors: [{ id: 0, name: 'A', activeWorkspace: { id: 1 } }], workspaces: [{ id: 1, name: '1', monitorID: 0, windows: 1 }], clients: [{ address: '0x1', class: 'kitty', title: 'a', workspace: { id: 1 }, focusHistoryID: 0 }], layoutOption: { str: 'dwindle' } }, 0));
const komorebi = ((): TilerState => {
  const r = tilerStateFrom(stateDoc({ workspaces: [{ name: 'a' }], focused: 0 }), 0);
  if (!r.ok) throw new Error(r.problem);
  return r.state;
})();

const layoutUnit = (cfg: TilerModel, state: TilerState, pickerOpen: boolean): UnitView | undefined => tilerView(cfg, state, { pickerOpen }).find((u) => u.id === 'tiler:layout');
/** The picker's choices (the text of each entry after the current one) with what a click on each sends. */
function choices(cfg: TilerModel, state: TilerState) {
  const segments = layoutUnit(cfg, state, true)?.segments ?? [];
  return segments.flatMap((s) => (s.role === 'value' && !s.selected ? [{ layout: s.text as TilerLayout, messages: s.action?.kind === 'messages' ? s.action.messages : [] }] : []));
}
const names = (cfg: TilerModel, state: TilerState) => choices(cfg, state).map((c) => c.layout);

describe('the layout picker offers what the window manager can apply', () => {
  it("on i3 and sway, of the example's BSP, VerticalStack, Grid, Monocle, Floating and Paused: VerticalStack (stacking), Monocle (fullscreen) and Floating", () => {
    expect(names(example(), i3)).toEqual(['VerticalStack', 'Monocle', 'Floating']);
    expect(names(example(), sway)).toEqual(['VerticalStack', 'Monocle', 'Floating']);
  });

  it('on i3 and sway, each of their own layouts when the config lists it: splith, splitv, stacking and tabbed', () => {
    const all = tiler(TILER_LAYOUTS.filter((l) => l !== 'Custom'));
    const rows = ok(i3StateFrom({ ...I3_TREE, nodes: [{ ...I3_TREE.nodes[0], nodes: [{ ...I3_TREE.nodes[0]?.nodes[0], nodes: [{ ...I3_TREE.nodes[0]?.nodes[0]?.nodes[0], layout: 'splitv' }] }] }] }, 0, 'i3'));
    expect(rows.layout).toBe('Rows');
    expect(names(all, rows)).toEqual(['Columns', 'VerticalStack', 'HorizontalStack', 'Monocle', 'Floating']);
    expect(choices(all, rows).find((c) => c.layout === 'Columns')?.messages).toEqual([{ type: 'WorkspaceLayout', content: [0, 0, 'Columns'] }]);
  });

  it('on Hyprland (one layout for every workspace, set in its config): the fullscreen and floating toggles only', () => {
    expect(names(example(), hyprland)).toEqual(['Monocle', 'Floating']);
  });

  it('on komorebi: every option of the config', () => {
    expect(names(example(), komorebi)).toEqual(['VerticalStack', 'Grid', 'Monocle', 'Floating', 'Paused']);
  });

  it('hides the picker when the manager can apply none of the options: the layout shows, a click on it opens nothing', () => {
    const cfg = tiler(['BSP', 'Grid', 'Paused']);
    const unit = layoutUnit(cfg, hyprland, true);
    expect(unit?.segments.map((s) => (s.role === 'value' ? s.text : s.role))).toEqual(['BSP']);
    const current = unit?.segments[0];
    expect(current?.role === 'value' && current.action).toBeFalsy();
    expect(names(cfg, i3)).toEqual([]);
    expect(layoutUnit(cfg, i3, true)?.segments.some((s) => s.role === 'icon' && s.icon === 'ARROW_FAT_LINES_RIGHT')).toBe(false);
  });

  // What the picker offers and what the translators send can never disagree.
  const translators: Array<[string, TilerState, Translator<string>]> = [
    ['i3', i3, i3Commands],
    ['sway', sway, i3Commands],
    ['Hyprland (classic)', hyprland, hyprlandCommands('classic')],
    ['Hyprland (Lua)', hyprland, hyprlandCommands('lua')],
  ];
  it.each(translators)('on %s every choice offered is sent, and every option left out would not be', (_, state, translate) => {
    const all = tiler(TILER_LAYOUTS.filter((l) => l !== 'Custom'));
    const offered = choices(all, state);
    for (const c of offered) expect(translate(c.messages, state), c.layout).toMatchObject({ unsupported: [] });
    const onKomorebi = choices(all, { ...komorebi, layout: state.layout });
    const left = onKomorebi.filter((c) => !offered.some((o) => o.layout === c.layout) && c.messages.length > 0);
    expect(left.length).toBeGreaterThan(0);
    for (const c of left) expect(translate(c.messages, state).unsupported, c.layout).not.toEqual([]);
  });
});
