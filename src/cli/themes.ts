/** `tilebar themes [NAME]`: every palette, or one palette's colours and the roles the bar paints with. */
import type { ColourDepth } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import { paint } from '../colour/sgr.js';
import { BASE16_VALUES, PASTEL_VALUES, type Base16Name, type PastelFlavour } from '../config/names.js';
import type { ThemeModel } from '../config/model.js';
import { detectVariant, type Variant } from '../config/variant.js';
import { looseForm } from '../config/suggest.js';
import { allPalettes, findPalette, type NamedPalette } from '../../themes/catalogue.js';
import { ROLE_MEANING, THEME_ROLES, resolveTheme, type ResolvedTheme } from '../../themes/resolve-theme.js';
import { resolveBackgrounds } from '../../themes/transparency.js';
import { colourDepthFor, type ColourOptions } from './colour-options.js';
import { EXIT, type CliIo } from './io.js';

export interface ThemesOptions extends ColourOptions {
  json?: boolean;
  variant?: Variant;
}

/** The root `transparency_alpha` default, shown in the detail view. */
const DEFAULT_ALPHA = 200;

export function themesCommand(nameWords: readonly string[], opts: ThemesOptions, io: CliIo): number {
  const depth = colourDepthFor(opts, io);
  const variant = detectVariant(opts.variant, undefined).variant;
  if (nameWords.length === 0) return listPalettes(opts, depth, io);
  const query = nameWords.join(' ');
  const lookup = findPalette(query);
  if (!lookup.found) {
    const starting = allPalettes()
      .filter((p) => looseForm(p.name).startsWith(looseForm(query)) || looseForm(p.id).startsWith(looseForm(query)))
      .map((p) => p.id);
    const hints = lookup.suggestions.length > 0 ? lookup.suggestions : starting.slice(0, 8);
    const more = hints.length > 0 ? `; did you mean ${hints.map((h) => JSON.stringify(h)).join(', ')}?` : '';
    io.err(`tilebar: no palette named ${JSON.stringify(query)}${more}\n(list them all with: tilebar themes)\n`);
    return EXIT.usage;
  }
  const palette = lookup.found;
  const theme = resolveTheme(themeModelFor(palette));
  if (opts.json) {
    io.out(`${JSON.stringify(paletteJson(palette, theme, variant), null, 2)}\n`);
    return EXIT.ok;
  }
  io.out(describePalette(palette, theme, variant, depth, opts.terminalBg, lookup.note));
  return EXIT.ok;
}

function themeModelFor(p: NamedPalette): ThemeModel {
  return p.family === 'Pastel'
    ? { family: 'Pastel', name: p.name as PastelFlavour, accent: 'Blue' }
    : { family: 'Base16', name: p.name as Base16Name, accent: 'Base0D' };
}

const swatch = (hex: Hex, depth: ColourDepth, width = 2) => paint(' '.repeat(width), { bg: hex }, depth);

function listPalettes(opts: ThemesOptions, depth: ColourDepth, io: CliIo): number {
  const palettes = allPalettes();
  if (opts.json) {
    io.out(`${JSON.stringify(palettes.map((p) => listEntryJson(p)), null, 2)}\n`);
    return EXIT.ok;
  }
  const idWidth = Math.max(...palettes.map((p) => p.id.length));
  const realWidth = Math.max(...palettes.map((p) => (p.realName ?? '').length));
  const lines = palettes.map((p) => {
    const columns = `${p.family.padEnd(6)}  ${p.id.padEnd(idWidth)}  ${(p.realName ?? '').padEnd(realWidth)}  ${p.dark ? 'dark ' : 'light'}`;
    const colours = depth === 'none' ? '' : `  ${BASE16_VALUES.map((s) => swatch(p.slots[s], depth, 1)).join('')}`;
    return `${columns}${colours}`.trimEnd();
  });
  const header = `${'FAMILY'.padEnd(6)}  ${'NAME'.padEnd(idWidth)}  ${'REAL NAME'.padEnd(realWidth)}  KIND`;
  const dark = palettes.filter((p) => p.dark).length;
  io.out(
    `${header}\n${lines.join('\n')}\n\n${palettes.length} palettes: ${palettes.filter((p) => p.family === 'Pastel').length} Pastel, ` +
      `${palettes.filter((p) => p.family === 'Base16').length} Base16 (${dark} dark, ${palettes.length - dark} light). ` +
      'Details: tilebar themes NAME (e.g. Ashes, Pastel/Mocha).\n',
  );
  return EXIT.ok;
}

