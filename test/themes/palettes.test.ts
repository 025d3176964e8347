import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE16_NAMES, BASE16_REAL_NAMES, BASE16_VALUES, PASTEL_FLAVOURS, PASTEL_VALUES } from '../../src/config/names.js';
import { allPalettes, findPalette } from '../../themes/catalogue.js';
import { BASE16_DATA } from '../../themes/base16-data.js';
import { PASTEL_PALETTES } from '../../themes/pastel.js';
import { THEME_ROLES, resolveTheme } from '../../themes/resolve-theme.js';
import { load, model } from '../helpers.js';

const shared = join(process.cwd(), '..', 'shared', 'palettes');
const HEX = /^#[0-9a-f]{6}$/;

/** Values typed in from the schemes' upstream sources, not from this repository's data. */
const INDEPENDENT: Record<string, string> = {
  Ashes: '1c2023 393f45 565e65 747c84 adb3ba c7ccd1 dfe2e5 f3f4f5 c7ae95 c7c795 aec795 95c7ae 95aec7 ae95c7 c795ae c79595',
  TokyoNightDark: '1a1b26 16161e 2f3549 444b6a 787c99 a9b1d6 cbccd1 d5d6db c0caf5 a9b1d6 0db9d7 9ece6a b4f9f8 2ac3de bb9af7 f7768e',
  GruvboxDarkHard: '1d2021 3c3836 504945 665c54 bdae93 d5c4a1 ebdbb2 fbf1c7 fb4934 fe8019 fabd2f b8bb26 8ec07c 83a598 d3869b d65d0e',
  SearchLight: 'ffffff e0e0e0 c5c8c6 b4b7b4 969896 373b41 282a2e 1d1f21 cc342b f96a38 fba922 198844 3971ed 3971ed a36ac7 3971ed',
};
const MOCHA =
  'f5e0dc f2cdcd f5c2e7 cba6f7 f38ba8 eba0ac fab387 f9e2af a6e3a1 94e2d5 89dceb 74c7ec 89b4fa b4befe cdd6f4 bac2de a6adc8 9399b2 7f849c 6c7086 585b70 45475a 313244 1e1e2e 181825 11111b';

describe('palettes', () => {
  it('resolves all 273 named palettes through the config loader to a colour for every role', () => {
    const themes = [
      ...PASTEL_FLAVOURS.map((name) => ({ palette: 'Catppuccin', name })),
      ...BASE16_NAMES.map((name) => ({ palette: 'Base16', name })),
    ];
    expect(themes).toHaveLength(273);
    const seen = new Set<string>();
    for (const theme of themes) {
      const resolved = resolveTheme(model(load({ left_widgets: [], right_widgets: [], theme })).theme);
      for (const role of THEME_ROLES) expect(resolved.colours[role], `${theme.name} ${role}`).toMatch(HEX);
      seen.add(resolved.source);
    }
    expect(seen.size).toBe(273);
    expect(allPalettes()).toHaveLength(273);
  });

  it('holds the exact colours of Ashes, TokyoNightDark, GruvboxDarkHard, SearchLight and Pastel Mocha', () => {
    for (const [name, hex] of Object.entries(INDEPENDENT)) {
      const found = findPalette(name).found;
      expect(found?.family, name).toBe('Base16');
      expect(BASE16_VALUES.map((s) => found?.slots[s].slice(1)).join(' '), name).toBe(hex);
    }
    const mocha = findPalette('Pastel/Mocha').found;
    expect(PASTEL_VALUES.map((v) => mocha?.named?.[v]?.slice(1)).join(' ')).toBe(MOCHA);
    // The bar's roles for these: Ashes background is base01, Mocha accent defaults to Blue.
    expect(resolveTheme({ family: 'Base16', name: 'Ashes', accent: 'Base0D' }).colours.background).toBe('#393f45');
    expect(resolveTheme({ family: 'Pastel', name: 'Mocha', accent: 'Blue' }).colours.accent).toBe('#89b4fa');
  });

  it('finds palettes by neutral and real names, case- and separator-insensitively, with did-you-mean', () => {
    expect(findPalette('Github').found?.id).toBe('Forge');
    expect(findPalette('GoogleDark').found?.id).toBe('SearchDark');
    expect(findPalette('gruvbox-dark-hard').found?.id).toBe('GruvboxDarkHard');
    expect(findPalette('Catppuccin/Latte').found?.id).toBe('Pastel/Latte');
    expect(findPalette('Pastel Mocha').found?.id).toBe('Pastel/Mocha');
    expect(findPalette('Base16/Mocha').found?.title).toBe('Mocha');
    const bare = findPalette('Mocha');
    expect(bare.found?.family).toBe('Base16');
    expect(bare.found && bare.note).toContain('Pastel/Mocha');
    expect(findPalette('Frappe').found?.id).toBe('Pastel/Frappe');
    expect(findPalette('Ashe').found).toBeUndefined();
    expect(findPalette('Ashe')).toMatchObject({ suggestions: expect.arrayContaining(['Ashes']) });
    expect(findPalette('Pastel/Moca')).toEqual({ suggestions: ['Pastel/Mocha'] });
  });

  it('keeps the real-name table and the data in step', () => {
    for (const [real, neutral] of Object.entries(BASE16_REAL_NAMES)) expect(BASE16_DATA[neutral].realName).toBe(real);
    expect(Object.values(BASE16_DATA).filter((d) => d.realName)).toHaveLength(Object.keys(BASE16_REAL_NAMES).length);
  });

  it('agrees with Catppuccin’s own Base16 port of each flavour', () => {
    for (const flavour of PASTEL_FLAVOURS) {
      const pastel = findPalette(`Pastel/${flavour}`).found;
      const port = findPalette(`Pastel${flavour}`).found;
      expect(pastel?.slots, flavour).toEqual(port?.slots);
    }
  });
});

describe.skipIf(!existsSync(join(shared, 'base16.json')))('palette data against ../shared/palettes', () => {
  it('has every Base16 palette with the same colours, names, authors and variants', () => {
    const source = JSON.parse(readFileSync(join(shared, 'base16.json'), 'utf8')) as Record<
      string,
      { upstream: string; name: string; author: string; variant: string; colours: Record<string, string> }
    >;
    expect(Object.keys(BASE16_DATA)).toEqual(Object.keys(source));
    for (const [name, p] of Object.entries(source)) {
      const d = BASE16_DATA[name as keyof typeof BASE16_DATA];
      expect(d.colours, name).toEqual(Object.values(p.colours));
      expect({ title: d.title, author: d.author, variant: d.variant, real: d.realName ?? name }).toEqual({
        title: p.name,
        author: p.author,
        variant: p.variant,
        real: p.upstream,
      });
    }
  });

  it('has the Pastel flavours of the package equal to ../shared/palettes/pastel.json', () => {
    const source = JSON.parse(readFileSync(join(shared, 'pastel.json'), 'utf8')) as Record<string, Record<string, string | boolean>>;
    for (const flavour of PASTEL_FLAVOURS) {
      const { dark, ...colours } = source[flavour] ?? {};
      expect(PASTEL_PALETTES[flavour].colours, flavour).toEqual(colours);
      expect(PASTEL_PALETTES[flavour].dark).toBe(dark);
    }
  });

  it('is what the generator writes (the committed file is not stale)', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(() => execFileSync(process.execPath, ['scripts/generate-palettes.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
