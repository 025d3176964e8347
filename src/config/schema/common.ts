/** Value types shared by several resources of the format. */
import * as z from 'zod';
import { float, i32, names, signedPixels, u32, uint, withMeta, once } from '../schema-kit.js';
import { DEFAULT_LAYOUTS, DISPLAY_FORMATS, LABEL_PREFIXES, WORKSPACES_DISPLAY_FORMATS } from '../vocabulary.js';

export { DEFAULT_LAYOUTS, DISPLAY_FORMATS, LABEL_PREFIXES, WORKSPACES_DISPLAY_FORMATS };

export const labelPrefix = once(() => names('a label prefix', LABEL_PREFIXES));
export type LabelPrefix = (typeof LABEL_PREFIXES)[number];

export const displayFormat = once(() => names('a display format', DISPLAY_FORMATS));
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];

export const workspacesDisplayFormat = once(() => names('a workspaces display format', WORKSPACES_DISPLAY_FORMATS));
export type WorkspacesDisplayFormat = (typeof WORKSPACES_DISPLAY_FORMATS)[number];

export const defaultLayout = once(() => names('a layout', DEFAULT_LAYOUTS));
export type DefaultLayout = (typeof DEFAULT_LAYOUTS)[number];

/** `{ "x": 10, "y": 10 }` */
export const position = once(() => z.strictObject({ x: float(), y: float() }));

/** Rect: `right` is a width and `bottom` a height, both amounts, not coordinates. */
export const rect = once(() => z.strictObject({ left: i32(), top: i32(), right: i32(), bottom: i32() }));

/** SpacingKind: one number, four sides, or `{horizontal, vertical}` each a number or a pair. */
export const spacing = once(() => {
  const pair = z.union([signedPixels(), withMeta(z.tuple([signedPixels(), signedPixels()]), { expected: 'an array of 2 numbers' })]);
  return withMeta(
    z.union([
      signedPixels(),
      withMeta(
        z.strictObject({ top: signedPixels().optional(), bottom: signedPixels().optional(), left: signedPixels().optional(), right: signedPixels().optional() }),
        {
          softRequired: {
            keys: ['top', 'bottom', 'left', 'right'],
            why: 'the four-sided form needs all of top, bottom, left and right; tilebar uses the default for the missing sides (the original bar ignores the whole object)',
          },
        },
      ),
      z.strictObject({ horizontal: pair.optional(), vertical: pair.optional() }),
    ]),
    {
      expected:
        'a number, {"top", "bottom", "left", "right"} or {"horizontal", "vertical"}',
    },
  );
});

const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Colour: `"#rrggbb"` (also #rgb, #rgba, #rrggbbaa; alpha is ignored) or `{r, g, b}`. */
export const colour = once(() =>
  withMeta(
    z.union([
      withMeta(z.string().regex(HEX), { expected: 'a hex colour such as "#1e1e2e"' }),
      z.strictObject({ r: u32(), g: u32(), b: u32() }),
    ]),
    { expected: 'a colour: "#rrggbb" or {"r": 0, "g": 0, "b": 0}' },
  ));

/** A file-system path; `%VAR%`, `$Env:VAR`, `$VAR` and `~` are resolved where it is used. */
export const pathBuf = once(() => withMeta(z.string(), { expected: 'a path (a string)' }));

export const monitorIndex = once(() => uint());