function listEntryJson(p: NamedPalette) {
  return {
    family: p.family,
    name: p.name,
    id: p.id,
    ...(p.realName ? { realName: p.realName } : {}),
    title: p.title,
    author: p.author,
    dark: p.dark,
    colours: Object.fromEntries(BASE16_VALUES.map((s) => [s.replace('Base', 'base'), p.slots[s]])),
  };
}

function paletteJson(p: NamedPalette, theme: ResolvedTheme, variant: Variant) {
  return {
    ...listEntryJson(p),
    ...(p.named ? { named: p.named } : {}),
    variant,
    roles: Object.fromEntries(THEME_ROLES.map((r) => [r, { colour: theme.colours[r], from: theme.origins[r] }])),
  };
}

function describePalette(
  p: NamedPalette,
  theme: ResolvedTheme,
  variant: Variant,
  depth: ColourDepth,
  terminalBg: Hex | undefined,
  note: string | undefined,
): string {
  const out: string[] = [];
  const by = p.author ? ` by ${p.author}` : '';
  out.push(`${p.id}${p.realName ? ` (also ${p.realName})` : ''}: "${p.title}"${by}, ${p.dark ? 'dark' : 'light'}`);
  if (note) out.push(`note: ${note}`);
  out.push('');
  if (p.named) {
    out.push('Colours');
    const named = p.named;
    const cells = PASTEL_VALUES.map((v) => `${swatchOrBlank(named[v], depth)}${v.padEnd(9)} ${named[v]}`);
    out.push(...columns(cells, 3));
  } else {
    out.push('Colours');
    const cells = BASE16_VALUES.map((s) => `${swatchOrBlank(p.slots[s], depth)}${s.replace('Base', 'base')} ${p.slots[s]}`);
    out.push(...columns(cells, 4));
  }
  out.push('');
  out.push(`Roles (variant ${variant}; both variants use the same mapping; accent at its default)`);
  for (const role of THEME_ROLES) {
    out.push(`  ${swatchOrBlank(theme.colours[role], depth)}${role.padEnd(18)} ${theme.colours[role]}  ${theme.origins[role].padEnd(30)} ${ROLE_MEANING[role]}`);
  }
  const bg = resolveBackgrounds(theme, { barAlpha: DEFAULT_ALPHA, groupAlpha: DEFAULT_ALPHA, ...(terminalBg ? { terminalBackground: terminalBg } : {}) });
  out.push('');
  out.push(
    `transparency_alpha ${DEFAULT_ALPHA} (the default) over ${terminalBg ? `--terminal-bg ${terminalBg}` : `the theme's base ${bg.terminal}`}: ` +
      `bar ${bg.bar ?? 'unpainted'}, groups ${bg.group ?? 'as the bar'}`,
  );
  if (depth !== 'none') out.push(`Sample: ${sampleBar(theme, bg.bar, depth)}`);
  out.push('');
  const use =
    p.family === 'Pastel' ? `{ "palette": "Pastel", "name": "${p.name}" }` : `{ "palette": "Base16", "name": "${p.name}" }`;
  out.push(`Use it: "theme": ${use}`);
  return `${out.join('\n')}\n`;
}

const swatchOrBlank = (hex: Hex, depth: ColourDepth) => (depth === 'none' ? '' : `${swatch(hex, depth)} `);

function columns(cells: string[], count: number): string[] {
  const rows = Math.ceil(cells.length / count);
  return Array.from({ length: rows }, (_, r) =>
    `  ${Array.from({ length: count }, (_, c) => cells[c * rows + r] ?? '').join('   ')}`.trimEnd(),
  );
}

/** A few segments painted as the bar would: workspaces, a normal widget, a threshold-selected one. */
function sampleBar(theme: ResolvedTheme, bar: Hex | undefined, depth: ColourDepth): string {
  const c = theme.colours;
  const on = (text: string, fg: Hex, bg: Hex | undefined = bar, bold = false) => paint(text, { fg, ...(bg ? { bg } : {}), bold }, depth);
  return [
    on(' 1 ', c.selectedText, c.selectedFill, true),
    on(' 2 ', c.text),
    on(' 3 ', c.dim),
    on('  ', c.text),
    on('CPU', c.accent),
    on(' 12% ', c.text),
    on(' ', c.text),
    on('MEM', c.autoSelectIcon, c.autoSelectFill),
    on(' 91% ', c.autoSelectLabel, c.autoSelectFill),
    on(' 14:05 ', c.strong),
  ].join('');
}
