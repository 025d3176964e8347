/**
 * The user's core (src/serve/hub.ts): one live bar per distinct config, all of them over one scheduler, one window
 * manager connection, one media and one keyboard source. What is asserted is what the machine and the user would
 * notice: how often a source is read however many front ends show it, how many connections to the window manager
 * and media players are open, what each bar's front ends show, and that nothing goes on running for a bar nobody
 * shows any more (after the grace a restarting feed gets).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LiveBar, LiveBarSettings } from '../../src/app/live-bar.js';
import type { BarHandle } from '../../src/serve/hub.js';
import type { TilerState } from '../../src/tiler/state.js';
import { asciiLook } from '../app/live-bar-harness.js';
import { startHub, type StartedHub } from './hub-harness.js';

const GRACE_MS = 5000;
const cpu = { Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } };
const memory = { Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } };
const update = { Update: { enable: true } };
const media = { Media: { enable: true, display: 'IconAndControls' } };
const keyboard = { Keyboard: { enable: true, data_refresh_interval: 1, label_prefix: 'Text' } };
const workspaces = { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } };
const bar = (...right: object[]) => ({ left_widgets: [], right_widgets: right });

/** What a front end of `b` shows: its view's snapshot (a new view each time: it reads the core's latest). */
const shown = (b: LiveBar) => {
  const view = b.openView({ appearance: asciiLook, size: { width: 160, height: 1 } });
  const snapshot = view.getSnapshot();
  view.close();
  return snapshot;
};
const sourceNames = (h: StartedHub) => h.hub.status().sources.map((s) => s.name).sort();

/** A window manager's state: one monitor with the workspaces named. */
const tilerState = (names: readonly string[]): TilerState => ({
  monitorIndex: 0,
  workspaces: names.map((name, index) => ({ index, name, focused: index === 0, empty: false, focusedWindows: [], allWindows: [], id: index + 1 })),
  focusedWorkspace: 0,
  layout: 'BSP',
  layer: 'Tiling',
  manager: 'hyprland',
});

/** Lets every bar released go: past the grace, and the bars' closing (their file watches) done. */
async function pastTheGrace(h: StartedHub): Promise<void> {
  await h.timers.advance(GRACE_MS + 1000);
  await h.hub.settled();
}

describe('the hub: each source read once for every bar', () => {
  it('4 front ends over 2 configs that both show the CPU each second: the CPU read once a second, the memory only while its bar is shown', async () => {
    const h = await startHub();
    const a = await h.config('a.json', bar(cpu));
    const b = await h.config('b.json', bar(cpu, memory));
    const [a1, a2, b1, b2] = await Promise.all([h.hub.open(a), h.hub.open(a), h.hub.open(b), h.hub.open(b)]);
    expect(h.hub.status().bars.map((x) => x.users)).toEqual([2, 2]);
    h.readers.reset();
    await h.timers.advance(10_000);
    // One read per second for all four, not one per bar (20) or per front end (40).
    expect(h.readers.count('cpu')).toBe(10);
    expect(h.readers.count('memory')).toBe(10);
    expect(shown(a1!.bar).statuses.cpu?.reading).toEqual({ percent: 12 });
    expect(shown(b1!.bar).statuses.memory?.reading).toBeDefined();

    b1!.release();
    b2!.release();
    await pastTheGrace(h);
    expect(sourceNames(h)).toEqual(['cpu']);
    expect(h.hub.status().bars.map((x) => x.configPath)).toEqual([a.configPath]);
    h.readers.reset();
    await h.timers.advance(10_000);
    expect(h.readers.count('memory')).toBe(0);
    expect(h.readers.count('cpu')).toBe(10);
    expect(a2!.bar).toBe(a1!.bar);
  });

  it('a status report names each source polled, its interval, how many bars read it and its last outcome', async () => {
    const h = await startHub();
    await h.hub.open(await h.config('a.json', bar(cpu)));
    await h.hub.open(await h.config('b.json', bar(cpu, memory)));
    await h.timers.advance(1000);
    const sources = h.hub.status().sources.sort((x, y) => x.name.localeCompare(y.name));
    expect(sources.map(({ name, intervalMs, subscribers, last }) => ({ name, intervalMs, subscribers, ok: last?.ok }))).toEqual([
      { name: 'cpu', intervalMs: 1000, subscribers: 2, ok: true },
      { name: 'memory', intervalMs: 1000, subscribers: 1, ok: true },
    ]);
  });

  it('two update URLs are two update sources, each read by its own reader; one URL is one source', async () => {
    const h = await startHub();
    const a = await h.config('a.json', bar(update));
    const b = await h.config('b.json', bar(update, cpu));
    await h.hub.open(a, { updateUrl: 'https://one.example/' });
    await h.hub.open(a, { updateUrl: 'https://two.example/' });
    await h.hub.open(b, { updateUrl: 'https://one.example/' });
    await h.timers.advance(1000);
    expect(h.hub.status().bars).toHaveLength(3);
    expect(sourceNames(h)).toEqual(['cpu', 'update', 'update']);
    expect(h.readers.count('update https://one.example/')).toBe(1);
    expect(h.readers.count('update https://two.example/')).toBe(1);
    // The bar with the second URL shares the CPU's poll with the others all the same.
    expect(h.hub.status().sources.find((s) => s.name === 'cpu')?.subscribers).toBe(1);
  });
});

