/**
 * The normalised theme → the concrete colours the renderer paints with. The mapping follows the original
 * bar (BEHAVIOUR.md §5) where a role exists there; `dim` and the group background are terminal roles of
 * our own (documented in the README), because a one-row bar has no borders or shadows to set groups apart.
 */
import type { Base16Value, PastelValue } from '../src/config/names.js';
import type { ThemeModel } from '../src/config/model.js';
import { blend, luminance, type Hex } from '../src/colour/rgb.js';
import { base16Palette, pastelPalette } from './catalogue.js';

export const THEME_ROLES = [
  'background',
  'text',
  'strong',
  'dim',
  'accent',
  'selectedFill',
  'selectedText',
  'autoSelectFill',
  'autoSelectIcon',
  'autoSelectLabel',
  'groupBackground',
  'border',
  'hoverFill',
  'error',
  'terminalBackground',
] as const;
export type ThemeRole = (typeof THEME_ROLES)[number];

export const ROLE_MEANING: Readonly<Record<ThemeRole, string>> = {
  background: 'bar background (before transparency)',
  text: 'labels',
  strong: 'hovered and active labels',
  dim: 'secondary text: empty workspaces, units, separators',
  accent: 'icons and selected labels',
  selectedFill: 'focused workspace, current layout option',
  selectedText: 'label on a selected item',
  autoSelectFill: 'widget selected by a threshold',
  autoSelectIcon: 'icon of a threshold-selected widget',
  autoSelectLabel: 'label of a threshold-selected widget',
  groupBackground: 'group fill (grouping), before its transparency',
  border: 'group border (bars of 3+ rows)',
  hoverFill: 'item under the mouse',
  error: 'a widget whose source failed; the config error line',
  terminalBackground: 'assumed terminal background for transparency, unless --terminal-bg',
};

export interface ResolvedTheme {
  /** `Pastel/Mocha`, `Base16/Ashes`, `Custom`, or `built-in dark`. */
  source: string;
  dark: boolean;
  colours: Readonly<Record<ThemeRole, Hex>>;
  /** Where each colour comes from, in the palette's own words (`Base16 base01`, `Pastel Blue × 0.2 over Base`). */
  origins: Readonly<Record<ThemeRole, string>>;
}

type Entry = [Hex, string];

/** No theme at all: the original's toolkit dark style (egui), so an unthemed bar looks as it does there. */
export const BUILT_IN_DARK: Readonly<Record<ThemeRole, Hex>> = {
  background: '#1b1b1b',
  text: '#8c8c8c',
  strong: '#c0deff',
  dim: '#5a5a5a',
  accent: '#c0deff',
  selectedFill: '#005c80',
  selectedText: '#c0deff',
  autoSelectFill: '#005c80',
  autoSelectIcon: '#c0deff',
  autoSelectLabel: '#8c8c8c',
  groupBackground: '#0a0a0a',
  border: '#3c3c3c',
  hoverFill: '#464646',
  error: '#e06c75',
  terminalBackground: '#1b1b1b',
};

export function resolveTheme(theme: ThemeModel | undefined): ResolvedTheme {
  if (!theme) {
    const origins = Object.fromEntries(Object.keys(BUILT_IN_DARK).map((r) => [r, 'built-in dark'])) as Record<ThemeRole, string>;
    return { source: 'built-in dark', dark: true, colours: BUILT_IN_DARK, origins };
  }
  if (theme.family === 'Pastel') {
    const palette = pastelPalette(theme.name);
    const named = palette.named ?? {};
    const c = (v: PastelValue): Entry => [(named as Record<PastelValue, Hex>)[v], `Pastel ${v}`];
    // The original tints selections with Blue at 20 % (40 % on the light Latte) over the background.
    const tint = theme.name === 'Latte' ? 0.4 : 0.2;
    const selected: Entry = [blend(c('Blue')[0], c('Base')[0], tint), `Pastel Blue × ${tint} over Base`];
    return build(`Pastel/${theme.name}`, palette.dark, {
      background: c('Base'),
      text: c('Text'),
      dim: c('Overlay1'),
      accent: c(theme.accent),
      selectedFill: selected,
      autoSelectFill: theme.autoSelectFill ? c(theme.autoSelectFill) : selected,
      autoSelectText: theme.autoSelectText ? c(theme.autoSelectText) : undefined,
      groupBackground: c('Mantle'),
      border: c('Overlay1'),
      hoverFill: c('Surface2'),
      error: c('Red'),
      terminalBackground: c('Base'),
    });
  }
  const palette = theme.family === 'Base16' ? base16Palette(theme.name) : undefined;
  const slots = palette?.slots ?? (theme.family === 'Custom' ? theme.colours : undefined);
  if (!slots) throw new Error('unreachable: a Base16 or Custom theme without colours');
  const label = theme.family === 'Base16' ? (v: Base16Value) => `Base16 base${v.slice(4)}` : (v: Base16Value) => `Custom base_${v.slice(4).toLowerCase()}`;
  const c = (v: Base16Value): Entry => [slots[v], label(v)];
  const source = theme.family === 'Base16' ? `Base16/${theme.name}` : 'Custom';
  // A Custom palette is dark when its background is darker than its text.
  const dark = palette ? palette.dark : luminance(slots.Base00) < luminance(slots.Base05);
  return build(source, dark, {
    background: c('Base01'),
    text: c('Base05'),
    dim: c('Base04'),
    accent: c(theme.accent),
    selectedFill: c('Base02'),
    autoSelectFill: theme.autoSelectFill ? c(theme.autoSelectFill) : c('Base02'),
    autoSelectText: theme.autoSelectText ? c(theme.autoSelectText) : undefined,
    groupBackground: c('Base00'),
    border: c('Base02'),
    hoverFill: c('Base02'),
    error: c('Base08'),
    terminalBackground: c('Base00'),
  });
}

interface RoleSources {
  background: Entry;
  text: Entry;
  dim: Entry;
  accent: Entry;
  selectedFill: Entry;
  autoSelectFill: Entry;
  autoSelectText: Entry | undefined;
  groupBackground: Entry;
  border: Entry;
  hoverFill: Entry;
  error: Entry;
  terminalBackground: Entry;
}

function build(source: string, dark: boolean, s: RoleSources): ResolvedTheme {
  const entries: Record<ThemeRole, Entry> = {
    background: s.background,
    text: s.text,
    // The original draws hovered and active text in the accent colour.
    strong: s.accent,
    dim: s.dim,
    accent: s.accent,
    selectedFill: s.selectedFill,
    selectedText: s.accent,
    autoSelectFill: s.autoSelectFill,
    // Without auto_select_text the icon keeps the accent and the label keeps the text colour.
    autoSelectIcon: s.autoSelectText ?? s.accent,
    autoSelectLabel: s.autoSelectText ?? s.text,
    groupBackground: s.groupBackground,
    border: s.border,
    hoverFill: s.hoverFill,
    error: s.error,
    terminalBackground: s.terminalBackground,
  };
  const colours = Object.fromEntries(THEME_ROLES.map((r) => [r, entries[r][0]])) as Record<ThemeRole, Hex>;
  const origins = Object.fromEntries(THEME_ROLES.map((r) => [r, entries[r][1]])) as Record<ThemeRole, string>;
  return { source, dark, colours, origins };
}
