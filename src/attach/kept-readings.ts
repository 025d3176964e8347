/**
 * What a front end goes on showing of its last core's readings once it has attached to a new core (the last one was
 * killed, crashed or replaced). The new core's first state comes before its first reads — the sources' polls, the
 * media player, the keyboard layout, the window manager's state are still on their way — and a widget with nothing
 * to show is hidden: drawn as it comes, the bar would lose those widgets for the moment of the reads, right after
 * it said the core was back. So each reading of the last core is kept until the new core has one of its own, and
 * for KEEP_LAST_MS at most: a source the new core cannot read (it fails now, or went from the config) is then
 * shown as the new core says.
 *
 * A source the new core fails to read at first is shown as the core itself shows a failing source: its last
 * reading (the old core's) beside the error, marked.
 */
import type { BarSnapshot } from '../bar/bar-store.js';

/** The parts of a frame that come from reading something: all a new core lacks at first. */
export type Readings = Pick<BarSnapshot, 'statuses' | 'media' | 'keyboard' | 'tiler' | 'noTiler' | 'tilerDown'>;

/**
 * How long a new core may take to give a reading before the last core's is let go. The new core subscribed its
 * bar's sources before it sent its first state, and every first read ends — read or failed — within its source's
 * timeout: 10 s at most (the update check's; the CPU, memory, network, disks and battery have 5 s: each widget
 * kind's `poll.timeoutMs`, checked by the test). The window manager, the media player and the keyboard answer a
 * new connection at once. Longer would only show a reading the new core cannot confirm for longer.
 */
export const KEEP_LAST_MS = 10_000;

/** The last core's readings the new core has given none of yet, and until when they are kept (monotonic ms). */
export interface KeptReadings {
  readonly until: number;
  /** Sources with a reading only. */
  readonly statuses: Readonly<Readings['statuses']>;
  readonly media: Readings['media'];
  readonly keyboard: Readings['keyboard'];
  /** The window manager's state and flags, as one: kept while the new core is still connecting (none of them). */
  readonly tiler: Pick<Readings, 'tiler' | 'noTiler' | 'tilerDown'> | undefined;
}

const tilerOf = (r: Readings): KeptReadings['tiler'] => (r.tiler !== undefined || r.noTiler === true || r.tilerDown === true ? { tiler: r.tiler, noTiler: r.noTiler, tilerDown: r.tilerDown } : undefined);

/** What of the frame shown when its core went is kept for the next core's first moments; undefined: nothing. */
export function keepReadings(shown: Readings, now: number, keepMs = KEEP_LAST_MS): KeptReadings | undefined {
  const statuses = Object.fromEntries(Object.entries(shown.statuses).filter(([, s]) => s?.reading !== undefined));
  const kept: KeptReadings = { until: now + keepMs, statuses, media: shown.media, keyboard: shown.keyboard, tiler: tilerOf(shown) };
  return isEmpty(kept) ? undefined : kept;
}

/**
 * The new core's readings (`fresh`) with the kept ones where it has none yet; and what is still kept after this
 * (undefined once the new core has given everything, or the time is up).
 */
export function withKept(kept: KeptReadings | undefined, fresh: Readings, now: number): { shown: Readings; kept: KeptReadings | undefined } {
  if (kept === undefined || now >= kept.until) return { shown: fresh, kept: undefined };
  const statuses = { ...fresh.statuses };
  const still: Record<string, NonNullable<Readings['statuses'][string]>> = {};
  for (const [source, old] of Object.entries(kept.statuses)) {
    const current = fresh.statuses[source];
    if (current?.reading !== undefined || old === undefined) continue;
    statuses[source] = { ...current, reading: old.reading };
    still[source] = old;
  }
  const media = fresh.media ?? kept.media;
  const keyboard = fresh.keyboard ?? kept.keyboard;
  const connecting = tilerOf(fresh) === undefined;
  const tiler = connecting ? kept.tiler : undefined;
  const next: KeptReadings = { until: kept.until, statuses: still, media: fresh.media === undefined ? kept.media : undefined, keyboard: fresh.keyboard === undefined ? kept.keyboard : undefined, tiler };
  return {
    shown: { statuses, media, keyboard, ...(tiler ?? { tiler: fresh.tiler, noTiler: fresh.noTiler, tilerDown: fresh.tilerDown }) },
    kept: isEmpty(next) ? undefined : next,
  };
}

function isEmpty(k: KeptReadings): boolean {
  return Object.keys(k.statuses).length === 0 && k.media === undefined && k.keyboard === undefined && k.tiler === undefined;
}