describe('the hub: one window manager connection, media and keyboard source for every bar', () => {
  it('two bars with Tiler widgets: the manager subscribed once, both bars show its state, closed when both are released', async () => {
    const h = await startHub();
    const one = await h.hub.open(await h.config('a.json', { left_widgets: [workspaces], right_widgets: [cpu] }));
    const two = await h.hub.open(await h.config('b.json', { left_widgets: [workspaces], right_widgets: [] }));
    await h.until(() => h.peer.events !== undefined, 'the window manager subscribed');
    h.peer.show(tilerState(['mail', 'web']));
    await h.until(() => shown(one.bar).tiler !== undefined && shown(two.bar).tiler !== undefined, 'both bars showing the workspaces');
    expect(shown(two.bar).tiler?.workspaces.map((w) => w.name)).toEqual(['mail', 'web']);
    expect(h.peer.starts).toBe(1);
    expect(h.hub.status().windowManagers).toBe(1);

    one.release();
    await pastTheGrace(h);
    expect(h.peer.closes).toBe(0);
    two.release();
    await pastTheGrace(h);
    expect(h.peer.closes).toBe(1);
    expect(h.peer.starts).toBe(1);
    expect(h.hub.status().windowManagers).toBe(0);
  });

  it('a bar opened after the manager answered shows its state at once, and its clicks reach the manager', async () => {
    const h = await startHub();
    await h.hub.open(await h.config('a.json', { left_widgets: [workspaces], right_widgets: [] }));
    await h.until(() => h.peer.events !== undefined, 'the window manager subscribed');
    h.peer.show(tilerState(['mail', 'web']));
    const late = await h.hub.open(await h.config('b.json', { left_widgets: [workspaces], right_widgets: [cpu] }));
    await h.until(() => shown(late.bar).tiler !== undefined, 'the late bar showing the workspaces');
    late.bar.act({ kind: 'messages', messages: [{ type: 'FocusWorkspaceNumber', content: 1 }] });
    await h.until(() => h.peer.sent.length > 0, 'the message sent');
    expect(h.peer.starts).toBe(1);
  });

  it('two bars with Media: one player source; both show what plays; a control from either reaches it; stopped when neither is shown', async () => {
    const h = await startHub();
    const one = await h.hub.open(await h.config('a.json', bar(media, cpu)));
    const two = await h.hub.open(await h.config('b.json', bar(media)));
    await h.until(() => h.media.running, 'the media source started');
    h.media.play('a song');
    await h.until(() => shown(one.bar).media?.player?.title === 'a song' && shown(two.bar).media?.player?.title === 'a song', 'both bars showing the song');
    expect(h.media.starts).toBe(1);
    two.bar.act({ kind: 'media', command: 'next' });
    await h.until(() => h.media.controls.length > 0, 'the control sent');
    expect(h.media.controls).toEqual(['next']);

    one.release();
    await pastTheGrace(h);
    expect(h.media.running).toBe(true);
    two.release();
    await pastTheGrace(h);
    expect(h.media.running).toBe(false);
    expect(h.hub.status().events.media).toBe(false);
  });

  it('two bars with Keyboard widgets: one keyboard source, polled as often as the more eager asks, stopped when neither is shown', async () => {
    const h = await startHub({ exists: (path) => path === '/etc/vconsole.conf' });
    const keyboardEvery = (seconds: number) => ({ Keyboard: { ...keyboard.Keyboard, data_refresh_interval: seconds } });
    const one = await h.hub.open(await h.config('a.json', bar(keyboardEvery(2))));
    const two = await h.hub.open(await h.config('b.json', bar(keyboardEvery(5), cpu)));
    await h.until(() => h.hub.status().events.keyboard, 'the keyboard source started');
    expect(h.log.filter((l) => l.startsWith('keyboard: '))).toHaveLength(1);
    expect(h.hub.status().events.keyboardMs).toBe(2000);
    one.release();
    await pastTheGrace(h);
    expect(h.hub.status().events).toEqual({ media: false, keyboard: true, keyboardMs: 5000 });
    two.release();
    await pastTheGrace(h);
    expect(h.hub.status().events.keyboard).toBe(false);
  });
});

