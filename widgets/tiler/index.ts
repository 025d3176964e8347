/** The Tiler kind (`Komorebi` in real files): the window manager's state, from the window-manager link. */
import { defineKind } from '../kind.js';
import { guardTiler, normaliseTiler, type TilerModel } from './model.js';
import { tilerSchema, type TilerConfig } from './schema.js';
import { tilerView } from './view.js';

export const tiler = defineKind<TilerModel, TilerConfig>({
  name: 'Tiler',
  aliases: ['Komorebi'],
  variants: ['A', 'B'],
  schema: tilerSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: normaliseTiler,
  // It has no `enable` of its own: each of its parts has one.
  enabled: () => true,
  guard: guardTiler,
  view: (config, ctx, place) => tilerView(config, ctx.tiler, ctx.tilerOptions, place?.firstOfKind ?? true),
  // The configuration switcher asks whether each file exists: asked again every ten seconds, not every frame.
  inputs: (_, ctx) => [ctx.tiler, ctx.tilerOptions?.pickerOpen, ctx.tilerOptions?.noManager, ctx.tilerOptions?.down, Math.floor(ctx.clock.epochMs / 10_000)],
});
