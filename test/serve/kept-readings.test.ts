/**
 * The last core's readings carried into a new core's first moments (src/attach/kept-readings.ts): each kept until
 * the new core gives one of its own, for KEEP_LAST_MS at most, on a clock the test moves by hand.
 */
import { describe, expect, it } from 'vitest';
import { KEEP_LAST_MS, keepReadings, withKept, type Readings } from '../../src/attach/kept-readings.js';
import type { TilerState } from '../../src/tiler/state.js';
import { BUILTIN_KINDS } from '../../widgets/kinds.js';

const tilerState = (name: string): TilerState => ({
  monitorIndex: 0,
  workspaces: [{ index: 0, name, focused: true, empty: false, focusedWindows: [], allWindows: [] }],
  focusedWorkspace: 0,
  layout: 'BSP',
  layer: 'Tiling',
});

/** What the old core showed: the CPU, the memory, a player, a layout, the window manager's state. */
const old: Readings = {
  statuses: { cpu: { reading: { usage: 41 } }, memory: { reading: { used: 7 } }, battery: { error: 'no battery' } },
  media: { player: { id: 'p', status: 'Playing', artist: 'A', title: 'T', canGoNext: true, canGoPrevious: true, changedAt: 0 } },
  keyboard: { layout: 'us' },
  tiler: tilerState('one'),
  noTiler: false,
  tilerDown: false,
};

/** A new core's first state: nothing read yet, the window manager still connecting. */
const nothingYet: Readings = { statuses: {}, media: undefined, keyboard: undefined, tiler: undefined, noTiler: false, tilerDown: false };

describe('the last readings kept while a new core reads', () => {
  it('shows each of the last core’s readings until the new core has one, then the new one', () => {
    const kept = keepReadings(old, 1_000);
    const first = withKept(kept, nothingYet, 1_000);
    expect(first.shown).toEqual({ ...old, statuses: { cpu: old.statuses.cpu, memory: old.statuses.memory } });

    // The memory read first: the new reading shows, the CPU's old one still does.
    const memoryRead = { ...nothingYet, statuses: { memory: { reading: { used: 9 } } } };
    const second = withKept(first.kept, memoryRead, 1_300);
    expect(second.shown.statuses).toEqual({ cpu: { reading: { usage: 41 } }, memory: { reading: { used: 9 } } });

    // Then everything: nothing more is kept, and what shows is the new core's alone.
    const all: Readings = { statuses: { cpu: { reading: { usage: 3 } }, memory: { reading: { used: 9 } } }, media: {}, keyboard: { layout: 'de' }, tiler: tilerState('two'), noTiler: false, tilerDown: false };
    const third = withKept(second.kept, all, 1_500);
    expect(third.shown).toEqual(all);
    expect(third.kept).toBeUndefined();
  });

  it('keeps a reading the new core has not confirmed, beside its error, until the time is up; then shows what the new core says', () => {
    const kept = keepReadings(old, 0);
    const failing = { ...nothingYet, statuses: { cpu: { error: 'timed out after 5 s' } } };
    const meanwhile = withKept(kept, failing, KEEP_LAST_MS - 1);
    expect(meanwhile.shown.statuses.cpu).toEqual({ reading: { usage: 41 }, error: 'timed out after 5 s' });
    // A source gone from the config (the memory): its old reading is kept as long, and is drawn by no widget.
    expect(meanwhile.shown.statuses.memory).toEqual({ reading: { used: 7 } });
    const after = withKept(meanwhile.kept, failing, KEEP_LAST_MS);
    expect(after.shown).toBe(failing);
    expect(after.kept).toBeUndefined();
  });

  it('keeps the window manager’s state while the new core connects, and shows the new core’s word once it has one', () => {
    const kept = keepReadings(old, 0);
    expect(withKept(kept, nothingYet, 10).shown).toMatchObject({ tiler: old.tiler, noTiler: false, tilerDown: false });
    // The new core finds the manager down: it says so, and the old workspaces go.
    const down = withKept(kept, { ...nothingYet, tilerDown: true }, 20).shown;
    expect(down).toMatchObject({ tiler: undefined, tilerDown: true });
    // A bar that said "not connected" goes on saying it while the new core connects (no blank in between).
    const saidDown = keepReadings({ ...nothingYet, tilerDown: true }, 0);
    expect(withKept(saidDown, nothingYet, 10).shown).toMatchObject({ tiler: undefined, tilerDown: true });
  });

  it('keeps nothing when nothing was read, and ignores the last core’s errors', () => {
    expect(keepReadings(nothingYet, 0)).toBeUndefined();
    expect(keepReadings({ ...nothingYet, statuses: { cpu: { error: 'no /proc' } } }, 0)).toBeUndefined();
    expect(withKept(undefined, nothingYet, 0).shown).toBe(nothingYet);
  });

  it('keeps readings at least as long as any source’s first read may take', () => {
    const timeouts = BUILTIN_KINDS.flatMap((k) => (k.poll ? [k.poll.timeoutMs] : []));
    expect(timeouts.length).toBeGreaterThan(0);
    expect(Math.max(...timeouts)).toBeLessThanOrEqual(KEEP_LAST_MS);
  });
});
