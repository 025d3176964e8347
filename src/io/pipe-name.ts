/**
 * Windows named pipes that tilebar serves (komorebi's notifications, the user's core): a name nobody can guess
 * before tilebar makes it, so nobody can make it first. Any local user can list `\\.\pipe\`, so a name hides
 * nothing once the pipe exists; it only cannot be taken in advance.
 */
import { randomBytes } from 'node:crypto';

/** The path of the pipe `name`: `\\.\pipe\<name>`. */
export function windowsPipePath(name: string): string {
  return `\\\\.\\pipe\\${name}`;
}

/** `<prefix>-` and 128 random bits in hex. */
export function freshPipeName(prefix = 'tilebar'): string {
  return `${prefix}-${randomBytes(16).toString('hex')}`;
}
