/**
 * Reading a text file that someone else controls (a config, `--data`, a saved state), never trusting what is
 * at the path: a FIFO, a device, a directory, a symlink loop, a file that is unreadable or far too large are
 * each an answer in words, never a hang or a throw. The file is opened non-blocking, so a FIFO with no writer
 * does not tie up one of libuv's four file threads (each reload of such a config used to take one for ever),
 * and its type and size are checked on the open descriptor before a byte is read.
 */
import { constants, createReadStream } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { readTrustedBytes, type TrustedUser } from './trust.js';

/** Why a file could not be read: a code, and the reason in words. */
export type ReadFailure = { ok: false; code: string; problem: string };
export type ReadOutcome = { ok: true; text: string } | ReadFailure;

export interface ReadOptions {
  maxBytes: number;
  /** Also read pipes and character devices (`check <(cmd)`, `-` for stdin): the caller expects a stream. */
  streams?: boolean;
  /** A symbolic link at the path is not followed (tilebar's own files: its cache); a config may be a link. */
  noFollow?: boolean;
  /**
   * The file must pass the trust rule (trust.ts: it and every entry on the way are the user's or root's, and
   * nobody else can write them), checked on the descriptor it is read through; a refused one is an EFOREIGN
   * failure with the reason, then `hint`. For a file that steers the bar though the user never named it.
   */
  trust?: { user: TrustedUser; hint?: string };
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ELOOP: 'it is a loop of symbolic links',
  ENOTDIR: 'a part of the path is not a directory',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'an input/output error',
  EAGAIN: 'nothing to read yet',
  ETOOLARGE: 'it is too large',
  ENOTFILE: 'it is not a regular file',
  EFOREIGN: 'it is not yours alone',
};

/** What an error code means, for a message: `no such file`, `permission denied`, `it is a directory`. */
export function reasonOf(code: string | undefined): string {
  return (code && Object.hasOwn(REASONS, code) ? REASONS[code] : undefined) ?? `error ${code ?? 'unknown'}`;
}

export function errorCode(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

const failure = (code: string, detail?: string): ReadFailure => ({ ok: false, code, problem: detail ?? reasonOf(code) });

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export async function readTextFile(path: string, options: ReadOptions): Promise<ReadOutcome> {
  const read = await readBytes(path, options);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

export type BytesOutcome = { ok: true; bytes: Buffer } | ReadFailure;

/** A regular file's bytes (a font), with the same checks and bounds as text. */
export async function readFileBytes(path: string, maxBytes: number): Promise<BytesOutcome> {
  return readBytes(path, { maxBytes });
}

async function readBytes(path: string, options: ReadOptions): Promise<BytesOutcome> {
  if (options.trust) {
    if (options.noFollow && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) return failure('ELOOP', 'it is a symbolic link, which is not followed here');
    return readTrusted(path, options.maxBytes, options.trust);
  }
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    if (options.noFollow && (constants.O_NOFOLLOW ?? 0) === 0 && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) return failure('ELOOP', 'it is a symbolic link, which is not followed here');
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
    const stat = await handle.stat();
    if (stat.isDirectory()) return failure('EISDIR');
    if (!stat.isFile()) {
      if (!options.streams || !(stat.isFIFO() || stat.isCharacterDevice() || stat.isSocket())) {
        return failure('ENOTFILE', `it is not a regular file (${stat.isFIFO() ? 'a FIFO' : stat.isSocket() ? 'a socket' : stat.isCharacterDevice() ? 'a device' : 'a special file'})`);
      }
      await handle.close();
      handle = undefined;
      return await readStream(path, options.maxBytes);
    }
    if (stat.size > options.maxBytes) return failure('ETOOLARGE', `it is ${sizeText(stat.size)}; at most ${sizeText(options.maxBytes)} is read`);
    // Read what is there now, up to the limit plus one byte (a file growing as we read is still bounded).
    const buffer = Buffer.alloc(Math.min(options.maxBytes + 1, Math.max(stat.size, 0) + 64 * 1024));
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > options.maxBytes) return failure('ETOOLARGE', `it is more than ${sizeText(options.maxBytes)}`);
      if (length === buffer.length) break;
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (e) {
    const code = errorCode(e);
    // O_NOFOLLOW refuses a link with ELOOP: it is not a loop, it is a link we do not follow.
    return code === 'ELOOP' && options.noFollow ? failure(code, 'it is a symbolic link, which is not followed here') : failure(code);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A file that must pass the trust rule, read through the descriptor the rule was checked on (trust.ts). */
function readTrusted(path: string, maxBytes: number, trust: NonNullable<ReadOptions['trust']>): BytesOutcome {
  const read = readTrustedBytes(path, trust.user, maxBytes, true);
  if ('bytes' in read) return { ok: true, bytes: read.bytes };
  if ('absent' in read) return failure('ENOENT');
  if ('tooLarge' in read) return failure('ETOOLARGE', `it is ${sizeText(read.tooLarge)}; at most ${sizeText(maxBytes)} is read`);
  if (read.code !== undefined) return failure(read.code);
  return failure('EFOREIGN', trust.hint ? `${read.why}; ${trust.hint}` : read.why);
}

/** A pipe or device, read to its end but no further than `maxBytes`. */
function readStream(path: string, maxBytes: number): Promise<BytesOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stream = createReadStream(path);
    stream.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      length += bytes.length;
      if (length > maxBytes) {
        stream.destroy();
        resolve(failure('ETOOLARGE', `it is more than ${sizeText(maxBytes)}`));
      } else chunks.push(bytes);
    });
    stream.on('error', (e) => resolve(failure(errorCode(e))));
    stream.on('end', () => resolve({ ok: true, bytes: Buffer.concat(chunks) }));
  });
}

/** Standard input to its end, bounded like a file (`tilebar check -`). */
export function readStdin(stdin: NodeJS.ReadableStream, maxBytes: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = (outcome: ReadOutcome) => {
      if (done) return;
      done = true;
      stdin.removeAllListeners('data');
      resolve(outcome);
    };
    stdin.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      length += bytes.length;
      if (length > maxBytes) finish(failure('ETOOLARGE', `it is more than ${sizeText(maxBytes)}`));
      else chunks.push(bytes);
    });
    stdin.on('error', (e) => finish(failure(errorCode(e))));
    stdin.on('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
  });
}
