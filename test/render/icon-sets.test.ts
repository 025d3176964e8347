/** Which icon set a bar uses, and that each draws only what its fonts have: no tofu, `ascii` all ASCII. */
import { readFileSync } from 'node:fs';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseIconSet, textForSet } from '../../src/render/icons.js';
import { rows } from './helpers.js';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import { load, model } from '../helpers.js';

const example = readFileSync(join(process.cwd(), 'config.example.json'), 'utf8');
const PRIVATE_USE = /[\ue000-\uf8ff]/u;

const LONG_MESSAGE = 'config error: a message that is far too long to fit in what remains of the bar, so it is cut';

/** The example's frame at 200 columns; with a message (none: null), the sides give it room (the launcher may give way). */
function frame(text: string, icons: 'nerd' | 'unicode' | 'ascii', height: number, message: string | null = LONG_MESSAGE, extra: Record<string, unknown> = {}) {
  const m = { ...model(load(text)), ...extra };
  const readings = simulatedReadings(['cpu=95', 'memory=40', 'storage./=71', 'network.received=1MiB', 'network.transmitted=96KiB', 'network.interface=wlan0', 'battery=64', 'update=9.0.0'], BUILTIN_WIDGETS.simulations);
  const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
  return rows(layoutFor(m as never, appearanceOf(m as never, { icons }), { statuses, clock: { epochMs: Date.parse('2024-09-08T09:05:03Z'), systemZone: 'UTC' } }, { width: 200, height }, '0.1.0', message ?? undefined));
}

describe('the icon set', () => {
  it('is --icons, else $TILEBAR_ICONS, else nerd only in terminals that bundle Nerd Font symbols, else unicode', () => {
    expect(chooseIconSet('ascii', { TILEBAR_ICONS: 'nerd' }, true).set).toBe('ascii');
    expect(chooseIconSet(undefined, { TILEBAR_ICONS: 'Nerd' }, false).set).toBe('nerd');
    expect(chooseIconSet(undefined, { TERM_PROGRAM: 'WezTerm' }, true).set).toBe('nerd');
    expect(chooseIconSet(undefined, { KITTY_WINDOW_ID: '1' }, true).set).toBe('nerd');
    // A preview looks the same everywhere: the terminal does not decide it.
    expect(chooseIconSet(undefined, { TERM_PROGRAM: 'WezTerm' }, false).set).toBe('unicode');
    // The example config names a Nerd Font; that is the original bar's window font, not this terminal's.
    expect(chooseIconSet(undefined, { TERM: 'xterm-256color' }, true)).toEqual({ set: 'unicode', why: 'the default (set TILEBAR_ICONS=nerd with a Nerd Font)' });
  });

  it('draws no Nerd Font glyph without a Nerd Font: the launcher shows names, glyph-only names become ?', () => {
    for (const icons of ['unicode', 'ascii'] as const) {
      expect(frame(example, icons, 1).join('\n')).not.toMatch(PRIVATE_USE);
      const shown = frame(example, icons, 1, null).join('\n');
      expect(shown).not.toMatch(PRIVATE_USE);
      expect(shown).toContain('Terminal');
      expect(shown).toContain('Browser');
    }
    expect(frame(example, 'nerd', 1, null).join('\n')).toContain('\uf120');
    expect(textForSet('\uf269', 'unicode')).toBe('?');
    expect(textForSet('\uf269 web', 'unicode')).toBe(' web');
  });

  it('is ASCII through and through with --icons ascii: frames, shades, the ellipsis and the binary clock', () => {
    const tall = example
      .replace('"grouping": { "kind": "Widget", "style": "Default", "rounding": 8, "transparency_alpha": 200 }', '"grouping": { "kind": "Widget", "style": "DefaultWithShadowB4O0S3", "rounding": 8 }')
      .replace('"format": "TwentyFourHour"', '"format": "BinaryCircle"');
    for (const height of [1, 3, 4]) {
      const shown = frame(tall, 'ascii', height);
      for (const line of shown) expect(line, JSON.stringify(line)).toMatch(/^[\x20-\x7e]*$/);
    }
    // The compact binary clock (braille in unicode) shows its pairs as digits: 09:05:03 in London is 10:05:03.
    expect(frame(tall, 'ascii', 1).join('')).toContain('10 05 03');
    expect(frame(tall, 'unicode', 3).join('')).toMatch(/[╭░]/);
  });
});
