import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coreProof, frontProof, isNonce, newNonce, proofMatches } from '../../src/channel/auth.js';

describe('the handshake’s proofs', () => {
  const key = randomBytes(32);
  const front = newNonce();
  const core = newNonce();

  it('match only with the same key and nonces', () => {
    expect(proofMatches(coreProof(key, front, core), coreProof(key, front, core))).toBe(true);
    expect(proofMatches(coreProof(key, front, core), coreProof(randomBytes(32), front, core))).toBe(false);
    expect(proofMatches(coreProof(key, front, core), coreProof(key, newNonce(), core))).toBe(false);
    expect(proofMatches(coreProof(key, front, core), coreProof(key, front, newNonce()))).toBe(false);
  });

  it('cannot be replayed from one side as the other’s', () => {
    // A squatter that echoes the front end's own words back cannot pass for the core.
    expect(proofMatches(coreProof(key, front, core), frontProof(key, front, core))).toBe(false);
    expect(proofMatches(frontProof(key, core, front), coreProof(key, core, front))).toBe(false);
  });

  it('refuses what is not a proof or not a nonce', () => {
    const expected = coreProof(key, front, core);
    for (const given of [undefined, 42, '', 'x'.repeat(65), expected.slice(0, -4)]) expect(proofMatches(expected, given)).toBe(false);
    expect(isNonce(newNonce())).toBe(true);
    for (const n of ['', 'short', 'A'.repeat(24), 42, `${newNonce()}x`]) expect(isNonce(n)).toBe(false);
  });
});
