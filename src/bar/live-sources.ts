/** Subscribes the enabled system widgets to the scheduler and keeps each source's latest status. */
import type { Scheduler } from '../scheduler/scheduler.js';
import type { Readers, SourceKey } from '../system/readings.js';
import type { Statuses } from '../thresholds/report.js';
import { SOURCE_TIMEOUT_MS, type SystemWidget } from './system-widgets.js';

/**
 * A failure keeps the last good reading beside the error, so the bar goes on showing it, marked.
 * `onChange` runs once per poll outcome, however many widgets share the source.
 */
export function subscribeSources(
  scheduler: Scheduler,
  widgets: readonly SystemWidget[],
  readers: Readers,
  onChange: (statuses: Statuses, source: SourceKey) => void,
  /** Readings already taken (a config reload keeps them, so widgets do not blank until their next poll). */
  initial: Statuses = {},
): () => void {
  const statuses: Statuses = { ...initial };
  const handled = new WeakSet<object>();
  const offs = widgets
    .filter((w) => w.enabled)
    .map((w) =>
      scheduler.poll<unknown>(
        { key: w.source, read: readers[w.source] as (signal: AbortSignal) => Promise<unknown>, intervalMs: w.intervalMs, timeoutMs: SOURCE_TIMEOUT_MS[w.source] },
        (outcome) => {
          if (handled.has(outcome)) return;
          handled.add(outcome);
          const previous = statuses[w.source]?.reading;
          statuses[w.source] = outcome.ok
            ? { reading: outcome.value as never }
            : { ...(previous ? { reading: previous } : {}), error: `${outcome.error}; retrying in ${Math.round(outcome.retryInMs / 1000)} s` };
          onChange(statuses, w.source);
        },
      ),
    );
  return () => offs.forEach((off) => off());
}

/** Read each source the enabled widgets need, once, concurrently, each within its timeout. */
export async function readOnce(widgets: readonly SystemWidget[], readers: Partial<Readers>, timeout: (ms: number) => AbortSignal = AbortSignal.timeout): Promise<Statuses> {
  const sources = [...new Set(widgets.filter((w) => w.enabled).map((w) => w.source))];
  const entries = await Promise.all(
    sources.map(async (source) => {
      const read = readers[source];
      if (!read) return [source, undefined] as const;
      try {
        return [source, { reading: await read(timeout(SOURCE_TIMEOUT_MS[source])) }] as const;
      } catch (e) {
        const message = e instanceof Error && e.name === 'TimeoutError' ? `timed out after ${SOURCE_TIMEOUT_MS[source] / 1000} s` : e instanceof Error ? e.message : String(e);
        return [source, { error: message }] as const;
      }
    }),
  );
  return Object.fromEntries(entries.filter(([, s]) => s !== undefined)) as Statuses;
}
