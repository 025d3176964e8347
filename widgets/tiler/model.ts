/** The Tiler widget's config as the model holds it: its sub-widgets with their display formats resolved. */
import type { DisplayFormat, WorkspacesDisplayFormat } from '../../src/config/schema/common.js';
import type { TilerLayout } from '../../src/config/vocabulary.js';
import { bool, isObj, list, need, oneOf, optional, str } from '../../src/config/model-checks.js';
import { DISPLAY_FORMATS, WORKSPACES_DISPLAY_FORMATS } from '../../src/config/vocabulary.js';
import type { WidgetConfig } from '../../src/config/widget-kinds.js';
import { compareNames } from '../../src/text/compare.js';
import type { TilerConfig } from './schema.js';

export interface TilerModel {
  workspaces?: { enable: boolean; hideEmptyWorkspaces: boolean; display: WorkspacesDisplayFormat };
  layout?: { enable: boolean; display: DisplayFormat; options: TilerLayout[] };
  focusedContainer?: { enable: boolean; display: DisplayFormat };
  lockedContainer?: { enable: boolean; display: DisplayFormat; showWhenUnlocked: boolean };
  workspaceLayer?: { enable: boolean; display: DisplayFormat; showWhenTiling: boolean };
  configurationSwitcher?: { enable: boolean; configurations: Array<{ name: string; path: string }> };
}

/** The deprecated `show_icon` applied; configurations in name order. */
export function normaliseTiler(c: TilerConfig): TilerModel {
  const out: TilerModel = {};
  if (c.workspaces) {
    out.workspaces = { enable: c.workspaces.enable, hideEmptyWorkspaces: c.workspaces.hide_empty_workspaces, display: c.workspaces.display };
  }
  if (c.layout) out.layout = { enable: c.layout.enable, display: c.layout.display, options: c.layout.options };
  if (c.focused_container) {
    const f = c.focused_container;
    out.focusedContainer = { enable: f.enable, display: f.display ?? (f.show_icon ? 'IconAndText' : 'Text') };
  }
  if (c.locked_container) {
    const l = c.locked_container;
    out.lockedContainer = { enable: l.enable, display: l.display, showWhenUnlocked: l.show_when_unlocked };
  }
  if (c.workspace_layer) {
    const l = c.workspace_layer;
    out.workspaceLayer = { enable: l.enable, display: l.display, showWhenTiling: l.show_when_tiling };
  }
  if (c.configuration_switcher) {
    const s = c.configuration_switcher;
    out.configurationSwitcher = {
      enable: s.enable,
      configurations: Object.entries(s.configurations)
        .map(([name, path]) => ({ name, path }))
        .sort((a, b) => compareNames(a.name, b.name)),
    };
  }
  return out;
}

/** A cached model's Tiler config, held to the shape above. */
export function guardTiler(c: WidgetConfig, what: string): void {
  const sub = (key: string, more: (s: Record<string, unknown>) => void) =>
    optional(c[key], (s) => {
      need(isObj(s), `${what}.${key} is not an object`);
      bool(s.enable, `${what}.${key}.enable`);
      more(s);
    });
  sub('workspaces', (s) => {
    bool(s.hideEmptyWorkspaces, `${what}.workspaces.hideEmptyWorkspaces`);
    oneOf(s.display, WORKSPACES_DISPLAY_FORMATS, `${what}.workspaces.display`);
  });
  sub('layout', (s) => {
    oneOf(s.display, DISPLAY_FORMATS, `${what}.layout.display`);
    for (const o of list(s.options, `${what}.layout.options`, 64)) str(o, `${what}.layout.options[]`, 64);
  });
  for (const key of ['focusedContainer', 'lockedContainer', 'workspaceLayer']) sub(key, (s) => oneOf(s.display, DISPLAY_FORMATS, `${what}.${key}.display`));
  sub('configurationSwitcher', (s) => {
    for (const e of list(s.configurations, `${what}.configurationSwitcher.configurations`, 256)) {
      need(isObj(e), `${what}.configurationSwitcher entry is not an object`);
      str(e.name, `${what}.configurationSwitcher name`);
      str(e.path, `${what}.configurationSwitcher path`);
    }
  });
}
