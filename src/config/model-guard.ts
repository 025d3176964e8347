/**
 * A check of a `BarModel` that did not come from the validator (an entry of the cache of validated models),
 * without loading zod. It holds the model to the shape and the bounds drawing relies on: known widget kinds
 * and names, finite numbers within the ranges the schema allows, strings of bounded length, colours that are
 * colours. It is not a second schema of the format: what it lets through is at worst drawn wrongly, and
 * nothing a model says is acted on (a command launched, a message sent) before the text itself is validated
 * (see run.ts). Returns the first thing wrong, or undefined.
 */
import { MAX_CONFIG_BYTES } from './limits.js';
import { BASE16_NAMES, BASE16_VALUES, PASTEL_FLAVOURS, PASTEL_VALUES } from './names.js';
import { DISPLAY_FORMATS, GROUPING_STYLES, LABEL_PREFIXES, MODEL_WIDGET_KINDS, MOUSE_TRIGGERS, WORKSPACES_DISPLAY_FORMATS } from './vocabulary.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Wrong extends Error {}

function need(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Wrong(what);
}

const num = (v: unknown, what: string, min: number, max: number) => need(typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max, `${what} is not a number ${min}–${max}`);
const int = (v: unknown, what: string, min: number, max: number) => need(Number.isInteger(v) && (v as number) >= min && (v as number) <= max, `${what} is not an integer ${min}–${max}`);
const str = (v: unknown, what: string, max = MAX_CONFIG_BYTES) => need(typeof v === 'string' && v.length <= max, `${what} is not a string of at most ${max} characters`);
const bool = (v: unknown, what: string) => need(typeof v === 'boolean', `${what} is not true or false`);
const oneOf = (v: unknown, list: readonly string[], what: string) => need(typeof v === 'string' && list.includes(v), `${what} is not one of its names`);
const optional = (v: unknown, check: (v: unknown) => void) => {
  if (v !== undefined) check(v);
};
const sides = (v: unknown, what: string) => {
  need(isObj(v), `${what} is not an object`);
  for (const side of ['top', 'bottom', 'left', 'right']) num(v[side], `${what}.${side}`, -10_000, 10_000);
};
const list = (v: unknown, what: string, max: number): unknown[] => {
  need(Array.isArray(v) && v.length <= max, `${what} is not a list of at most ${max}`);
  return v;
};
const HEX = /^#[0-9a-f]{6}$/;

function checkTheme(t: unknown): void {
  need(isObj(t), 'theme is not an object');
  const pick = (names: readonly string[]) => {
    oneOf(t.accent, names, 'theme.accent');
    optional(t.autoSelectFill, (v) => oneOf(v, names, 'theme.autoSelectFill'));
    optional(t.autoSelectText, (v) => oneOf(v, names, 'theme.autoSelectText'));
  };
  if (t.family === 'Pastel') {
    oneOf(t.name, PASTEL_FLAVOURS, 'theme.name');
    pick(PASTEL_VALUES);
  } else if (t.family === 'Base16') {
    oneOf(t.name, BASE16_NAMES, 'theme.name');
    pick(BASE16_VALUES);
  } else {
    need(t.family === 'Custom' && isObj(t.colours), 'theme is not a Pastel, Base16 or Custom theme');
    for (const slot of BASE16_VALUES) need(typeof t.colours[slot] === 'string' && HEX.test(t.colours[slot] as string), `theme.colours.${slot} is not a colour`);
    pick(BASE16_VALUES);
  }
}

