/**
 * What a front end is sent of its view's snapshot: only the parts that changed since the last state it was sent
 * (the core's snapshots keep each part's object until it changes, so identity says what changed), and of the
 * sources' statuses only those that changed. A model goes out once per reload; a heartbeat's state is the
 * instant and one or two readings, a few hundred bytes. A front end that read nothing for a while is sent, when it
 * reads again, one state with everything that changed meanwhile: it skips what it missed, never falls behind.
 */
import type { BarSnapshot } from '../bar/bar-store.js';
import type { StateMessage, WireParts } from '../channel/protocol.js';

/** What was last sent to one front end, part by part (by identity). */
export interface SentState {
  parts: Partial<Record<keyof WireParts, unknown>>;
  statuses: BarSnapshot['statuses'] | undefined;
}

export const nothingSent = (): SentState => ({ parts: {}, statuses: undefined });

/** The snapshot's parts as they travel; `tiler` is the view's monitor's (the snapshot already took it). */
function wirePartsOf(s: BarSnapshot): WireParts {
  return {
    model: s.model,
    message: s.message ?? null,
    epochMs: s.epochMs,
    systemZone: s.systemZone,
    tiler: s.tiler ?? null,
    noTiler: s.noTiler ?? false,
    tilerDown: s.tilerDown ?? false,
    media: s.media ?? null,
    keyboard: s.keyboard ?? null,
  };
}

/** The state message that brings a front end from `sent` to `now`, or undefined when nothing changed; updates `sent`. */
export function stateSince(sent: SentState, now: BarSnapshot): StateMessage | undefined {
  const all = wirePartsOf(now);
  const parts: Partial<Record<keyof WireParts, unknown>> = {};
  let changed = false;
  for (const key of Object.keys(all) as Array<keyof WireParts>) {
    // A new instant alone is worth a state: the core publishes one on a clock's boundary (its seconds move).
    if (!(key in sent.parts) || sent.parts[key] !== all[key]) {
      parts[key] = all[key];
      sent.parts[key] = all[key];
      changed = true;
    }
  }
  const statuses = statusesSince(sent.statuses, now.statuses);
  sent.statuses = now.statuses;
  if (statuses) changed = true;
  if (!changed) return undefined;
  return { t: 'state', parts: parts as Partial<WireParts>, ...(statuses ? { statuses } : {}) };
}

function statusesSince(before: BarSnapshot['statuses'] | undefined, now: BarSnapshot['statuses']): StateMessage['statuses'] {
  if (before === now) return undefined;
  const out: NonNullable<StateMessage['statuses']> = {};
  let any = false;
  for (const [source, status] of Object.entries(now)) {
    if (before?.[source] !== status) {
      out[source] = status ?? null;
      any = true;
    }
  }
  for (const source of Object.keys(before ?? {})) {
    if (!(source in now)) {
      out[source] = null;
      any = true;
    }
  }
  return any ? out : undefined;
}