describe('the hub: one bar pausing or stopping leaves the others polling', () => {
  it("a paused bar leaves its polls: the other bar's go on, its own only source stops; resumed, it reads at once", async () => {
    const h = await startHub();
    const shownCpu = await h.hub.open(await h.config('a.json', bar(cpu)));
    const paused = await h.hub.open(await h.config('b.json', bar(cpu, memory)));
    await h.timers.advance(1000);
    paused.bar.pause();
    h.readers.reset();
    await h.timers.advance(10_000);
    expect(h.readers.count('cpu')).toBe(10);
    expect(h.readers.count('memory')).toBe(0);
    expect(sourceNames(h)).toEqual(['cpu']);
    expect(shownCpu.bar).not.toBe(paused.bar);

    paused.bar.resume();
    await h.timers.advance(0);
    expect(h.readers.count('memory')).toBe(1);
    expect(sourceNames(h)).toEqual(['cpu', 'memory']);
  });

  it("a bar's updates stopped, or the bar closed, leave the scheduler running for the others", async () => {
    const h = await startHub();
    const goes = await h.hub.open(await h.config('a.json', bar(cpu, memory)));
    const stays = await h.hub.open(await h.config('b.json', bar(cpu)));
    await h.timers.advance(1000);
    goes.bar.stopUpdates();
    h.readers.reset();
    await h.timers.advance(5000);
    expect(h.readers.count('cpu')).toBe(5);
    expect(h.readers.count('memory')).toBe(0);
    await goes.bar.close();
    h.readers.reset();
    await h.timers.advance(5000);
    expect(h.readers.count('cpu')).toBe(5);
    // A front end of the bar that stays hears the heartbeat on.
    let ticks = 0;
    const off = stays.bar.onTick(() => ticks++);
    await h.timers.advance(3000);
    off();
    expect(ticks).toBe(3);
  });
});

describe("the hub: the core's signals and heartbeat", () => {
  it('refreshAll (SIGUSR1) reads every source of every bar again at once, each once however many bars read it', async () => {
    const h = await startHub();
    const everyMinute = (widget: object) => Object.fromEntries(Object.entries(widget).map(([kind, config]) => [kind, { ...(config as object), data_refresh_interval: 60 }]));
    await h.hub.open(await h.config('a.json', bar(everyMinute(cpu))));
    await h.hub.open(await h.config('b.json', bar(everyMinute(cpu), everyMinute(memory))));
    await h.timers.advance(1000);
    h.readers.reset();
    h.hub.refreshAll();
    await h.timers.advance(0);
    expect({ cpu: h.readers.count('cpu'), memory: h.readers.count('memory') }).toEqual({ cpu: 1, memory: 1 });
  });

  it('beats each second while a bar is open, and not once the last is gone', async () => {
    const h = await startHub();
    let beats = 0;
    h.hub.onTick(() => beats++);
    const only = await h.hub.open(await h.config('a.json', bar(cpu)));
    await h.timers.advance(3000);
    expect(beats).toBe(3);
    only.release();
    await pastTheGrace(h);
    beats = 0;
    await h.timers.advance(10_000);
    expect(beats).toBe(0);
  });
});

