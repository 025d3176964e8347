import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../src/text/compare.js';

describe('compareNames', () => {
  it('orders names as a reader expects: case ignored, then code units', () => {
    expect(['work', 'Home', 'gaming', 'alpha', 'Alpha'].sort(compareNames)).toEqual(['Alpha', 'alpha', 'gaming', 'Home', 'work']);
    expect(['/var', '/', '/home', '/boot/efi'].sort(compareNames)).toEqual(['/', '/boot/efi', '/home', '/var']);
  });

  it('is a total order: zero only for equal names, antisymmetric and transitive', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        expect(compareNames(a, b) === 0).toBe(a === b);
        expect(Math.sign(compareNames(a, b))).toBe(-Math.sign(compareNames(b, a)) || 0);
        if (compareNames(a, b) <= 0 && compareNames(b, c) <= 0) expect(compareNames(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
