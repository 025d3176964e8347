/**
 * Named pipes (FIFOs) the bar writes for a host's own reader (Waybar's modules, a thin feed's `cat`): made by
 * `mkfifo` found by its absolute path (Node cannot make one), 0600, in the user's private runtime directory, and
 * checked on the opened descriptor before a byte goes in — a pipe of another user, or one others may open, or
 * anything else planted at the name, is refused. Linux and macOS only (Windows has no FIFOs in the file system).
 */
import { execFile, execFileSync } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';
import { findProgramHere } from './program-path.js';

/** Why a pipe opened at a path is not one to write to (or read from): checked on the opened descriptor. */
export function pipeRefusal(stat: Stats): string | undefined {
  if (!stat.isFIFO()) return 'something other than a pipe is in its place';
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `the pipe belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0) return `others can open the pipe (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** `mkfifo` by its absolute path, found on PATH's absolute entries (never in the current directory). */
function mkfifoProgram(): string {
  const found = findProgramHere('mkfifo', process.env);
  if (!found.ok) throw new Error(found.problem);
  return found.path;
}

/** Makes a FIFO at `path`, readable and writable by the user alone; throws why not. One process per pipe made. */
export function makeFifoSync(path: string): void {
  execFileSync(mkfifoProgram(), ['-m', '600', '--', path], { stdio: 'ignore' });
}

/** The same, without blocking the process (the core makes one per thin feed while it serves the others). */
export function makeFifo(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let program: string;
    try {
      program = mkfifoProgram();
    } catch (e) {
      return reject(e instanceof Error ? e : new Error(String(e)));
    }
    execFile(program, ['-m', '600', '--', path], { timeout: 10_000 }, (e) => (e ? reject(new Error(`mkfifo ${path}: ${e.message.trim()}`)) : resolve()));
  });
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens a FIFO's write end without blocking: the descriptor, `'no-reader'` while nobody has it open for reading
 * (ENXIO: the caller tries again), or throws why it is refused (not a pipe, not ours, open to others, a link).
 */
export function openFifoForWriting(path: string): number | 'no-reader' {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK | NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENXIO') return 'no-reader';
    throw e;
  }
  return checked(fd);
}

/**
 * Opens a FIFO to read from, for as long as the reader likes, checked as above. Read and write: a read end alone
 * reads the end of the stream whenever no writer has the pipe open (before the first opens it, after each one
 * closes), and a stream that ended is closed; holding a write end ourselves, reads wait for the next writer instead.
 */
export function openFifoToRead(path: string): number {
  return checked(openSync(path, constants.O_RDWR | constants.O_NONBLOCK | NOFOLLOW));
}

function checked(fd: number): number {
  const why = pipeRefusal(fstatSync(fd));
  if (why) {
    closeSync(fd);
    throw new Error(why);
  }
  return fd;
}

/**
 * Wakes whoever waits to read a FIFO nobody will write again: a reader blocked in its open (a thin feed's `cat`
 * started just as its core died) gets a writer that closes at once, so it reads the end and goes on (its loop
 * attaches again). Nothing happens when nobody waits. Never throws.
 */
export function wakeFifoReader(path: string): void {
  try {
    const fd = openFifoForWriting(path);
    if (fd !== 'no-reader') closeSync(fd);
  } catch {
    // Not a pipe of ours, or gone: nobody of ours waits on it.
  }
}
