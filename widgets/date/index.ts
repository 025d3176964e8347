/** The Date kind: the date in a preset or strftime format, in a zone, from the clock. */
import { clockResolution } from '../../src/time/clock.js';
import { defineKind } from '../kind.js';
import { guardClock } from '../clock-guard.js';
import { normaliseDate, type DateModelConfig } from './model.js';
import { dateSchema, type DateConfig } from './schema.js';
import { dateFormatOf, dateView } from './view.js';

/** How often a format's text can change: 1 s with seconds in it, else a minute (zones move on minutes). */
const steps = new WeakMap<object, number>();
function stepOf(config: DateModelConfig): number {
  let step = steps.get(config);
  if (step === undefined) steps.set(config, (step = clockResolution(dateFormatOf(config).format) === 'second' ? 1000 : 60_000));
  return step;
}

export const date = defineKind<DateModelConfig, DateConfig>({
  name: 'Date',
  variants: ['A', 'B'],
  schema: dateSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: normaliseDate,
  guard: guardClock,
  clockStepMs: stepOf,
  view: (config, ctx) => dateView(config, ctx.clock, ctx.variant),
  // Formatted again only when its second or minute changes: a date shown all day costs one formatting a minute.
  inputs: (config, ctx) => [Math.floor(ctx.clock.epochMs / stepOf(config)), ctx.clock.systemZone],
});
