import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/io/bounded-cache.js';

const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 6 }), value: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('get' as const), key: fc.string({ maxLength: 6 }) }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 6 }) }),
);

describe('BoundedCache', () => {
  it('never holds more entries or more size than its bounds, and gives back what was just set when it fits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 300 }), fc.array(op, { maxLength: 200 }), (maxEntries, maxSize, ops) => {
        const cache = new BoundedCache<string, string>({ maxEntries, maxSize });
        for (const o of ops) {
          if (o.kind === 'set') {
            cache.set(o.key, o.value);
            const fits = maxEntries > 0 && 32 + 2 * (o.key.length + o.value.length) <= maxSize;
            expect(cache.get(o.key)).toBe(fits ? o.value : undefined);
          } else if (o.kind === 'delete') {
            cache.delete(o.key);
            expect(cache.get(o.key)).toBeUndefined();
          } else cache.get(o.key);
          expect(cache.size).toBeLessThanOrEqual(maxEntries);
          expect(cache.held).toBeLessThanOrEqual(maxSize);
          expect(cache.held).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('agrees with a plain map while within its bounds', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 100 }), (ops) => {
        const cache = new BoundedCache<string, string>({ maxEntries: 1000 });
        const map = new Map<string, string>();
        for (const o of ops) {
          if (o.kind === 'set') {
            cache.set(o.key, o.value);
            map.set(o.key, o.value);
          } else if (o.kind === 'delete') {
            cache.delete(o.key);
            map.delete(o.key);
          }
          expect(cache.get(o.key)).toBe(map.get(o.key));
          expect(cache.size).toBe(map.size);
        }
      }),
    );
  });

  it('drops its oldest entries first when full, and makes a missing value once', () => {
    const cache = new BoundedCache<number, string>({ maxEntries: 3 });
    let made = 0;
    const make = (n: number) => {
      made++;
      return `v${n}`;
    };
    for (const n of [1, 2, 3, 1, 4]) cache.getOrMake(n, make);
    expect(made).toBe(4);
    expect([1, 2, 3, 4].map((n) => cache.get(n))).toEqual([undefined, 'v2', 'v3', 'v4']);
  });
});
