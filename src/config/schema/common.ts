/** Value types shared by several resources of the format. */
import * as z from 'zod';
import { float, i32, names, signedPixels, u32, uint, withMeta, once } from '../schema-kit.js';
import { doc } from '../schema-docs.js';
import { LAYOUT_VALUES } from '../layout-words.js';
import { DEFAULT_LAYOUTS, DISPLAY_FORMATS, LABEL_PREFIXES, WORKSPACES_DISPLAY_FORMATS } from '../vocabulary.js';

export { DEFAULT_LAYOUTS, DISPLAY_FORMATS, LABEL_PREFIXES, WORKSPACES_DISPLAY_FORMATS };

export const labelPrefix = once(() =>
  doc(names('a label prefix', LABEL_PREFIXES), {
    id: 'LabelPrefix',
    description: 'What stands before the widget\'s value: its icon, a short word ("CPU", "RAM"), both, or nothing.',
    values: {
      None: 'The value alone.',
      Icon: 'The widget\'s icon, then the value.',
      Text: 'A short word naming the widget, then the value.',
      IconAndText: 'The icon and the short word, then the value.',
    },
  }));
export type LabelPrefix = (typeof LABEL_PREFIXES)[number];

const DISPLAY_VALUES = {
  Icon: 'Icons only.',
  Text: 'Text only.',
  TextAndIconOnSelected: 'Text for every element, with its icon added on the selected one.',
  IconAndText: 'Icon and text for every element.',
  IconAndTextOnSelected: 'Icons for every element, with the text added on the selected one.',
};

export const displayFormat = once(() =>
  doc(names('a display format', DISPLAY_FORMATS), {
    id: 'DisplayFormat',
    description: 'How a part of the window-manager widget shows its elements: icons, text, or both.',
    values: DISPLAY_VALUES,
  }));
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];

export const workspacesDisplayFormat = once(() =>
  doc(names('a workspaces display format', WORKSPACES_DISPLAY_FORMATS), {
    id: 'WorkspacesDisplayFormat',
    description: 'How each workspace is shown: the icons of its windows, its name, or both.',
    values: {
      AllIcons: 'The icons of every window of each workspace, no names.',
      AllIconsAndText: 'The icons of every window and the name of each workspace.',
      AllIconsAndTextOnSelected: 'The icons of every window, with the name added on the focused workspace.',
      ...DISPLAY_VALUES,
    },
  }));
export type WorkspacesDisplayFormat = (typeof WORKSPACES_DISPLAY_FORMATS)[number];

export const defaultLayout = once(() =>
  doc(names('a layout', DEFAULT_LAYOUTS), { id: 'DefaultLayout', description: 'A tiling layout of the window manager.', values: LAYOUT_VALUES }));
export type DefaultLayout = (typeof DEFAULT_LAYOUTS)[number];

/** `{ "x": 10, "y": 10 }` */
export const position = once(() =>
  doc(z.strictObject({ x: doc(float(), 'Horizontal amount, in pixels.'), y: doc(float(), 'Vertical amount, in pixels.') }), {
    id: 'Position',
    description: 'A pair of pixel amounts, x and y.',
  }));

/** Rect: `right` is a width and `bottom` a height, both amounts, not coordinates. */
export const rect = once(() =>
  doc(
    z.strictObject({
      left: doc(i32(), 'Left edge, in pixels.'),
      top: doc(i32(), 'Top edge, in pixels.'),
      right: doc(i32(), 'Width from the left edge, in pixels (an amount, not a coordinate).'),
      bottom: doc(i32(), 'Height from the top edge, in pixels (an amount, not a coordinate).'),
    }),
    { id: 'Rect', description: 'A rectangle in pixels: its left and top edges, its width (`right`) and its height (`bottom`).' },
  ));

/** SpacingKind: one number, four sides, or `{horizontal, vertical}` each a number or a pair. */
export const spacing = once(() => {
  const pair = doc(z.union([signedPixels(), withMeta(z.tuple([signedPixels(), signedPixels()]), { expected: 'an array of 2 numbers' })]), {
    id: 'SpacingPair',
    description: 'Pixels on both sides alike, or a pair [first, second]: [left, right] for horizontal, [top, bottom] for vertical.',
    examples: [8, [4, 12]],
  });
  const side = (which: string) => doc(signedPixels().optional(), `Pixels on the ${which} side.`);
  return doc(withMeta(
    z.union([
      signedPixels(),
      withMeta(
        z.strictObject({ top: side('top'), bottom: side('bottom'), left: side('left'), right: side('right') }),
        {
          softRequired: {
            keys: ['top', 'bottom', 'left', 'right'],
            why: 'the four-sided form needs all of top, bottom, left and right; tilebar uses the default for the missing sides (the original bar ignores the whole object)',
          },
        },
      ),
      z.strictObject({
        horizontal: doc(pair.optional(), 'Pixels on the left and right: one number for both, or [left, right].'),
        vertical: doc(pair.optional(), 'Pixels on the top and bottom: one number for both, or [top, bottom].'),
      }),
    ]),
    {
      expected:
        'a number, {"top", "bottom", "left", "right"} or {"horizontal", "vertical"}',
    },
  ), {
    id: 'Spacing',
    description:
      'Space in pixels: one number for all four sides, {"top", "bottom", "left", "right"}, or {"horizontal", "vertical"}. A negative side counts as none.',
    examples: [10, { horizontal: 10, vertical: [2, 4] }],
  });
});

const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Colour: `"#rrggbb"` (also #rgb, #rgba, #rrggbbaa; alpha is ignored) or `{r, g, b}`. */
export const colour = once(() =>
    doc(
      withMeta(
        z.union([
          doc(withMeta(z.string().regex(HEX), { expected: 'a hex colour such as "#1e1e2e"' }), 'A hex colour: #rrggbb, #rgb, #rgba or #rrggbbaa (alpha is ignored).'),
          z.strictObject({
            r: doc(u32(), 'Red, 0–255.'),
            g: doc(u32(), 'Green, 0–255.'),
            b: doc(u32(), 'Blue, 0–255.'),
          }),
        ]),
        { expected: 'a colour: "#rrggbb" or {"r": 0, "g": 0, "b": 0}' },
      ),
      { id: 'Colour', description: 'A colour: "#rrggbb" (also #rgb, #rgba, #rrggbbaa; alpha is ignored) or {"r", "g", "b"}.', examples: ['#1e1e2e', { r: 30, g: 30, b: 46 }] },
    ));

/** A file-system path; `%VAR%`, `$Env:VAR`, `$VAR` and `~` are resolved where it is used. */
export const pathBuf = once(() =>
  doc(withMeta(z.string(), { expected: 'a path (a string)' }), {
    id: 'Path',
    description: 'A file path; %VAR%, $Env:VAR, $VAR and a leading ~ are replaced where it is used.',
  }));

export const monitorIndex = once(() => doc(uint(), { id: 'MonitorIndex', description: 'The window manager\'s number of a monitor, from 0.', examples: [0, 1] }));

