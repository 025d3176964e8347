/** Tiler widget (`Komorebi` in real files): the window manager's workspaces, layout, containers and configurations. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { TILER_LAYOUTS, type TilerLayout } from '../../src/config/vocabulary.js';

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

export const tilerSchema = (k: SchemaKit) => {
  const { z } = k;
  const layoutName = k.withMeta(
    z.union([
      k.names('a layout', TILER_LAYOUTS),
      k.withMeta(
        z.strictObject({ Default: k.defaultLayout() }).transform((o) => o.Default),
        {
          legacyShape: {
            note: 'a layout option is written as a plain string; {"Default": ...} is accepted',
            rewrite: (v) => (v as { Default: string }).Default,
          },
        },
      ),
    ]),
    { expected: `a layout name: ${TILER_LAYOUTS.map((l) => `"${l}"`).join(', ')}` },
  );
  return k.withMeta(
    z.strictObject({
      configuration_switcher: z.strictObject({ enable: k.enable(), configurations: z.record(z.string(), k.pathBuf()) }).optional(),
      focused_container: z.strictObject({ enable: k.enable(), display: k.displayFormat().optional(), show_icon: z.boolean().optional() }).optional(),
      layout: z
        .strictObject({
          enable: k.enable(),
          display: k.displayFormat().default('IconAndText'),
          options: z.array(layoutName).default(DEFAULT_LAYOUT_OPTIONS),
        })
        .optional(),
      locked_container: z
        .strictObject({ enable: k.enable(), display: k.displayFormat().default('Text'), show_when_unlocked: z.boolean().default(false) })
        .optional(),
      workspace_layer: z
        .strictObject({ enable: k.enable(), display: k.displayFormat().default('Text'), show_when_tiling: z.boolean().default(false) })
        .optional(),
      workspaces: z
        .strictObject({
          enable: k.enable(),
          // Without it, nothing is hidden: what `--fix` adds.
          hide_empty_workspaces: k.withMeta(z.boolean(), { fill: false }),
          display: k.workspacesDisplayFormat().default('Text'),
        })
        .optional(),
    }),
    { keyAliases: { focused_window: 'focused_container' } },
  );
};
export type TilerConfig = z.output<ReturnType<typeof tilerSchema>>;
