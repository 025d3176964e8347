/** Subscribes the enabled system widgets to the scheduler and keeps each source's latest status. */
import type { Scheduler } from '../scheduler/scheduler.js';
import type { Reader } from '../system/readings.js';
import type { Statuses } from './threshold-report.js';
import type { SystemWidget } from './system-widgets.js';

/** A reader per source name; a source with none is not read. */
export type SourceReaders = Readonly<Record<string, Reader<unknown> | undefined>>;

/** Each reader's number, for the scheduler's keys: given at its first subscription, forgotten with the reader. */
const readerIds = new WeakMap<Reader<unknown>, number>();
let lastReaderId = 0;

/**
 * The scheduler's key of a source read by a reader: bars that share a scheduler share the polls of the same source
 * read the same way, and only those — two readers of one source (the update check with two `--update-url`s) are two
 * sources, polled apart.
 */
export function sourceKey(source: string, read: Reader<unknown>): string {
  let id = readerIds.get(read);
  if (id === undefined) {
    id = ++lastReaderId;
    readerIds.set(read, id);
  }
  return `${source}#${id}`;
}

/** How to stop a subscription, and the scheduler's keys of the sources it reads (to refresh them alone). */
export type SourcesSubscription = (() => void) & { readonly keys: readonly string[] };

/**
 * A failure keeps the last good reading beside the error, so the bar goes on showing it, marked.
 * `onChange` runs once per poll outcome, however many widgets share the source.
 */
export function subscribeSources(
  scheduler: Scheduler,
  widgets: readonly SystemWidget[],
  readers: SourceReaders,
  onChange: (statuses: Statuses, source: string) => void,
  /** Readings already taken (a config reload keeps them, so widgets do not blank until their next poll). */
  initial: Statuses = {},
): SourcesSubscription {
  const statuses: Statuses = { ...initial };
  const handled = new WeakSet<object>();
  const polled = widgets
    .filter((w) => w.enabled)
    .flatMap((w) => {
      const read = readers[w.source];
      return read ? [{ w, read, key: sourceKey(w.source, read) }] : [];
    });
  const offs = polled.map(({ w, read, key }) =>
    scheduler.poll<unknown>(
      { key, name: w.source, read, intervalMs: w.intervalMs, timeoutMs: w.timeoutMs },
      (outcome) => {
        if (handled.has(outcome)) return;
        handled.add(outcome);
        const previous = statuses[w.source]?.reading;
        statuses[w.source] = outcome.ok
          ? { reading: outcome.value }
          : { ...(previous ? { reading: previous } : {}), error: `${outcome.error}; retrying in ${Math.round(outcome.retryInMs / 1000)} s` };
        onChange(statuses, w.source);
      },
    ),
  );
  return Object.assign(() => offs.forEach((off) => off()), { keys: [...new Set(polled.map((p) => p.key))] });
}

/** Read each source the enabled widgets need, once, concurrently, each within its timeout. */
export async function readOnce(widgets: readonly SystemWidget[], readers: SourceReaders, timeout: (ms: number) => AbortSignal = AbortSignal.timeout): Promise<Statuses> {
  // One read per source, within the source's timeout (the widgets of a source share it).
  const sources = new Map(widgets.filter((w) => w.enabled).map((w) => [w.source, w.timeoutMs]));
  const entries = await Promise.all(
    [...sources].map(async ([source, timeoutMs]) => {
      const read = readers[source];
      if (!read) return [source, undefined] as const;
      try {
        return [source, { reading: await read(timeout(timeoutMs)) }] as const;
      } catch (e) {
        const message = e instanceof Error && e.name === 'TimeoutError' ? `timed out after ${timeoutMs / 1000} s` : e instanceof Error ? e.message : String(e);
        return [source, { error: message }] as const;
      }
    }),
  );
  return Object.fromEntries(entries.filter(([, s]) => s !== undefined)) as Statuses;
}
