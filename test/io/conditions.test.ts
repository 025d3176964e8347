/** A lasting condition said once for the bar's life, and again when it changes (io/conditions.ts; issue 43). */
import { describe, expect, it } from 'vitest';
import { ConditionLog } from '../../src/io/conditions.js';

describe('ConditionLog', () => {
  it('says a condition once however often it is told, a new one when it changes, and one that returns after it ended', () => {
    const said: string[] = [];
    const conditions = new ConditionLog((l) => void said.push(l));
    for (let i = 0; i < 5; i++) {
      conditions.say('media', 'media: no D-Bus session bus');
      conditions.say('keyboard', 'keyboard: no keyboard layout source');
    }
    expect(said).toEqual(['media: no D-Bus session bus', 'keyboard: no keyboard layout source']);
    conditions.say('keyboard', 'keyboard: the system keyboard layout, polled');
    conditions.say('keyboard', 'keyboard: no keyboard layout source');
    conditions.ended('media');
    conditions.ended('media');
    conditions.say('media', 'media: no D-Bus session bus');
    expect(said.slice(2)).toEqual(['keyboard: the system keyboard layout, polled', 'keyboard: no keyboard layout source', 'media: no D-Bus session bus']);
  });
});
