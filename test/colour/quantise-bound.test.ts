import { describe, expect, it } from 'vitest';
import { nearest256, nearest256Cache } from '../../src/colour/quantise.js';
import type { Hex } from '../../src/colour/rgb.js';

describe('the 256-colour quantiser', () => {
  it('keeps a bounded memo however many distinct colours a config or feed brings', () => {
    for (let i = 0; i < 20_000; i++) nearest256(`#${(i * 837).toString(16).padStart(6, '0').slice(-6)}` as Hex);
    expect(nearest256Cache.size).toBeLessThanOrEqual(4096);
    expect(nearest256('#ff0000' as Hex)).toBe(196);
  });
});
