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
import { doc } from '../schema-docs.js';
import { colour } from './common.js';

const PASTEL_COLOURS: Record<(typeof PASTEL_VALUES)[number], string> = {
  Rosewater: 'Accent: a warm, pale pink.',
  Flamingo: 'Accent: a soft pink.',
  Pink: 'Accent: pink.',
  Mauve: 'Accent: purple.',
  Red: 'Accent: red.',
  Maroon: 'Accent: a light, dusky red.',
  Peach: 'Accent: orange.',
  Yellow: 'Accent: yellow.',
  Green: 'Accent: green.',
  Teal: 'Accent: teal.',
  Sky: 'Accent: light blue.',
  Sapphire: 'Accent: blue-green.',
  Blue: 'Accent: blue.',
  Lavender: 'Accent: blue-violet.',
  Text: 'The main text colour.',
  Subtext1: 'Secondary text, a step dimmer than Text.',
  Subtext0: 'Secondary text, two steps dimmer than Text.',
  Overlay2: 'Overlay, nearest the text.',
  Overlay1: 'Overlay, middle step.',
  Overlay0: 'Overlay, nearest the surfaces.',
  Surface2: 'Surface, the lightest step on a dark flavour.',
  Surface1: 'Surface, middle step.',
  Surface0: 'Surface, nearest the background.',
  Base: 'The background.',
  Mantle: 'A background a step darker (lighter on Latte) than Base.',
  Crust: 'The darkest (on Latte, lightest) background.',
};

const BASE16_SLOTS: Record<(typeof BASE16_VALUES)[number], string> = {
  Base00: 'Slot 00: the default background.',
  Base01: 'Slot 01: a lighter background (status bars, line numbers).',
  Base02: 'Slot 02: the selection background.',
  Base03: 'Slot 03: comments and dim text.',
  Base04: 'Slot 04: a dark foreground.',
  Base05: 'Slot 05: the default foreground.',
  Base06: 'Slot 06: a light foreground.',
  Base07: 'Slot 07: the lightest foreground or background.',
  Base08: 'Slot 08: red.',
  Base09: 'Slot 09: orange.',
  Base0A: 'Slot 0A: yellow.',
  Base0B: 'Slot 0B: green.',
  Base0C: 'Slot 0C: cyan.',
  Base0D: 'Slot 0D: blue.',
  Base0E: 'Slot 0E: magenta.',
  Base0F: 'Slot 0F: brown, or a second accent.',
};

export const pastelFlavour = once(() =>
  doc(names('a Pastel (Catppuccin) flavour', PASTEL_FLAVOURS), {
    id: 'PastelFlavour',
    description: 'Which of the four Pastel (Catppuccin) flavours.',
    values: {
      Frappe: 'Frappé: a muted dark flavour.',
      Latte: 'Latte: the light flavour.',
      Macchiato: 'Macchiato: a deeper dark flavour.',
      Mocha: 'Mocha: the darkest flavour.',
    },
  }));
export const pastelValue = once(() =>
  doc(names('a Pastel (Catppuccin) colour name', PASTEL_VALUES), {
    id: 'PastelColour',
    description: 'A colour of the Pastel palette, by name; its shade comes from the chosen flavour.',
    values: PASTEL_COLOURS,
  }));
export const base16Name = once(() =>
  doc(names('a Base16 palette name', BASE16_NAMES, { aliases: BASE16_REAL_NAMES }), {
    id: 'Base16Name',
    description: 'One of the 269 Base16 palettes; `tilebar themes` lists them with their colours.',
    values: Object.fromEntries(BASE16_NAMES.map((n) => [n, `The ${n} Base16 palette (see \`tilebar themes ${n}\`).`])),
  }));
export const base16Value = once(() =>
  doc(names('a Base16 colour slot', BASE16_VALUES), {
    id: 'Base16Slot',
    description: 'One of the 16 colour slots of a Base16 palette, Base00 to Base0F.',
    values: BASE16_SLOTS,
  }));

export const base16ColourPalette = once(() =>
  doc(
    z.strictObject(Object.fromEntries(BASE16_COLOUR_KEYS.map((k) => [k, colour()])) as Record<(typeof BASE16_COLOUR_KEYS)[number], ReturnType<typeof colour>>),
    {
      id: 'Base16Colours',
      description: 'Your own palette: a colour for each of the 16 Base16 slots, base_00 to base_0f.',
      properties: Object.fromEntries(
        BASE16_COLOUR_KEYS.map((k) => [k, `The colour of ${BASE16_SLOTS[`Base${k.slice(5).toUpperCase()}` as keyof typeof BASE16_SLOTS].replace(/:/, ',')}`]),
      ),
    },
  ));

