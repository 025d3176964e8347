/**
 * The handshake's proofs: both ends show they hold the core's key (32 random bytes in a private file only the
 * user can read: serve/endpoint.ts) without sending it. The core proves itself first, so a front end that reached
 * a squatter's socket or pipe learns that before it says anything beyond a random nonce; the front end then proves
 * itself, so a process of another user that can open the endpoint (a Windows pipe is readable by everyone unless
 * its creator says otherwise, and Node cannot say so) is dropped before the core sends it anything.
 * Each proof is an HMAC-SHA256 over a role word and both nonces, so neither side's proof can be replayed as the
 * other's, nor one connection's in another.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_BYTES = 32;
const NONCE_BYTES = 16;

export const newNonce = (): string => randomBytes(NONCE_BYTES).toString('base64');

/** Whether a nonce from the other end is one: base64 of exactly 16 bytes. */
export function isNonce(value: unknown): value is string {
  return typeof value === 'string' && value.length === 24 && Buffer.from(value, 'base64').length === NONCE_BYTES && Buffer.from(value, 'base64').toString('base64') === value;
}

const proof = (key: Buffer, role: 'core' | 'front', first: string, second: string): Buffer => createHmac('sha256', key).update(`tilebar ${role}\n${first}\n${second}`).digest();

/** The core's proof, answering the front end's nonce with its own. */
export const coreProof = (key: Buffer, frontNonce: string, coreNonce: string): string => proof(key, 'core', frontNonce, coreNonce).toString('base64');

/** The front end's proof, answering the core's nonce. */
export const frontProof = (key: Buffer, coreNonce: string, frontNonce: string): string => proof(key, 'front', coreNonce, frontNonce).toString('base64');

/** Whether `given` is the proof expected, compared in constant time. */
export function proofMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length > 64) return false;
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(given, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}