function checkTiler(c: Obj, what: string): void {
  const sub = (key: string, more: (s: Obj) => void) =>
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

function checkWidget(w: unknown, what: string): void {
  need(isObj(w) && isObj(w.config), `${what} is not a widget`);
  oneOf(w.kind, MODEL_WIDGET_KINDS, `${what}.kind`);
  const c = w.config;
  if (w.kind === 'Tiler') return checkTiler(c, what);
  bool(c.enable, `${what}.enable`);
  optional(c.label_prefix, (v) => oneOf(v, LABEL_PREFIXES, `${what}.label_prefix`));
  optional(c.data_refresh_interval, (v) => num(v, `${what}.data_refresh_interval`, 0, Number.MAX_SAFE_INTEGER));
  optional(c.activity_left_padding, (v) => int(v, `${what}.activity_left_padding`, 0, 1000));
  optional(c.timezone, (v) => str(v, `${what}.timezone`, 256));
  optional(c.format, (f) => {
    need(isObj(f) && (f.kind === 'preset' || f.kind === 'custom'), `${what}.format is not a format`);
    if (f.kind === 'preset') str(f.name, `${what}.format.name`, 64);
    else str(f.format, `${what}.format.format`, MAX_CONFIG_BYTES);
    optional(f.modifiers, (m) => {
      need(isObj(m), `${what}.format.modifiers is not an object`);
      for (const v of Object.values(m)) int(v, `${what}.format.modifiers[]`, -(2 ** 31), 2 ** 31 - 1);
    });
  });
  optional(c.items, (items) => {
    for (const item of list(items, `${what}.items`, 256)) {
      need(isObj(item), `${what}.items[] is not an object`);
      for (const key of ['name', 'command', 'icon']) optional(item[key], (v) => str(v, `${what}.items[].${key}`, MAX_CONFIG_BYTES));
    }
  });
}

function checkMouse(m: unknown): void {
  need(isObj(m) && isObj(m.bindings), 'mouse is not an object with bindings');
  num(m.horizontalScrollThreshold, 'mouse.horizontalScrollThreshold', 10, 300);
  num(m.verticalScrollThreshold, 'mouse.verticalScrollThreshold', 10, 300);
  for (const [trigger, b] of Object.entries(m.bindings)) {
    oneOf(trigger, MOUSE_TRIGGERS, 'a mouse trigger');
    need(isObj(b), `mouse.${trigger} is not a binding`);
    if (b.kind === 'command') str(b.command, `mouse.${trigger}.command`, MAX_CONFIG_BYTES);
    else need(b.kind === 'message' && isObj(b.message) && typeof b.message.type === 'string', `mouse.${trigger} is not a command or a message`);
  }
}

export function modelProblem(m: unknown): string | undefined {
  try {
    need(isObj(m), 'the model is not an object');
    oneOf(m.variant, ['A', 'B'], 'variant');
    for (const section of ['left', 'center', 'right'] as const) list(m[section], section, 256).forEach((w, i) => checkWidget(w, `${section}[${i}]`));
    optional(m.fontFamily, (v) => str(v, 'fontFamily'));
    num(m.fontSize, 'fontSize', 1, 1000);
    num(m.height, 'height', 0, 10_000);
    num(m.iconScale, 'iconScale', 1, 2);
    num(m.maxLabelWidth, 'maxLabelWidth', 0, 10_000);
    num(m.widgetSpacing, 'widgetSpacing', 0, 10_000);
    int(m.transparencyAlpha, 'transparencyAlpha', 0, 255);
    sides(m.margin, 'margin');
    sides(m.padding, 'padding');
    need(isObj(m.monitor), 'monitor is not an object');
    int(m.monitor.index, 'monitor.index', 0, Number.MAX_SAFE_INTEGER);
    need(isObj(m.position), 'position is not an object');
    optional(m.theme, checkTheme);
    optional(m.mouse, checkMouse);
    const g = m.grouping;
    need(isObj(g), 'grouping is not an object');
    if (g.kind !== 'None') {
      oneOf(g.kind, ['Bar', 'Alignment', 'Widget'], 'grouping.kind');
      need(Array.isArray(g.rounding) && g.rounding.length === 4, 'grouping.rounding is not 4 numbers');
      for (const r of g.rounding as unknown[]) num(r, 'grouping.rounding[]', 0, 10_000);
      oneOf(g.style, GROUPING_STYLES, 'grouping.style');
      int(g.transparencyAlpha, 'grouping.transparencyAlpha', 0, 255);
    }
    return undefined;
  } catch (e) {
    return e instanceof Wrong ? e.message : `the model could not be checked (${e instanceof Error ? e.message : String(e)})`;
  }
}
