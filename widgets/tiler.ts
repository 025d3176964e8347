/** Tiler (`Komorebi`) widget: the window manager's state in six sub-widgets. */
import * as z from 'zod';
import { names, withMeta, once } from '../src/config/schema-kit.js';
import {
  DEFAULT_LAYOUTS,
  displayFormat,
  pathBuf,
  workspacesDisplayFormat,
} from '../src/config/schema/common.js';
import { enable } from '../src/config/schema/widget-fields.js';

import { TILER_LAYOUTS, type TilerLayout } from '../src/config/vocabulary.js';

export { TILER_LAYOUTS, type TilerLayout };

/** The picker's options when `layout.options` is not given (as the original: no Scrolling or Custom). */
export const DEFAULT_LAYOUT_OPTIONS: TilerLayout[] = [
  'BSP',
  'Columns',
  'Rows',
  'VerticalStack',
  'RightMainVerticalStack',
  'HorizontalStack',
  'UltrawideVerticalStack',
  'Grid',
  'Monocle',
  'Floating',
  'Paused',
];

/** A layout option is a string; the `{"Default": "BSP"}` form that one schema advertised is accepted with a note. */
export const tilerLayout = once(() =>
  withMeta(
    z.union([
      names('a layout', TILER_LAYOUTS),
      withMeta(
        z.strictObject({ Default: names('a layout', DEFAULT_LAYOUTS) }).transform((o) => o.Default),
        {
          legacyShape: {
            note: 'a layout option is written as a plain string; {"Default": ...} is accepted',
            rewrite: (v) => (v as { Default: string }).Default,
          },
        },
      ),
    ]),
    { expected: `a layout name: ${TILER_LAYOUTS.map((l) => `"${l}"`).join(', ')}` },
  ));

export const tilerConfig = once(() =>
  withMeta(
    z.strictObject({
      configuration_switcher: z
        .strictObject({
          enable: enable(),
          /** Display name → path of a window-manager configuration file. */
          configurations: z.record(z.string(), pathBuf()),
        })
        .optional(),
      focused_container: z
        .strictObject({
          enable: enable(),
          display: displayFormat().optional(),
          /** Deprecated: used only without `display` (true → IconAndText, else Text). */
          show_icon: z.boolean().optional(),
        })
        .optional(),
      layout: z
        .strictObject({
          enable: enable(),
          display: displayFormat().default('IconAndText'),
          options: z.array(tilerLayout()).default(DEFAULT_LAYOUT_OPTIONS),
        })
        .optional(),
      locked_container: z
        .strictObject({
          enable: enable(),
          display: displayFormat().default('Text'),
          show_when_unlocked: z.boolean().default(false),
        })
        .optional(),
      workspace_layer: z
        .strictObject({
          enable: enable(),
          display: displayFormat().default('Text'),
          show_when_tiling: z.boolean().default(false),
        })
        .optional(),
      workspaces: z
        .strictObject({
          enable: enable(),
          // Without it, nothing is hidden: what `--fix` adds.
          hide_empty_workspaces: withMeta(z.boolean(), { fill: false }),
          display: workspacesDisplayFormat().default('Text'),
        })
        .optional(),
    }),
    { keyAliases: { focused_window: 'focused_container' } },
  ));
export type TilerConfig = z.output<ReturnType<typeof tilerConfig>>;