/** The family tag: neutral `Pastel` and real `Catppuccin` are both accepted. */
const PASTEL_TAG = doc(z.literal(['Pastel', 'Catppuccin']), {
  id: 'PastelPalette',
  description: 'Which family of palettes the theme takes its colours from.',
  values: {
    Pastel: 'The Pastel family (Catppuccin): four flavours, chosen with "name".',
    Catppuccin: 'Another name for Pastel: the Catppuccin palettes, four flavours chosen with "name".',
  },
});

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

const THEME_COLOURS = {
  accent: 'The colour of the accent: a selected element, a highlight.',
  auto_select_fill: 'The fill behind a widget that a threshold selects (its auto_select_* keys); the accent when absent.',
  auto_select_text: 'The text colour of a widget that a threshold selects; the theme\'s background when absent.',
};

export const barTheme = once(() => {
  const option = <T extends z.ZodRawShape>(id: string, description: string, shape: T, name: string) =>
    doc(withMeta(z.strictObject(shape), { retiredKeys: TILER_THEME_KEYS }), { id, description, properties: { name, ...THEME_COLOURS } });
  return doc(
    z.discriminatedUnion('palette', [
      option('PastelTheme', 'Colours from one of the four Pastel (Catppuccin) flavours.', {
        palette: PASTEL_TAG,
        name: pastelFlavour(),
        accent: pastelValue().default('Blue'),
        auto_select_fill: pastelValue().optional(),
        auto_select_text: pastelValue().optional(),
      }, 'The flavour: Frappe, Latte, Macchiato or Mocha.'),
      option('Base16Theme', 'Colours from one of the 269 Base16 palettes.', {
        palette: doc(z.literal('Base16'), { description: 'Which family of palettes the theme takes its colours from.', values: { Base16: 'A Base16 palette, chosen with "name".' } }),
        name: base16Name(),
        accent: base16Value().default('Base0D'),
        auto_select_fill: base16Value().optional(),
        auto_select_text: base16Value().optional(),
      }, 'The palette\'s name, as `tilebar themes` lists it.'),
      option('CustomTheme', 'Your own 16 colours, used as a Base16 palette.', {
        palette: doc(z.literal('Custom'), { description: 'Which family of palettes the theme takes its colours from.', values: { Custom: 'Your own colours, given in "colours".' } }),
        colours: base16ColourPalette(),
        // The spec states `Blue`, which is not a Base16 slot; Base0D is the Base16 blue/accent slot.
        accent: base16Value().default('Base0D'),
        auto_select_fill: base16Value().optional(),
        auto_select_text: base16Value().optional(),
      }, ''),
    ]),
    { id: 'Theme', description: 'The bar\'s colours: a Pastel flavour, a Base16 palette or your own, chosen by "palette". Without it the bar uses the terminal\'s colours.' },
  );
});

const TILER_ROLES: Record<string, string> = {
  bar_accent: 'The bar\'s accent colour.',
  floating_border: 'The border of a floating window.',
  monocle_border: 'The border of a window in monocle (full-screen) mode.',
  single_border: 'The border of a focused window alone in its container.',
  stack_border: 'The border of a focused stack of windows.',
  stackbar_background: 'The background of the stack bar (the tabs of a stack).',
  stackbar_focused_text: 'The text of the focused tab in the stack bar.',
  stackbar_unfocused_text: 'The text of the other tabs in the stack bar.',
  unfocused_border: 'The border of an unfocused window.',
  unfocused_locked_border: 'The border of an unfocused, locked window.',
};

/** The window manager's theme: the palette plus border, stackbar and bar-accent roles. */
export const tilerTheme = once(() => {
  const roles = <T extends z.ZodType>(value: () => T, d: Record<string, string>) =>
    Object.fromEntries(Object.keys(TILER_ROLES).map((k) => [k, doc(value().optional().default(d[k] as never), TILER_ROLES[k] ?? '')])) as Record<
      keyof typeof TILER_ROLES,
      z.ZodDefault<z.ZodOptional<T>>
    >;
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
  const tag = (t: string) => doc(z.literal(t), { description: 'Which family of palettes.', values: { [t]: `The ${t} family.` } });
  return doc(
    z.discriminatedUnion('palette', [
      doc(
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
        { properties: { name: 'The Pastel flavour.' } },
      ),
      doc(z.strictObject({ palette: tag('Base16'), name: base16Name(), ...roles(base16Value, base16Defaults) }), { properties: { name: 'The Base16 palette.' } }),
      doc(z.strictObject({ palette: tag('Custom'), colours: base16ColourPalette(), ...roles(base16Value, base16Defaults) }), { properties: { colours: 'Your own 16 colours.' } }),
    ]),
    { id: 'TilerTheme', description: 'A theme for the window manager: a palette and the colour of each border and stack-bar part.' },
  );
});
