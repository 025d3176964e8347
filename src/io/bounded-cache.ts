/**
 * A memo cache bounded both by its number of entries and by the memory they hold, so that no input a bar is
 * given (a feed's endless distinct titles, a config with thousands of colours) can grow it without end.
 *
 * Eviction is by age of insertion (first in, first out), not by last use (LRU): a hit stays a plain read — the
 * hot path, as a bar redraws the same labels every second, and an LRU would rewrite the map on every hit — and
 * a full cache drops only its oldest entries instead of clearing all at once, which made the next frame
 * recompute every label. A hot entry that ages out is computed once more and goes back in at the young end.
 */
export interface BoundedCacheLimits<K, V> {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this much in all, as `sizeOf` counts (about bytes); a single entry larger than this is not kept. */
  maxSize?: number;
  /** What an entry holds, about in bytes; by default strings count two bytes a character, anything else 16. */
  sizeOf?: (key: K, value: V) => number;
}

/** About how many bytes a key or value holds: a string's UTF-16 code units, else a small fixed cost. */
export function approximateBytes(thing: unknown): number {
  return typeof thing === 'string' ? 16 + 2 * thing.length : 16;
}

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; size: number }>();
  readonly #maxEntries: number;
  readonly #maxSize: number;
  readonly #sizeOf: (key: K, value: V) => number;
  #size = 0;

  constructor(limits: BoundedCacheLimits<K, V>) {
    this.#maxEntries = Math.max(0, Math.floor(limits.maxEntries));
    this.#maxSize = limits.maxSize ?? Infinity;
    this.#sizeOf = limits.sizeOf ?? ((key, value) => approximateBytes(key) + approximateBytes(value));
  }

  get(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.#sizeOf(key, value);
    if (size > this.#maxSize || this.#maxEntries === 0) return;
    this.#entries.set(key, { value, size });
    this.#size += size;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#size <= this.#maxSize) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }

  /** The value for `key`, made (and kept, within the bounds) when it is not there. */
  getOrMake(key: K, make: (key: K) => V): V {
    const hit = this.#entries.get(key);
    if (hit) return hit.value;
    const value = make(key);
    this.set(key, value);
    return value;
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#size -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  /** How many entries are kept (as a Map's `size`). */
  get size(): number {
    return this.#entries.size;
  }

  /** What they hold together, as `sizeOf` counts. */
  get held(): number {
    return this.#size;
  }
}