describe('the hub: a bar per config, counted', () => {
  it('a front end back within the grace gets the same bar, not a second load; after the grace the bar is gone', async () => {
    const h = await startHub();
    const a = await h.config('a.json', bar(cpu));
    const first = await h.hub.open(a);
    first.release();
    first.release();
    await h.timers.advance(GRACE_MS - 1000);
    const again = await h.hub.open(a);
    expect(again.bar).toBe(first.bar);
    expect(h.loads).toBe(1);
    await h.timers.advance(GRACE_MS + 1000);
    expect(h.hub.status().bars.map((x) => x.users)).toEqual([1]);
    again.release();
    await pastTheGrace(h);
    expect(h.hub.status().bars).toEqual([]);
    expect(h.hub.status().sources).toEqual([]);
    const later = await h.hub.open(a);
    expect(later.bar).not.toBe(first.bar);
    expect(h.loads).toBe(2);
  });

  it('front ends opening one config at the same time share one load', async () => {
    const h = await startHub();
    const a = await h.config('a.json', bar(cpu));
    const handles = await Promise.all([h.hub.open(a), h.hub.open(a), h.hub.open(a)]);
    expect(h.loads).toBe(1);
    expect(new Set(handles.map((x) => x.bar)).size).toBe(1);
    expect(h.hub.status().bars.map((x) => x.users)).toEqual([3]);
  });
});

/** What the property test does: opens a config, releases a handle held, or lets time pass. */
type Step = { open: number } | { release: number } | { advance: number };

describe('the hub: nothing left running (property)', () => {
  it('any sequence of opens, releases and time ends, once all is released and the grace is past, with no source, manager connection or media and keyboard source left', async () => {
    const configs: object[] = [
      { left_widgets: [workspaces], right_widgets: [cpu, media] },
      bar(cpu, memory, keyboard),
      bar(update, media),
      { left_widgets: [workspaces], right_widgets: [keyboard] },
    ];
    // Opens weigh most: a sequence is mostly bars coming and going, with time between.
    const step: fc.Arbitrary<Step> = fc.oneof(
      { arbitrary: fc.record({ open: fc.nat({ max: configs.length * 2 - 1 }) }), weight: 3 },
      { arbitrary: fc.record({ release: fc.nat({ max: 7 }) }), weight: 2 },
      { arbitrary: fc.record({ advance: fc.constantFrom(0, 100, 1000, GRACE_MS - 100, GRACE_MS + 100) }), weight: 2 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const h = await startHub({ exists: (path) => path === '/etc/vconsole.conf' });
        const settings: LiveBarSettings[] = [];
        for (const [i, config] of configs.entries()) settings.push(await h.config(`bar-${i}.json`, config));
        const held: BarHandle[] = [];
        for (const s of steps) {
          if ('open' in s) held.push(await h.hub.open(settings[s.open % configs.length]!, s.open >= configs.length ? { updateUrl: 'https://other.example/' } : {}));
          else if ('release' in s) held[s.release % Math.max(1, held.length)]?.release();
          else await h.timers.advance(s.advance);
          // All along: one connection to the manager, one media source, each source polled once (update: per URL).
          expect(h.peer.starts - h.peer.closes).toBeLessThanOrEqual(1);
          expect(h.media.starts - h.media.closes).toBeLessThanOrEqual(1);
          const names = h.hub.status().sources.map((x) => x.name);
          for (const name of ['cpu', 'memory']) expect(names.filter((n) => n === name).length).toBeLessThanOrEqual(1);
          expect(names.filter((n) => n === 'update').length).toBeLessThanOrEqual(2);
        }
        for (const handle of held) handle.release();
        await pastTheGrace(h);
        expect({ manager: h.peer.starts - h.peer.closes, media: h.media.running }).toEqual({ manager: 0, media: false });
        // Every part left running is named; the heartbeats so far depend on the sequence.
        const { beats: _beats, ...left } = h.hub.status();
        expect(left).toEqual({ bars: [], sources: [], events: { media: false, keyboard: false }, windowManagers: 0 });
        expect(h.strays).toEqual([]);
        await h.hub.close();
      }),
      { numRuns: 25 },
    );
  });
});
