import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const ESC = '\x1b';
const TTY_ENV = { TERM: 'xterm-256color', COLORTERM: 'truecolor' };

describe('tilebar themes', () => {
  it('lists the 273 palettes as plain columns when piped', async () => {
    const r = await cli(['themes']);
    expect(r.code).toBe(0);
    const rows = r.out.split('\n').filter((l) => /^(Pastel|Base16) /.test(l));
    expect(rows).toHaveLength(273);
    expect(r.out).not.toContain(ESC);
    expect(rows.find((l) => l.includes(' Forge '))).toMatch(/^Base16 +Forge +Github +light$/);
    expect(rows[3]).toMatch(/^Pastel +Pastel\/Mocha +Catppuccin\/Mocha +dark$/);
    expect(r.out).toContain('273 palettes: 4 Pastel, 269 Base16');
  });

  it('suggests the palette a name missed by a slip: two letters swapped, one left out', async () => {
    const swapped = await cli(['themes', 'Mocah']);
    expect(swapped.code).toBe(2);
    expect(swapped.err).toBe('tilebar: no palette named "Mocah"; did you mean "Mocha"?\n(list them all with: tilebar themes)\n');
    expect((await cli(['themes', 'Pastel/Mocah'])).err).toContain('did you mean "Pastel/Mocha"?');
    expect((await cli(['themes', 'Ashs'])).err).toContain('did you mean "Ashes"?');
  });

  it('adds a 16-colour swatch to every row in a terminal', async () => {
    const r = await cli(['themes'], TTY_ENV, process.cwd(), true);
    const ashes = r.out.split('\n').find((l) => / Ashes /.test(l)) ?? '';
    expect(ashes.match(/\x1b\[48;2;/g)).toHaveLength(16);
    expect(ashes).toContain(`${ESC}[48;2;28;32;35m ${ESC}[0m`); // base00 #1c2023
  });

  it('prints no escape sequence at all under NO_COLOR, even in a terminal with FORCE_COLOR', async () => {
    for (const argv of [['themes'], ['themes', 'Ashes'], ['themes', 'Pastel/Mocha']]) {
      const r = await cli(argv, { ...TTY_ENV, NO_COLOR: '1', FORCE_COLOR: '3' }, process.cwd(), true);
      expect(r.code).toBe(0);
      expect(r.out).not.toContain(ESC);
    }
  });

  it('shows a Base16 palette with its colours and the role mapping', async () => {
    const r = await cli(['themes', 'Ashes']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Ashes: "Ashes" by Jannik Siebert');
    expect(r.out).toMatch(/base01 #393f45/);
    expect(r.out).toMatch(/background +#393f45 +Base16 base01/);
    expect(r.out).toMatch(/accent +#ae95c7 +Base16 base0D/);
    expect(r.out).toMatch(/selectedFill +#565e65 +Base16 base02/);
    expect(r.out).toContain('transparency_alpha 200 (the default) over the theme\'s base #1c2023: bar #33383e');
    expect(r.out).toContain('Use it: "theme": { "palette": "Base16", "name": "Ashes" }');
  });

  it('shows a Pastel flavour by Pastel/NAME or Catppuccin/NAME with its 26 colours', async () => {
    const a = await cli(['themes', 'Pastel/Mocha']);
    const b = await cli(['themes', 'Catppuccin', 'Mocha']);
    expect(a.out).toBe(b.out);
    expect(a.out).toMatch(/Blue +#89b4fa/);
    expect(a.out).toMatch(/Crust +#11111b/);
    expect(a.out).toMatch(/selectedFill +#333c57 +Pastel Blue × 0.2 over Base/);
    expect(a.out).toContain('"theme": { "palette": "Pastel", "name": "Mocha" }');
  });

  it('paints the detail at the chosen depth, over the given terminal background', async () => {
    const r = await cli(['themes', 'GruvboxDarkHard', '--color', '256', '--terminal-bg', '#000000']);
    expect(r.out).toContain(`${ESC}[48;5;`);
    expect(r.out).not.toContain('48;2;');
    expect(r.out).toContain('over --terminal-bg #000000: bar #2f2c2a');
    const sixteen = await cli(['themes', 'GruvboxDarkHard', '--color', '16']);
    expect(sixteen.out).toMatch(/\x1b\[(4[0-7]|10[0-7])m/);
    expect(sixteen.out).not.toContain('48;5;');
  });

  it('gives data with --json', async () => {
    const list = JSON.parse((await cli(['themes', '--json'])).out) as Array<{ id: string; colours: Record<string, string> }>;
    expect(list).toHaveLength(273);
    expect(list.find((p) => p.id === 'TokyoNightDark')?.colours.base0D).toBe('#2ac3de');
    const one = JSON.parse((await cli(['themes', 'GoogleLight', '--json'])).out) as { id: string; roles: Record<string, { colour: string; from: string }> };
    expect(one.id).toBe('SearchLight');
    expect(one.roles.background).toEqual({ colour: '#e0e0e0', from: 'Base16 base01' });
  });

  it('suggests names for a misspelt palette and exits 2', async () => {
    const r = await cli(['themes', 'Gruvbox-Dark-Hardd']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no palette named "Gruvbox-Dark-Hardd"; did you mean "GruvboxDarkHard"');
    const prefix = await cli(['themes', 'tokyo']);
    expect(prefix.err).toContain('"TokyoCityDark"');
    const bad = await cli(['themes', '--color', 'rainbow']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--color must be auto, truecolor, 256, 16 or none, not "rainbow"');
  });

  it('honours NO_COLOR in the built binary', async () => {
    const run = promisify(execFile);
    const env = childEnv({ ...TTY_ENV, NO_COLOR: '1', FORCE_COLOR: '3' });
    const r = await run(process.execPath, tilebarArgs('themes', 'Ashes'), { env });
    expect(r.stdout).toContain('background');
    expect(r.stdout).not.toContain(ESC);
    const forced = await run(process.execPath, tilebarArgs('themes', 'Ashes'), { env: { ...env, NO_COLOR: '' } });
    expect(forced.stdout).toContain(`${ESC}[48;2;57;63;69m`);
  });
});
