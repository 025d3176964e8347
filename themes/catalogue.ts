/**
 * Every named palette (4 Pastel flavours + 269 Base16) looked up by the names users type. Syntax:
 * `Pastel/Mocha` (or `Catppuccin/Mocha`, `Pastel Mocha`, `Pastel:Mocha`) for a flavour, `Ashes` or
 * `Base16/Ashes` for a Base16 palette; real and neutral names both work, case and separators are ignored.
 */
import { BASE16_NAMES, BASE16_VALUES, PASTEL_FLAVOURS, type Base16Name, type Base16Value, type PastelFlavour, type PastelValue } from '../src/config/names.js';
import type { Hex } from '../src/colour/rgb.js';
import { looseForm, nearest } from '../src/config/suggest.js';
import { BASE16_DATA } from './base16-data.js';
import { PASTEL_AS_BASE16, PASTEL_PALETTES } from './pastel.js';

export type PaletteFamily = 'Pastel' | 'Base16';

export interface NamedPalette {
  family: PaletteFamily;
  /** The spec's (neutral) name: a flavour for Pastel, a palette name for Base16. */
  name: string;
  /** The real name where it differs (`Catppuccin/Mocha`, `Github`). */
  realName?: string;
  /** What `tilebar themes` and the config call it: `Pastel/Mocha`, `Ashes`. */
  id: string;
  title: string;
  author: string;
  dark: boolean;
  /** 16 colours, base00 … base0F (for Pastel: Catppuccin's own Base16 mapping). */
  slots: Readonly<Record<Base16Value, Hex>>;
  /** The 26 named colours of a Pastel flavour. */
  named?: Readonly<Record<PastelValue, Hex>>;
}

export function pastelPalette(flavour: PastelFlavour): NamedPalette {
  const p = PASTEL_PALETTES[flavour];
  const slots = Object.fromEntries(BASE16_VALUES.map((s) => [s, p.colours[PASTEL_AS_BASE16[s]]])) as Record<Base16Value, Hex>;
  return {
    family: 'Pastel',
    name: flavour,
    realName: `Catppuccin/${flavour}`,
    id: `Pastel/${flavour}`,
    title: `Catppuccin ${flavour === 'Frappe' ? 'Frappé' : flavour}`,
    author: 'Catppuccin',
    dark: p.dark,
    slots,
    named: p.colours,
  };
}

export function base16Palette(name: Base16Name): NamedPalette {
  const d = BASE16_DATA[name];
  const slots = Object.fromEntries(BASE16_VALUES.map((s, i) => [s, d.colours[i]])) as Record<Base16Value, Hex>;
  return {
    family: 'Base16',
    name,
    ...(d.realName ? { realName: d.realName } : {}),
    id: name,
    title: d.title,
    author: d.author,
    dark: d.variant === 'dark',
    slots,
  };
}

let all: readonly NamedPalette[] | undefined;

/** The 273 palettes: Pastel flavours first, then Base16 in the spec's order. */
export function allPalettes(): readonly NamedPalette[] {
  all ??= [...PASTEL_FLAVOURS.map(pastelPalette), ...BASE16_NAMES.map(base16Palette)];
  return all;
}

export type PaletteLookup =
  | { found: NamedPalette; note?: string }
  | { found?: undefined; suggestions: string[] };

const PASTEL_PREFIXES = ['pastel', 'catppuccin'];
const BASE16_PREFIXES = ['base16'];

export function findPalette(query: string): PaletteLookup {
  const trimmed = query.trim();
  const split = /^([A-Za-z0-9]+)\s*[/: ]\s*(.+)$/.exec(trimmed);
  const prefix = split?.[1]?.toLowerCase();
  const rest = split?.[2] ?? '';
  const palettes = allPalettes();
  const byLoose = (family: PaletteFamily, text: string) =>
    palettes.find((p) => p.family === family && (looseForm(p.name) === looseForm(text) || looseForm(p.realName ?? '') === looseForm(text)));

  if (prefix && PASTEL_PREFIXES.includes(prefix)) {
    const hit = byLoose('Pastel', rest);
    if (hit) return { found: hit };
    return { suggestions: nearest(rest, PASTEL_FLAVOURS).map((f) => `Pastel/${f}`) };
  }
  if (prefix && BASE16_PREFIXES.includes(prefix)) {
    const hit = byLoose('Base16', rest);
    if (hit) return { found: hit };
    return { suggestions: suggest(rest) };
  }

  const base16 = byLoose('Base16', trimmed);
  if (base16) {
    const pastelTwin = byLoose('Pastel', trimmed);
    return pastelTwin
      ? { found: base16, note: `this is the Base16 palette ${base16.id}; the Pastel flavour is ${pastelTwin.id}` }
      : { found: base16 };
  }
  const pastel = byLoose('Pastel', trimmed);
  if (pastel) return { found: pastel };
  return { suggestions: suggest(trimmed) };
}

function suggest(text: string): string[] {
  const ids = allPalettes().flatMap((p) => (p.realName && p.family === 'Base16' ? [p.id, p.realName] : [p.id]));
  const bare = allPalettes().filter((p) => p.family === 'Pastel').map((p) => p.name);
  const hits = nearest(text, [...ids, ...bare]);
  return [...new Set(hits.map((h) => (bare.includes(h) && !ids.includes(h) ? `Pastel/${h}` : h)))];
}
