import { describe, expect, it } from 'vitest';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { clockWidgets, subscribeClockBoundaries } from '../../src/bar/clock-widgets.js';
import { Scheduler } from '../../src/scheduler/scheduler.js';
import { segmentText } from '../../widgets/view.js';
import { bar, load, model } from '../helpers.js';
import { FakeTimers } from './fake-timers.js';

function run(widgets: unknown[], startIso: string, seconds: number) {
  const timers = new FakeTimers(Date.parse(startIso));
  const scheduler = new Scheduler(timers);
  const m = model(load(bar(widgets)));
  const clocks = clockWidgets(m, BUILTIN_WIDGETS);
  // Each clock's text as its kind's view makes it at an instant.
  const textAt = (position: string, epochMs: number) => {
    const widget = m.right[Number(/\[(\d+)\]/.exec(position)?.[1])];
    const kind = widget && BUILTIN_WIDGETS.kind(widget.kind);
    if (!widget || !kind) throw new Error(`no clock at ${position}`);
    return kind.view(widget.config, { statuses: {}, clock: { epochMs, systemZone: 'UTC' }, rows: 1, variant: 'A', version: '0.1.0', icons: 'unicode' });
  };
  const changes: Array<{ at: string; text: string }> = [];
  const boundaries: string[] = [];
  const last = new Map<string, string>();
  // As the running bar does: on a boundary, format every clock once; only changed text reaches the screen.
  subscribeClockBoundaries(scheduler, clocks, (wall) => {
    boundaries.push(new Date(wall).toISOString().slice(11, 19));
    for (const w of clocks) {
      const text = `${w.position} ${segmentText(textAt(w.position, wall)[0]?.segments ?? [])}`;
      if (last.get(w.position) === text) continue;
      last.set(w.position, text);
      changes.push({ at: new Date(wall).toISOString().slice(11, 23), text });
    }
  });
  scheduler.start();
  return timers.advance(seconds * 1000).then(() => {
    scheduler.stop();
    return { changes, boundaries };
  });
}

describe('clock widgets on the heartbeat', () => {
  it('redraw a seconds format on every whole second, whatever the start offset', async () => {
    const { changes, boundaries } = await run([{ Time: { enable: true, format: 'TwentyFourHour', label_prefix: 'None' } }], '2024-09-08T09:05:03.400Z', 3);
    expect(changes).toEqual([
      { at: '09:05:04.000', text: 'right[0] 09:05:04' },
      { at: '09:05:05.000', text: 'right[0] 09:05:05' },
      { at: '09:05:06.000', text: 'right[0] 09:05:06' },
    ]);
    expect(boundaries).toEqual(['09:05:04', '09:05:05', '09:05:06']);
  });

  it('redraw a minutes format only on the minute, and a date only when the day changes', async () => {
    const { changes, boundaries } = await run(
      [
        { Time: { enable: true, format: 'TwentyFourHourWithoutSeconds', label_prefix: 'None' } },
        { Date: { enable: true, format: 'YearMonthDate', label_prefix: 'None' } },
      ],
      '2024-09-08T23:58:58.250Z',
      125,
    );
    expect(changes).toEqual([
      { at: '23:58:59.000', text: 'right[0] 23:58' },
      { at: '23:58:59.000', text: 'right[1] 2024-09-08' },
      { at: '23:59:00.000', text: 'right[0] 23:59' },
      { at: '00:00:00.000', text: 'right[0] 00:00' },
      { at: '00:00:00.000', text: 'right[1] 2024-09-09' },
      { at: '00:01:00.000', text: 'right[0] 00:01' },
    ]);
    // Without seconds in any format, the bar is woken on minutes only.
    expect(boundaries).toEqual(['23:58:59', '23:59:00', '00:00:00', '00:01:00']);
  });
});
