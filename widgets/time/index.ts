/** The Time kind: the time in a preset, strftime or binary format, in a zone, from the clock. */
import { clockResolution } from '../../src/time/clock.js';
import { guardClock } from '../clock-guard.js';
import { defineKind } from '../kind.js';
import { normaliseTime, type TimeModelConfig } from './model.js';
import { timeSchema, type TimeConfig } from './schema.js';
import { timeFormatOf, timeView } from './view.js';

/** 1 s for formats with seconds and the binary clocks, else a minute (icons and zones move on minutes). */
const steps = new WeakMap<object, number>();
function stepOf(config: TimeModelConfig): number {
  let step = steps.get(config);
  if (step === undefined) {
    const format = timeFormatOf(config);
    steps.set(config, (step = format === undefined || clockResolution(format) === 'second' ? 1000 : 60_000));
  }
  return step;
}

export const time = defineKind<TimeModelConfig, TimeConfig>({
  name: 'Time',
  variants: ['A', 'B'],
  schema: timeSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  normalise: normaliseTime,
  guard: guardClock,
  clockStepMs: stepOf,
  view: (config, ctx) => timeView(config, ctx.clock, ctx.rows),
  inputs: (config, ctx) => [Math.floor(ctx.clock.epochMs / stepOf(config)), ctx.clock.systemZone, ctx.rows],
});
