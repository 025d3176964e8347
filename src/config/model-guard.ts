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
import { GROUPING_STYLES, LABEL_PREFIXES, MOUSE_TRIGGERS } from './vocabulary.js';
import { bool, int, isObj, list, ModelWrong, need, num, oneOf, optional, str } from './model-checks.js';
import type { ConfigKinds } from './widget-kinds.js';

const sides = (v: unknown, what: string) => {
  need(isObj(v), `${what} is not an object`);
  for (const side of ['top', 'bottom', 'left', 'right']) num(v[side], `${what}.${side}`, -10_000, 10_000);
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

function checkWidget(w: unknown, what: string, kinds: ConfigKinds): void {
  need(isObj(w) && isObj(w.config), `${what} is not a widget`);
  const kind = typeof w.kind === 'string' ? kinds.kind(w.kind) : undefined;
  need(kind !== undefined && kind.name === w.kind, `${what}.kind is not one of its names`);
  const c = w.config;
  // What every kind with these fields shares; a kind checks the rest of its own.
  if (kind.enabled === undefined) bool(c.enable, `${what}.enable`);
  optional(c.label_prefix, (v) => oneOf(v, LABEL_PREFIXES, `${what}.label_prefix`));
  optional(c.data_refresh_interval, (v) => num(v, `${what}.data_refresh_interval`, 0, Number.MAX_SAFE_INTEGER));
  kind.guard?.(c, what);
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

export function modelProblem(m: unknown, kinds: ConfigKinds): string | undefined {
  try {
    need(isObj(m), 'the model is not an object');
    oneOf(m.variant, ['A', 'B'], 'variant');
    for (const section of ['left', 'center', 'right'] as const) list(m[section], section, 256).forEach((w, i) => checkWidget(w, `${section}[${i}]`, kinds));
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
    return e instanceof ModelWrong ? e.message : `the model could not be checked (${e instanceof Error ? e.message : String(e)})`;
  }
}
