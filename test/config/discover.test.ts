/** Which config a running bar moves to when files appear or go where discovery looks: the pure decision. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidatesAbove, configCandidates, discoverConfig, LISTED_REASON, switchTarget, type Discovered } from '../../src/config/discover.js';

const env = { KOMOREBI_CONFIG_HOME: '/k' };
const candidates = configCandidates(env, '/h');
const [komorebi, xdg, home] = candidates.map((c) => ({ ...c, embedded: false }));
const embedded: Discovered = { path: '/pkg/config.example.json', reason: 'embedded default', embedded: true };
const flag: Discovered = { path: '/h/.config/tilebar/bar.json', reason: '--config', embedded: false };
const existing = (...paths: string[]) => (p: string) => paths.includes(p);

describe('config discovery while a bar runs', () => {
  it('lists the places best first, $XDG_CONFIG_HOME instead of ~/.config when set', () => {
    expect(candidates.map((c) => c.path)).toEqual(['/k/komorebi.bar.json', '/h/.config/tilebar/bar.json', '/h/komorebi.bar.json']);
    expect(configCandidates({ XDG_CONFIG_HOME: '/x' }, '/h')).toEqual([
      { path: '/x/tilebar/bar.json', reason: '$XDG_CONFIG_HOME' },
      { path: '/h/komorebi.bar.json', reason: 'home directory' },
    ]);
  });

  it('moves from the embedded example to the best file that appeared', () => {
    expect(switchTarget(embedded, candidates, existing())).toBeUndefined();
    expect(switchTarget(embedded, candidates, existing(xdg!.path))).toEqual(xdg);
    expect(switchTarget(embedded, candidates, existing(home!.path, xdg!.path))).toEqual(xdg);
  });

  it('moves from a discovered file only to one that ranks above it; a removed file moves nothing', () => {
    expect(switchTarget(home!, candidates, existing(home!.path, komorebi!.path))).toEqual(komorebi);
    expect(switchTarget(xdg!, candidates, existing(home!.path))).toBeUndefined();
    expect(switchTarget(komorebi!, candidates, existing(xdg!.path, home!.path))).toBeUndefined();
  });

  it('never leaves a file named with --config', () => {
    expect(candidatesAbove(flag, candidates)).toEqual([]);
    expect(switchTarget(flag, candidates, () => true)).toBeUndefined();
  });

  it('never leaves a file komorebi.json lists for the bar’s monitor for a discovered one (komorebi.json decides), even one in a place discovery ranks', () => {
    const listed: Discovered = { path: home!.path, reason: LISTED_REASON, embedded: false };
    expect(candidatesAbove(listed, candidates)).toEqual([]);
    expect(switchTarget(listed, candidates, () => true)).toBeUndefined();
  });

  it('agrees with discovery at start: a bar that moved is on the file a fresh start would use, or one that ranks above it', () => {
    const all = [...candidates.map((c) => ({ ...c, embedded: false })), embedded];
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.subarray(candidates.map((c) => c.path)), (current, present) => {
        const exists = existing(...present);
        const to = switchTarget(current, candidates, exists);
        const fresh = discoverConfig(undefined, { env, home: '/h', exists });
        const rank = (d: Discovered) => (d.embedded ? candidates.length : candidates.findIndex((c) => c.path === d.path));
        if (to) {
          expect(to).toEqual(fresh);
          expect(rank(to)).toBeLessThan(rank(current));
        } else expect(rank(fresh)).toBeGreaterThanOrEqual(rank(current));
      }),
    );
  });
});
