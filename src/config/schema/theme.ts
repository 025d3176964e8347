/** KomobarTheme (the bar's `theme`) and TilerTheme (the window manager's theme message payload). */
import * as z from 'zod';
import {
  BASE16_COLOUR_KEYS,
  BASE16_NAMES,
  BASE16_REAL_NAMES,
  BASE16_VALUES,
  PASTEL_FLAVOURS,
  PASTEL_VALUES,
} from '../names.js';
import { names, withMeta, once } from '../schema-kit.js';
import { colour } from './common.js';

export const pastelFlavour = once(() => names('a Pastel (Catppuccin) flavour', PASTEL_FLAVOURS));
export const pastelValue = once(() => names('a Pastel (Catppuccin) colour name', PASTEL_VALUES));
export const base16Name = once(() => names('a Base16 palette name', BASE16_NAMES, { aliases: BASE16_REAL_NAMES }));
export const base16Value = once(() => names('a Base16 colour slot', BASE16_VALUES));

export const base16ColourPalette = once(() =>
  z.strictObject(Object.fromEntries(BASE16_COLOUR_KEYS.map((k) => [k, colour()])) as Record<
    (typeof BASE16_COLOUR_KEYS)[number],
    ReturnType<typeof colour>
  >));

/** The family tag: neutral `Pastel` and real `Catppuccin` are both accepted. */
const PASTEL_TAG = z.literal(['Pastel', 'Catppuccin']);

/** Keys of the window manager's theme that people copy into the bar's theme. */
const TILER_THEME_KEYS = {
  bar_accent: 'in the bar\'s theme the accent colour is "accent"',
  ...Object.fromEntries(
    [
      'single_border',
      'stack_border',
      'monocle_border',
      'floating_border',
      'unfocused_border',
      'unfocused_locked_border',
      'stackbar_focused_text',
      'stackbar_unfocused_text',
      'stackbar_background',
    ].map((k) => [k, 'this is a key of the window manager\'s theme (komorebi.json), not of the bar\'s']),
  ),
};

export const barTheme = once(() => {
  const option = <T extends z.ZodRawShape>(shape: T) => withMeta(z.strictObject(shape), { retiredKeys: TILER_THEME_KEYS });
  return z.discriminatedUnion('palette', [
    option({
      palette: PASTEL_TAG,
      name: pastelFlavour(),
      accent: pastelValue().default('Blue'),
      auto_select_fill: pastelValue().optional(),
      auto_select_text: pastelValue().optional(),
    }),
    option({
      palette: z.literal('Base16'),
      name: base16Name(),
      accent: base16Value().default('Base0D'),
      auto_select_fill: base16Value().optional(),
      auto_select_text: base16Value().optional(),
    }),
    option({
      palette: z.literal('Custom'),
      colours: base16ColourPalette(),
      // The spec states `Blue`, which is not a Base16 slot; Base0D is the Base16 blue/accent slot.
      accent: base16Value().default('Base0D'),
      auto_select_fill: base16Value().optional(),
      auto_select_text: base16Value().optional(),
    }),
  ]);
});

/** The window manager's theme: the palette plus border, stackbar and bar-accent roles. */
export const tilerTheme = once(() => {
  const roles = <T extends z.ZodType>(value: () => T, d: Record<string, string>) => ({
    bar_accent: value().optional().default(d.bar_accent as never),
    floating_border: value().optional().default(d.floating_border as never),
    monocle_border: value().optional().default(d.monocle_border as never),
    single_border: value().optional().default(d.single_border as never),
    stack_border: value().optional().default(d.stack_border as never),
    stackbar_background: value().optional().default(d.stackbar_background as never),
    stackbar_focused_text: value().optional().default(d.stackbar_focused_text as never),
    stackbar_unfocused_text: value().optional().default(d.stackbar_unfocused_text as never),
    unfocused_border: value().optional().default(d.unfocused_border as never),
    unfocused_locked_border: value().optional().default(d.unfocused_locked_border as never),
  });
  const base16Defaults = {
    bar_accent: 'Base0D',
    floating_border: 'Base09',
    monocle_border: 'Base0F',
    single_border: 'Base0D',
    stack_border: 'Base0B',
    stackbar_background: 'Base01',
    stackbar_focused_text: 'Base0B',
    stackbar_unfocused_text: 'Base05',
    unfocused_border: 'Base01',
    unfocused_locked_border: 'Base08',
  };
  return z.discriminatedUnion('palette', [
    z.strictObject({
      palette: PASTEL_TAG,
      name: pastelFlavour(),
      ...roles(pastelValue, {
        bar_accent: 'Blue',
        floating_border: 'Yellow',
        monocle_border: 'Pink',
        single_border: 'Blue',
        stack_border: 'Green',
        stackbar_background: 'Base',
        stackbar_focused_text: 'Green',
        stackbar_unfocused_text: 'Text',
        unfocused_border: 'Base',
        unfocused_locked_border: 'Red',
      }),
    }),
    z.strictObject({ palette: z.literal('Base16'), name: base16Name(), ...roles(base16Value, base16Defaults) }),
    z.strictObject({ palette: z.literal('Custom'), colours: base16ColourPalette(), ...roles(base16Value, base16Defaults) }),
  ]);
});
