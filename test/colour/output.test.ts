import { describe, expect, it } from 'vitest';
import { resolveColourDepth, type ColourEnvironment } from '../../src/colour/depth.js';
import { nearest16, nearest256 } from '../../src/colour/quantise.js';
import { blend } from '../../src/colour/rgb.js';
import { paint } from '../../src/colour/sgr.js';

const ESC = '\x1b';
const blue = '#89b4fa' as const;

describe('colour output', () => {
  it('writes a known colour at each depth', () => {
    expect(paint('x', { fg: blue }, 'truecolor')).toBe(`${ESC}[38;2;137;180;250mx${ESC}[0m`);
    expect(paint('x', { bg: blue }, 'truecolor')).toBe(`${ESC}[48;2;137;180;250mx${ESC}[0m`);
    // #87afff (cube 2,3,5) is the nearest of the 240 fixed colours.
    expect(paint('x', { fg: blue }, '256')).toBe(`${ESC}[38;5;111mx${ESC}[0m`);
    expect(paint('x', { fg: blue, bg: '#1e1e2e', bold: true }, '16')).toBe(`${ESC}[1;94;40mx${ESC}[0m`);
    expect(paint('x', { fg: blue, bg: '#1e1e2e', bold: true }, 'none')).toBe('x');
  });

  it('finds exact 256-colour matches in the cube and the grey ramp', () => {
    expect(nearest256('#ff0000')).toBe(196);
    expect(nearest256('#5f87af')).toBe(67);
    expect(nearest256('#808080')).toBe(244);
    expect(nearest256('#080808')).toBe(232);
    expect(nearest256('#ffffff')).toBe(231);
  });

  it('keeps the hue name in 16 colours and picks bright variants for light colours', () => {
    const name = (hex: `#${string}`) =>
      ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'][nearest16(hex) % 8] + (nearest16(hex) >= 8 ? '+' : '');
    expect(name('#1e1e2e')).toBe('black'); // Catppuccin base
    expect(name('#cdd6f4')).toBe('white+'); // Catppuccin text
    expect(name('#585b70')).toBe('black+'); // grey surface
    expect(name('#a6e3a1')).toBe('green+');
    expect(name('#f38ba8')).toBe('red+');
    expect(name('#cc241d')).toBe('red'); // gruvbox dark red
    expect(name('#a9b1d6')).toBe('white'); // Tokyo Night's bluish-grey text, a light grey
    expect(name('#268bd2')).toBe('blue'); // solarized blue
    expect(name('#b4befe')).toBe('blue+'); // lavender
    expect(name('#458588')).toBe('cyan');
    expect(name('#f5c2e7')).toBe('magenta+');
  });

  it('blends a translucent colour over the terminal background', () => {
    expect(blend('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(blend('#393f45', '#1c2023', 200 / 255)).toBe('#33383e');
    expect(blend('#393f45', '#1c2023', 1)).toBe('#393f45');
    expect(blend('#393f45', '#1c2023', 0)).toBe('#1c2023');
  });
});

describe('colour depth', () => {
  const tty = (env: Record<string, string>, isTTY = true): ColourEnvironment => ({ env, isTTY, platform: 'linux' });

  it('follows what the terminal advertises', () => {
    expect(resolveColourDepth('auto', tty({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }))).toBe('truecolor');
    expect(resolveColourDepth('auto', tty({ TERM: 'tmux-256color' }))).toBe('256');
    expect(resolveColourDepth('auto', tty({ TERM: 'xterm' }))).toBe('16');
    expect(resolveColourDepth('auto', tty({ TERM: 'xterm-kitty' }))).toBe('truecolor');
    expect(resolveColourDepth('auto', tty({ TERM: 'dumb' }))).toBe('none');
    expect(resolveColourDepth('auto', tty({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false))).toBe('none');
  });

  it('honours NO_COLOR over FORCE_COLOR, and --color over both', () => {
    const rich = { TERM: 'xterm-256color', COLORTERM: 'truecolor' };
    expect(resolveColourDepth('auto', tty({ ...rich, NO_COLOR: '1' }))).toBe('none');
    expect(resolveColourDepth('auto', tty({ ...rich, NO_COLOR: '1', FORCE_COLOR: '3' }))).toBe('none');
    expect(resolveColourDepth('auto', tty({ ...rich, NO_COLOR: '' }))).toBe('truecolor');
    expect(resolveColourDepth('256', tty({ ...rich, NO_COLOR: '1' }))).toBe('256');
    expect(resolveColourDepth('none', tty(rich))).toBe('none');
  });

  it('takes FORCE_COLOR as a floor when piped, raised by what the terminal advertises', () => {
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: '1' }, false))).toBe('16');
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: '' }, false))).toBe('16');
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: '2' }, false))).toBe('256');
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: '1', COLORTERM: 'truecolor' }, false))).toBe('truecolor');
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: '0', COLORTERM: 'truecolor' }))).toBe('none');
    expect(resolveColourDepth('auto', tty({ FORCE_COLOR: 'false' }))).toBe('none');
  });
});

describe('16-colour names across real palettes', () => {
  it('gives the chromatic Base16 slots their conventional terminal colour in most palettes', async () => {
    const { BASE16_DATA } = await import('../../themes/base16-data.js');
    const { toLab } = await import('../../src/colour/rgb.js');
    // base08 red, base0A yellow, base0B green, base0C cyan, base0D blue, base0E magenta (the base16-shell mapping).
    const conventional: Array<[number, number]> = [[8, 1], [10, 3], [11, 2], [12, 6], [13, 4], [14, 5]];
    let coloured = 0;
    let agreeing = 0;
    for (const palette of Object.values(BASE16_DATA)) {
      for (const [slot, ansi] of conventional) {
        const hex = palette.colours[slot];
        if (!hex || nearest16(hex) % 8 === 0 || nearest16(hex) % 8 === 7) continue; // greys: no hue to keep
        const [, a, b] = toLab(hex);
        if (Math.hypot(a, b) === 0) continue;
        coloured++;
        if (nearest16(hex) % 8 === ansi) agreeing++;
      }
    }
    expect(coloured).toBeGreaterThan(1400);
    expect(agreeing / coloured).toBeGreaterThan(0.72);
  });
});
