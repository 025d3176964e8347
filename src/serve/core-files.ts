/**
 * The files a running core leaves for its front ends beside its socket (endpoint.ts): the info file (which core
 * runs: pid, version, protocol, when it started, and on Windows the pipe it listens on, whose name is random at
 * each start) and the key both sides prove themselves with (32 random bytes, new at each start).
 *
 * Both are written whole and then renamed into place (replacePrivate: 0600, never through a link), the key
 * first: a front end that finds the new info finds the new key. Both are read without following a link and only
 * up to a small size, and what is read is checked; anything odd is taken as no core, with the reason, and the
 * front end goes the start path. The files sit in the private directory (Unix) or the user's own
 * `%LOCALAPPDATA%` (Windows), so only the user can have put them there; the checks are for a core that died
 * half-way, an older tilebar's files, or a hand's mistake.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, unlinkSync } from 'node:fs';
import { parseBoundedJson } from '../io/bounded-json.js';
import { isPid } from '../io/process-gone.js';
import { readPrivate, replacePrivate } from '../io/private-file.js';

/** Which core runs: written by the core once it listens. */
export interface CoreInfo {
  pid: number;
  /** The core's tilebar version. */
  app: string;
  /** Its wire protocol's number. */
  protocol: number;
  /** When it started (ms, wall clock). */
  startedMs: number;
  /** Windows: the path of the pipe it listens on (`\\.\pipe\tilebar-core-<random>`). */
  pipe?: string;
}

/** An info file larger than this is not a core's (one is about 150 bytes). */
export const MAX_CORE_INFO_BYTES = 4096;
/** The key's length: 256 bits, HMAC-SHA-256's output length (the least RFC 2104 recommends for its key). */
export const CORE_KEY_BYTES = 32;

const MOST_PROTOCOL = 2 ** 31 - 1;
const MOST_TEXT = 512;

export type CoreInfoRead = { ok: true; info: CoreInfo } | { ok: false; why: string };

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MOST_TEXT && !v.includes('\0');

/** The info a file's bytes hold, or why they hold none. Never throws, whatever the bytes. */
export function parseCoreInfo(bytes: Uint8Array): CoreInfoRead {
  const parsed = parseBoundedJson(Buffer.from(bytes).toString('utf8'), { maxDepth: 2, maxValues: 32 });
  if (!parsed.ok) return { ok: false, why: parsed.problem };
  const v = parsed.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, why: 'not a JSON object' };
  const { pid, app, protocol, startedMs, pipe } = v as Record<string, unknown>;
  if (!isPid(pid)) return { ok: false, why: 'no pid (a whole number above 0)' };
  if (!text(app)) return { ok: false, why: `no app (a version, at most ${MOST_TEXT} characters)` };
  if (typeof protocol !== 'number' || !Number.isInteger(protocol) || protocol < 0 || protocol > MOST_PROTOCOL) return { ok: false, why: 'no protocol (a whole number)' };
  if (typeof startedMs !== 'number' || !Number.isFinite(startedMs) || startedMs < 0) return { ok: false, why: 'no startedMs (a time in ms)' };
  if (pipe !== undefined && !text(pipe)) return { ok: false, why: `pipe is not a path of at most ${MOST_TEXT} characters` };
  return { ok: true, info: { pid, app, protocol, startedMs, ...(pipe === undefined ? {} : { pipe }) } };
}

/** Why `path` gave no bytes to readPrivate: nothing there, a link, not a regular file, or too large. */
function unreadable(path: string, maxBytes: number): string {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return `${path} does not exist`;
  if (stat.isSymbolicLink()) return `${path} is a symbolic link, which is not followed`;
  if (!stat.isFile()) return `${path} is not a regular file`;
  return `${path} is larger than ${maxBytes} bytes`;
}

/** The core's info at `path`, or why there is none to go by (absent, unreadable, not a core's). Never throws. */
export function readCoreInfo(path: string): CoreInfoRead {
  try {
    const bytes = readPrivate(path, MAX_CORE_INFO_BYTES);
    if (bytes === undefined) return { ok: false, why: unreadable(path, MAX_CORE_INFO_BYTES) };
    const read = parseCoreInfo(bytes);
    return read.ok ? read : { ok: false, why: `${path} is not a core's info: ${read.why}` };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}

/** Puts the core's info in place (whole, 0600). Throws (a code and a message naming the path) when it cannot. */
export function writeCoreInfo(path: string, info: CoreInfo): void {
  replacePrivate(path, `${JSON.stringify(info)}\n`);
}

/**
 * Removes the info at `path` if it still names `pid` (a newer core's info is left alone). Whether it did. Never
 * throws.
 */
export function removeCoreInfo(path: string, pid: number): boolean {
  const read = readCoreInfo(path);
  if (!read.ok || read.info.pid !== pid) return false;
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A new key for a starting core, put in place at `endpoint.key`. Throws (a code and a message) when it cannot. */
export function newCoreKey(endpoint: { key: string }): Buffer {
  const key = freshCoreKey();
  replacePrivate(endpoint.key, key);
  return key;
}

/** Removes the key at `endpoint.key` if it is still `key` (a newer core's is left alone). Never throws. */
export function removeCoreKey(endpoint: { key: string }, key: Buffer): boolean {
  const now = readCoreKey(endpoint);
  if (!now || !now.equals(key)) return false;
  try {
    unlinkSync(endpoint.key);
    return true;
  } catch {
    return false;
  }
}

/** The running core's key, or undefined when there is none of exactly CORE_KEY_BYTES there. Never throws. */
export function readCoreKey(endpoint: { key: string }): Buffer | undefined {
  try {
    const key = readPrivate(endpoint.key, CORE_KEY_BYTES);
    return key?.length === CORE_KEY_BYTES ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A new key for a core; put in place by publishCore once the core listens. */
export const freshCoreKey = (): Buffer => randomBytes(CORE_KEY_BYTES);

/**
 * What a core does once it listens: its key (`key`, or a new one), then its info (in that order: a front end that
 * reads the new info reads the new key). Never before it listens: a core that then finds another one answering
 * would have replaced that one's key, and no front end could prove itself to the running core again. The key, or
 * why the core cannot be found by its front ends. Never throws.
 */
export function publishCore(endpoint: { key: string; info: string }, info: CoreInfo, key: Buffer = freshCoreKey()): { ok: true; key: Buffer } | { ok: false; why: string } {
  try {
    replacePrivate(endpoint.key, key);
    writeCoreInfo(endpoint.info, info);
    return { ok: true, key };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}
