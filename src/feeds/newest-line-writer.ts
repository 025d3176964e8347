/**
 * How every feed writes to its host: each line replaces the one before it, so a host that stops reading (frozen,
 * stopped in a debugger, its pipe full) is owed only the newest line, not every line since it stopped. While the
 * pipe is full only the newest line is held, and the host gets it once what was queued before has gone out.
 *
 * "Full" is our own number, `HOST_QUEUE_BYTES`, not the stream's high-water mark: that is Node's default, which
 * changed between lines (16 KB on Node 20, 64 KB from Node 22), and a process's stdout is made by Node, with no
 * way to give it one of ours. So the writer ignores `write()`'s answer and looks at what the stream holds
 * (`writableLength`): once that reaches the bound after a write, it waits for that write's callback — by then
 * everything queued before it has gone out too — before writing again. What Node queues for a stalled host stays
 * below `HOST_QUEUE_BYTES` and one line on every line of Node, however long the stall.
 *
 * A quiet heartbeat ends a feed whose host has gone: a feed learns that its stdout's reader went only when it
 * writes (EPIPE, which ends the feed: cli/feed.ts), and a quiet bar may not write for hours. At each of the bar's
 * heartbeats (`ticks`: the scheduler's, every whole second while it polls) with nothing written since the one
 * before, the writer writes `probe` (by default the last line again), so a bar that writes every second never
 * probes. On the heartbeat, not a timer of its own: a timer started again by every write still woke the process
 * where it first ran out (Node's timer lists keep their first expiry), a wake-up a second for a bar writing one
 * line a second. There is no way to learn it without writing from Node on
 * Linux (tried, Node 20, Linux 6.18): a zero-length write to a pipe without a reader succeeds (Linux returns 0
 * before looking for readers); watching the write end for EPOLLERR, which Linux raises there when the last reader
 * goes, needs a read watch, and libuv refuses to read a write-only pipe (`read ENOTCONN`) — a read-write end would
 * make us a reader of our own pipe; inotify, as `fs.watch` asks for it, has no close events. So a heartbeat it
 * is, and only a quiet bar pays for it.
 */
import type { Writable } from 'node:stream';

/**
 * What the writer lets the stream queue for a host that does not read, beyond what the pipe itself holds: the
 * high-water mark Node 20 gave a pipe (16 KB), so stale lines queued there are a few at most, whatever Node runs.
 */
export const HOST_QUEUE_BYTES = 16 * 1024;

/** The bar's heartbeats (LiveBar.onTick): subscribes a listener, returns how to unsubscribe it. */
export type Heartbeats = (listener: () => void) => () => void;

export interface NewestLineWriterOptions {
  /** Written first and never dropped (the i3bar protocol's header and the opening of its endless array). */
  head?: string;
  /** Written before every line but the first that reaches the host (the i3bar protocol's comma between lines). */
  separator?: string;
  /** The host has had lines before this writer's (a thin feed's: serve/thin-feeds.ts): the separator goes before every line. */
  continues?: boolean;
  /** The bar's heartbeats: at one with nothing written since the one before, the probe is written; none when undefined. */
  ticks?: Heartbeats;
  /** What the heartbeat writes: by default the last line again, as it was written. */
  probe?: string;
  /** Bytes the stream may hold before the writer waits (tests); `HOST_QUEUE_BYTES` by default. */
  queueBytes?: number;
}

export class NewestLineWriter {
  #held: string | Buffer | undefined;
  #waiting = false;
  #sentLine = false;
  #lastSent: string | Buffer | undefined;
  #stopped = false;
  readonly #queueBytes: number;
  /** Something was written since the last heartbeat. */
  #sentSinceBeat = false;
  readonly #offTicks: (() => void) | undefined;

  constructor(
    private readonly out: Writable,
    private readonly options: NewestLineWriterOptions = {},
  ) {
    this.#queueBytes = options.queueBytes ?? HOST_QUEUE_BYTES;
    this.#sentLine = options.continues === true;
    this.#offTicks = options.ticks?.(() => this.#beat());
    if (options.head !== undefined) this.#send(options.head);
  }

  /** Write `line` (its own newline included; text or its UTF-8), or hold it, in place of any held before, until the pipe drains. */
  write(line: string | Buffer): void {
    if (this.#waiting) this.#held = line;
    else this.#sendLine(line);
  }

  stop(): void {
    this.#stopped = true;
    this.#offTicks?.();
    this.#held = undefined;
  }

  #sendLine(line: string | Buffer): void {
    const separator = this.#sentLine ? this.options.separator : undefined;
    const text = separator ? withSeparator(separator, line) : line;
    this.#sentLine = true;
    this.#lastSent = text;
    this.#send(text);
  }

  #send(text: string | Buffer): void {
    // A host that went (EPIPE) destroyed the stream; the feed is ending, and a write now would only throw away.
    if (this.out.destroyed) return;
    this.#sentSinceBeat = true;
    // write()'s answer is the stream's high-water mark, Node's number: ours decides (the header says why). Only
    // the callback of the write that filled the queue ends the wait: earlier ones leave later bytes queued.
    const write = { done: false, filled: false };
    this.out.write(text, () => {
      write.done = true;
      if (write.filled) this.#drained();
    });
    // (A stream may call back before write() returns: then that write is out already, and nothing waits.)
    if (!write.done && this.out.writableLength >= this.#queueBytes) {
      write.filled = true;
      this.#waiting = true;
    }
  }

  /** The write that filled the queue has gone out, and with it everything queued before it. */
  readonly #drained = (): void => {
    this.#waiting = false;
    if (this.#stopped) return;
    const held = this.#held;
    this.#held = undefined;
    if (held !== undefined) this.#sendLine(held);
  };

  #beat(): void {
    const quiet = !this.#sentSinceBeat;
    this.#sentSinceBeat = false;
    const probe = this.options.probe ?? this.#lastSent;
    // A full pipe needs no probe: libuv is already waiting on it, and a reader's going fails that write.
    if (quiet && !this.#waiting && probe !== undefined) this.#send(probe);
  }
}

/**
 * The separator and the line as one buffer of their UTF-8: a string of the two would be a third string, copied
 * whole (twice its length, for a line with any character outside Latin-1) before it could be written.
 */
function withSeparator(separator: string, line: string | Buffer): Buffer {
  const at = Buffer.byteLength(separator);
  const bytes = Buffer.allocUnsafe(at + Buffer.byteLength(line));
  bytes.write(separator, 0);
  if (typeof line === 'string') bytes.write(line, at);
  else line.copy(bytes, at);
  return bytes;
}
