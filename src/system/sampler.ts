/** Turning cumulative counters into "since the previous reading" values, shared by every platform. */
import type { InterfaceCounters, NetworkReading, Reader } from './readings.js';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** How long the very first reading waits for a second sample, so the bar never opens on a made-up 0 %. */
export const FIRST_SAMPLE_GAP_MS = 250;

export interface NetworkSample {
  at: number;
  defaultInterface?: string;
  interfaces: InterfaceCounters[];
}

/** Rates on the default interface between two samples; none when the interface changed or counters reset. */
export function networkReading(previous: NetworkSample | undefined, current: NetworkSample): NetworkReading {
  const reading: NetworkReading = {
    interfaces: current.interfaces,
    ...(current.defaultInterface ? { defaultInterface: current.defaultInterface } : {}),
  };
  if (!previous || !current.defaultInterface || previous.defaultInterface !== current.defaultInterface) return reading;
  const seconds = (current.at - previous.at) / 1000;
  const before = previous.interfaces.find((i) => i.name === current.defaultInterface);
  const now = current.interfaces.find((i) => i.name === current.defaultInterface);
  if (!before || !now || seconds <= 0) return reading;
  const rx = now.receivedBytes - before.receivedBytes;
  const tx = now.transmittedBytes - before.transmittedBytes;
  if (rx < 0 || tx < 0) return reading;
  return { ...reading, receivedPerSecond: rx / seconds, transmittedPerSecond: tx / seconds };
}

/**
 * A reader of "since the previous reading" values: each call takes a sample and compares it with the one
 * before; the very first call takes its baseline and waits `firstGapMs` (FIRST_SAMPLE_GAP_MS unless a source
 * needs longer) for a second sample.
 */
export function deltaReader<S, R>(
  sample: (signal: AbortSignal) => Promise<S>,
  between: (previous: S, current: S) => R,
  sleep: Sleep,
  firstGapMs = FIRST_SAMPLE_GAP_MS,
): Reader<R> {
  let previous: S | undefined;
  return async (signal) => {
    if (previous === undefined) {
      previous = await sample(signal);
      await sleep(firstGapMs, signal);
    }
    const current = await sample(signal);
    const result = between(previous, current);
    previous = current;
    return result;
  };
}
