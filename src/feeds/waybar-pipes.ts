/**
 * One named pipe per Waybar module, each holding only its module's latest line. The feed opens each pipe for
 * reading and writing (never blocking, and never waiting for a reader), and before writing a line it reads back
 * whatever the module's `cat` has not taken yet: a `cat` that opens the pipe later finds the current line in it,
 * never a backlog of stale ones. A `cat` started again (a Waybar reload) finds the line taken by the one before
 * it: its module's command says so in the inbox (waybar.ts) and `resend` writes the line again. The pipes stay
 * when the feed stops: each module's `cat` holds its pipe open and reads on, and the next feed writes to the same
 * pipes. Nothing here blocks: a pipe that cannot be made or opened is said once and skipped, and its module stays
 * empty.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeFifoSync, pipeRefusal } from '../io/fifo.js';

const OPEN_FLAGS = constants.O_RDWR | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);

export class LatestLinePipes {
  readonly #fds = new Map<string, number>();
  readonly #last = new Map<string, string>();
  readonly #failed = new Set<string>();
  readonly #scratch = Buffer.allocUnsafe(16 * 1024);

  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Write `line` as the module's latest, when it changed. */
  write(slot: string, line: string): void {
    if (this.#last.get(slot) === line) return;
    const fd = this.#open(slot);
    if (fd === undefined) return;
    try {
      // What the reader has not taken is stale now: taken back, so the pipe holds only the newest line.
      while (readSync(fd, this.#scratch, 0, this.#scratch.length, null) > 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return this.#fail(slot, e);
    }
    try {
      writeSync(fd, `${line}\n`);
      this.#last.set(slot, line);
    } catch (e) {
      this.#fail(slot, e);
    }
  }

  /** A reader of the module started: its line is written again, as the reader before it may have taken it. */
  resend(slot: string): void {
    const line = this.#last.get(slot);
    if (line === undefined) return;
    this.#last.delete(slot);
    this.write(slot, line);
  }

  /**
   * Closes the pipes and leaves them in place: each module's `cat` holds its pipe open and goes on reading it,
   * and the next feed writes to the same pipes (a pipe removed would leave its `cat` reading one nobody writes).
   */
  close(): void {
    for (const fd of this.#fds.values()) closeSync(fd);
    this.#fds.clear();
  }

  #open(slot: string): number | undefined {
    const open = this.#fds.get(slot);
    if (open !== undefined || this.#failed.has(slot)) return open;
    const path = join(this.dir, slot);
    try {
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat) makeFifoSync(path);
      else if (!stat.isFIFO()) throw new Error('something other than a pipe is in its place');
      const fd = openSync(path, OPEN_FLAGS);
      const why = pipeRefusal(fstatSync(fd));
      if (why) {
        closeSync(fd);
        throw new Error(why);
      }
      this.#fds.set(slot, fd);
      return fd;
    } catch (e) {
      this.#fail(slot, e);
      return undefined;
    }
  }

  #fail(slot: string, e: unknown): void {
    this.#failed.add(slot);
    const fd = this.#fds.get(slot);
    if (fd !== undefined) closeSync(fd);
    this.#fds.delete(slot);
    this.log(`waybar: module ${slot} left empty: ${join(this.dir, slot)}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
