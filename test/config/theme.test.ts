import { describe, expect, it } from 'vitest';
import { BASE16_NAMES, BASE16_REAL_NAMES } from '../../src/config/names.js';
import { at, bar, errors, load, model } from '../helpers.js';

const theme = (t: unknown) => load(bar([], { theme: t }));

describe('theme', () => {
  it('reads Pastel under both names, with the spec default accent Blue', () => {
    for (const palette of ['Pastel', 'Catppuccin']) {
      expect(model(theme({ palette, name: 'Mocha' })).theme).toEqual({ family: 'Pastel', name: 'Mocha', accent: 'Blue' });
    }
    expect(model(theme({ palette: 'Catppuccin', name: 'Latte', accent: 'Mauve', auto_select_fill: 'Red', auto_select_text: 'Crust' })).theme).toEqual({
      family: 'Pastel',
      name: 'Latte',
      accent: 'Mauve',
      autoSelectFill: 'Red',
      autoSelectText: 'Crust',
    });
  });

  it('accepts all 269 Base16 names and every real spelling, with accent default Base0D', () => {
    for (const name of BASE16_NAMES) expect(model(theme({ palette: 'Base16', name })).theme).toEqual({ family: 'Base16', name, accent: 'Base0D' });
    const pairs: Array<[string, string]> = [
      ['Github', 'Forge'],
      ['GoogleDark', 'SearchDark'],
      ['Windows10', 'Os10'],
      ['WindowsHighcontrastLight', 'OsHighcontrastLight'],
      ['XcodeDusk', 'IdeDusk'],
      ['Macintosh', 'Classic'],
      ['CatppuccinMocha', 'PastelMocha'],
    ];
    for (const [real, neutral] of pairs) expect(model(theme({ palette: 'Base16', name: real })).theme).toMatchObject({ name: neutral });
    expect(Object.keys(BASE16_REAL_NAMES)).toHaveLength(17);
    expect(model(theme({ palette: 'Base16', name: 'ClassicDark' })).theme).toMatchObject({ name: 'ClassicDark' });
  });

  it('gives an error with the fix for a misspelt palette name, not a silent guess', () => {
    const r = theme({ palette: 'Base16', name: 'Gruvbox-Dark-Medium' });
    expect(at(r, 'theme.name')).toMatchObject({
      severity: 'error',
      message: '"Gruvbox-Dark-Medium" is not a Base16 palette name',
      hint: 'did you mean "GruvboxDarkMedium"?',
      fix: { content: '"GruvboxDarkMedium"' },
    });
    expect(r.model).toBeUndefined();
    expect(at(theme({ palette: 'Base16', name: 'Dracla' }), 'theme.name').hint).toBe('did you mean "Dracula"?');
  });

  it('reads a Custom palette in hex and rgb, with accent default Base0D', () => {
    const colours: Record<string, unknown> = {};
    for (let i = 0; i < 16; i++) colours[`base_0${i.toString(16)}`] = `#${i.toString(16).repeat(6)}`;
    colours.base_00 = { r: 30, g: 30, b: 46 };
    colours.base_01 = '#ABC';
    colours.base_02 = '#11223344';
    const t = model(theme({ palette: 'Custom', colours })).theme;
    expect(t).toMatchObject({ family: 'Custom', accent: 'Base0D' });
    if (t?.family !== 'Custom') throw new Error('not custom');
    expect(t.colours.Base00).toBe('#1e1e2e');
    expect(t.colours.Base01).toBe('#aabbcc');
    expect(t.colours.Base02).toBe('#112233');
    expect(t.colours.Base0F).toBe('#ffffff');
  });

  it('lists every missing or bad Custom colour', () => {
    const r = theme({ palette: 'Custom', colours: { base_00: 'red', base_01: { r: 1, g: 2 } } });
    const paths = errors(r).map((p) => `${p.path}: ${p.message}`);
    expect(paths).toContain('theme.colours.base_00: expected a hex colour such as "#1e1e2e", found "red"');
    expect(paths).toContain('theme.colours.base_01.b: missing required key "b"');
    expect(paths).toContain('theme.colours.base_0f: missing required key "base_0f"');
    expect(paths).toHaveLength(16);
  });

  it('rejects a wrong family, a missing family and values of the wrong family', () => {
    expect(at(theme({ palette: 'Catpuccin', name: 'Mocha' }), 'theme.palette').hint).toBe('did you mean "Catppuccin"?');
    expect(at(theme({ name: 'Mocha' }), 'theme.palette').message).toBe('missing required key "palette"');
    expect(at(theme({ palette: 'Base16', name: 'Nord', accent: 'Blue' }), 'theme.accent').message).toBe('"Blue" is not a Base16 colour slot');
    expect(at(theme({ palette: 'Catppuccin', name: 'Espresso' }), 'theme.name').message).toBe('"Espresso" is not a Pastel (Catppuccin) flavour');
  });

  it('explains window-manager theme keys copied into the bar theme', () => {
    const r = theme({ palette: 'Base16', name: 'Nord', bar_accent: 'Base0E' });
    expect(at(r, 'theme.bar_accent')).toMatchObject({ severity: 'warning', hint: 'in the bar\'s theme the accent colour is "accent"' });
  });
});
