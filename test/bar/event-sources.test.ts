/**
 * The media and keyboard sources shared by several bars (src/bar/event-sources.ts): one of each for all the bars
 * that show its widget, each bar's store told of its changes, stopped when the last bar that wants it goes — also
 * when that happens while the source is still starting (its session bus being connected).
 */
import { describe, expect, it } from 'vitest';
import { EventSources, type EventChange } from '../../src/bar/event-sources.js';
import type { MediaSource } from '../../src/media/mpris.js';
import { load, model } from '../helpers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';

const withMedia = model(load({ left_widgets: [{ Media: { enable: true } }], right_widgets: [] }));
const without = model(load({ left_widgets: [], right_widgets: [] }));

/** A media source whose start waits until the test lets it finish. */
function slowMedia() {
  const state = { starts: 0, closes: 0, finish: () => undefined as void };
  const start = (): Promise<MediaSource> =>
    new Promise((resolve) => {
      state.starts++;
      state.finish = () => resolve({ control: () => undefined, close: () => void state.closes++ });
    });
  return { state, start };
}

describe('EventSources shared by several bars', () => {
  it('one media source for two bars; each told what plays; it stops when neither wants it', async () => {
    let play: ((title: string) => void) | undefined;
    let closes = 0;
    let starts = 0;
    const sources = new EventSources({
      env: {},
      platform: 'linux',
      timers: new FakeTimers(),
      log: () => undefined,
      startMedia: async (onStatus) => {
        starts++;
        play = (title) => onStatus({ player: { id: 'p', status: 'Playing', artist: 'a', title, canGoNext: false, canGoPrevious: false, changedAt: 0 } });
        return { control: () => undefined, close: () => void closes++ };
      },
    });
    const seen: EventChange[][] = [[], []];
    const [one, two] = seen.map((changes) => sources.join((c) => changes.push(c)));
    await one!.apply(withMedia);
    await two!.apply(withMedia);
    play?.('a song');
    expect(starts).toBe(1);
    expect(seen.map((changes) => changes.at(-1)?.media?.player?.title)).toEqual(['a song', 'a song']);
    await two!.apply(without);
    expect(sources.running().media).toBe(true);
    await one!.leave();
    expect({ running: sources.running().media, closes }).toEqual({ running: false, closes: 1 });
  });

  it('the last bar that wants it leaving while it starts: it is closed as soon as it started, and the leave waits for that', async () => {
    const media = slowMedia();
    const sources = new EventSources({ env: {}, platform: 'linux', timers: new FakeTimers(), log: () => undefined, startMedia: media.start });
    const bar = sources.join(() => undefined);
    void bar.apply(withMedia);
    await Promise.resolve();
    expect(media.state.starts).toBe(1);
    let left = false;
    const leaving = bar.leave().then(() => (left = true));
    await Promise.resolve();
    expect(left).toBe(false);
    media.state.finish();
    await leaving;
    expect({ closes: media.state.closes, running: sources.running().media }).toEqual({ closes: 1, running: false });
  });
});
