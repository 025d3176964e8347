import { describe, expect, it } from 'vitest';
import { resolveTheme } from '../../themes/resolve-theme.js';
import { resolveBackgrounds } from '../../themes/transparency.js';
import { load, model } from '../helpers.js';

const themeOf = (theme: unknown) => resolveTheme(model(load({ left_widgets: [], right_widgets: [], theme })).theme);

describe('resolveTheme', () => {
  it('maps a Base16 palette: background base01, text base05, accent base0D, selection base02', () => {
    const t = themeOf({ palette: 'Base16', name: 'Ashes' });
    expect(t.colours).toMatchObject({
      background: '#393f45',
      text: '#c7ccd1',
      dim: '#adb3ba',
      accent: '#ae95c7',
      strong: '#ae95c7',
      selectedFill: '#565e65',
      selectedText: '#ae95c7',
      autoSelectFill: '#565e65',
      autoSelectIcon: '#ae95c7',
      autoSelectLabel: '#c7ccd1',
      groupBackground: '#1c2023',
      border: '#565e65',
      terminalBackground: '#1c2023',
    });
    expect(t.origins.background).toBe('Base16 base01');
    expect(t.source).toBe('Base16/Ashes');
  });

  it('tints Pastel selections with Blue at 20 %, 40 % on Latte', () => {
    expect(themeOf({ palette: 'Pastel', name: 'Mocha' }).colours.selectedFill).toBe('#333c57');
    expect(themeOf({ palette: 'Catppuccin', name: 'Latte' }).colours.selectedFill).toBe('#9bb9f5');
    expect(themeOf({ palette: 'Catppuccin', name: 'Latte' }).dark).toBe(false);
  });

  it('uses the configured accent and auto-select colours', () => {
    const t = themeOf({ palette: 'Catppuccin', name: 'Mocha', accent: 'Mauve', auto_select_fill: 'Red', auto_select_text: 'Crust' });
    expect(t.colours).toMatchObject({
      accent: '#cba6f7',
      strong: '#cba6f7',
      selectedText: '#cba6f7',
      selectedFill: '#333c57',
      autoSelectFill: '#f38ba8',
      autoSelectIcon: '#11111b',
      autoSelectLabel: '#11111b',
    });
  });

  it('reads Custom colours from the config, accent Base0D by default, and honours a black auto_select_fill', () => {
    const colours = Object.fromEntries(
      ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f'].map((s, i) => [
        `base_${s}`,
        i === 3 ? '#000000' : { r: i * 16, g: 0, b: 255 - i * 16 },
      ]),
    );
    const t = themeOf({ palette: 'Custom', colours, auto_select_fill: 'Base03' });
    expect(t.colours.accent).toBe('#d0002f');
    expect(t.colours.background).toBe('#1000ef');
    expect(t.colours.autoSelectFill).toBe('#000000');
    expect(t.origins.accent).toBe('Custom base_0d');
  });

  it('tells a light Custom palette from a dark one by its background and text', () => {
    const custom = (bg: string, fg: string) =>
      Object.fromEntries(['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f'].map((s) => [`base_${s}`, s === '00' ? bg : s === '05' ? fg : '#808080']));
    expect(themeOf({ palette: 'Custom', colours: custom('#fdf6e3', '#657b83') }).dark).toBe(false);
    expect(themeOf({ palette: 'Custom', colours: custom('#002b36', '#839496') }).dark).toBe(true);
  });

  it('falls back to the built-in dark theme without a theme', () => {
    const t = resolveTheme(undefined);
    expect(t.colours).toMatchObject({ background: '#1b1b1b', text: '#8c8c8c', accent: '#c0deff', selectedFill: '#005c80' });
    expect(t.source).toBe('built-in dark');
  });
});

describe('transparency', () => {
  const ashes = themeOf({ palette: 'Base16', name: 'Ashes' });

  it('blends the bar over the theme base unless --terminal-bg says otherwise', () => {
    expect(resolveBackgrounds(ashes, { barAlpha: 255 })).toEqual({ bar: '#393f45', terminal: '#1c2023' });
    expect(resolveBackgrounds(ashes, { barAlpha: 200 }).bar).toBe('#33383e');
    expect(resolveBackgrounds(ashes, { barAlpha: 128, terminalBackground: '#ffffff' }).bar).toBe('#9c9fa2');
  });

  it('paints no background at alpha 0, and blends groups over the bar', () => {
    expect(resolveBackgrounds(ashes, { barAlpha: 0 })).toEqual({ terminal: '#1c2023' });
    expect(resolveBackgrounds(ashes, { barAlpha: 255, groupAlpha: 255 }).group).toBe('#1c2023');
    expect(resolveBackgrounds(ashes, { barAlpha: 255, groupAlpha: 0 }).group).toBe('#393f45');
    expect(resolveBackgrounds(ashes, { barAlpha: 0, groupAlpha: 0 }).group).toBeUndefined();
  });
});
