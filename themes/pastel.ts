/** The four Pastel (Catppuccin) flavours, read from the `@catppuccin/palette` package. */
import { flavors, type ColorName } from '@catppuccin/palette';
import { PASTEL_FLAVOURS, PASTEL_VALUES, type Base16Value, type PastelFlavour, type PastelValue } from '../src/config/names.js';
import type { Hex } from '../src/colour/rgb.js';

export interface PastelPalette {
  flavour: PastelFlavour;
  dark: boolean;
  colours: Readonly<Record<PastelValue, Hex>>;
}

const toKey = (flavour: PastelFlavour) => flavour.toLowerCase() as keyof typeof flavors;

function build(flavour: PastelFlavour): PastelPalette {
  const f = flavors[toKey(flavour)];
  const colours = Object.fromEntries(
    PASTEL_VALUES.map((v) => [v, f.colors[v.toLowerCase() as ColorName].hex as Hex]),
  ) as Record<PastelValue, Hex>;
  return { flavour, dark: f.dark, colours };
}

export const PASTEL_PALETTES: Readonly<Record<PastelFlavour, PastelPalette>> = Object.fromEntries(
  PASTEL_FLAVOURS.map((f) => [f, build(f)]),
) as Record<PastelFlavour, PastelPalette>;

/**
 * Catppuccin's own Base16 port (the `PastelMocha` … Base16 palettes): which named colour fills each slot.
 * Used to show a Pastel flavour as 16 swatches like every other palette.
 */
export const PASTEL_AS_BASE16: Readonly<Record<Base16Value, PastelValue>> = {
  Base00: 'Base',
  Base01: 'Mantle',
  Base02: 'Surface0',
  Base03: 'Surface1',
  Base04: 'Surface2',
  Base05: 'Text',
  Base06: 'Rosewater',
  Base07: 'Lavender',
  Base08: 'Red',
  Base09: 'Peach',
  Base0A: 'Yellow',
  Base0B: 'Green',
  Base0C: 'Teal',
  Base0D: 'Blue',
  Base0E: 'Mauve',
  Base0F: 'Flamingo',
};
