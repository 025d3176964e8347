/**
 * Thin feeds: a host bar that can read a named pipe itself (tmux's `#()` job, i3bar's status command: a shell loop
 * and `cat`) needs no Node process of its own. Its loop runs `tilebar feed <host> --pipe` only to attach: the core
 * makes a pipe for it in the private runtime directory, answers with its path, and that front end ends; the loop's
 * `cat` reads the pipe, and the core runs the host's feed (the same code a Node feed runs, over a view of the same
 * bar) writing its lines there. The `cat` is the front end from then on:
 * - the core opens the pipe's write end once the `cat` has opened its read end (it tries for READER_WITHIN_MS,
 *   then gives the pipe up: nobody came);
 * - the host gone (its `cat` killed, or its stdout closed), the next write fails (EPIPE; a quiet bar writes at a
 *   heartbeat for this: newest-line-writer.ts) and the feed is closed: its bar released, its pipe removed;
 * - the core gone, the `cat` reads the pipe's end, and the loop attaches again (starting a core when none answers);
 * - a `cat` left waiting in its open by a core killed before it opened the write end is woken by the next core
 *   (`removeDeadThinPipes`), whose start removes the pipes of dead cores.
 * Every pipe is checked on its opened descriptor (io/fifo.ts): ours, 0600, a pipe.
 *
 * A feed's first line waits for its bar's sources to answer once (FIRST_LINE_WAIT_MS at most): the host shows
 * the line it read last until then — the last core's, when a core was replaced — where a line written at once
 * would lack the widgets whose sources a new core is still reading.
 */
import { unlinkSync } from 'node:fs';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import type { FrontEndView } from '../app/store.js';
import type { BarSelect, PipeFeed, StatusReport } from '../channel/protocol.js';
import type { FeedHost } from '../feeds/hosts.js';
import type { Feed } from '../feeds/line-feed.js';
import { TMUX_PLACES, type TmuxPlace } from '../feeds/tmux.js';
import { removeDeadProcessFiles } from '../io/dead-process-files.js';
import { makeFifo, openFifoForWriting, openFifoToRead, wakeFifoReader } from '../io/fifo.js';
import type { Log } from '../io/log.js';
import { PLAIN_PATH, type RuntimeDir } from '../io/runtime-dir.js';
import type { Timers } from '../scheduler/timers.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';

/** How long the core waits for a thin feed's `cat` to open its pipe: its loop runs it as soon as the path is printed. */
export const READER_WITHIN_MS = 10_000;
const READER_POLL_MS = 50;
/**
 * How long a thin feed's first line waits for its bar's sources to answer once. /proc answers at once, the CPU
 * and the network after their first two samples (FIRST_SAMPLE_GAP_MS, 250 ms); a slower source (the update check)
 * is not waited for longer, since the host's clock stands still meanwhile. Twice a heartbeat: a loaded machine
 * starting a core is slow too.
 */
export const FIRST_LINE_WAIT_MS = 2_000;
/** Thin feeds at most (one per host bar per monitor, and one per tmux client: a handful). */
export const MOST_THIN = 64;

/** A thin feed's bar, opened for it as for any front end, with the look its host's feed needs. */
export interface ThinBar {
  view: FrontEndView;
  config: string;
  label: string;
  monitor: () => number;
  /** The bar's heartbeats (a quiet feed's probe). */
  ticks: (listener: () => void) => () => void;
  /** Whether every source the bar's widgets read has answered once (read or failed); absent: nothing to wait for. */
  answered?: () => boolean;
  release(): void;
}

export interface ThinFeedsDeps {
  /** Where the pipes are made: the user's private runtime directory. */
  runtime: RuntimeDir;
  hosts: readonly FeedHost[];
  /** Opens the bar a front end selected, with its host's look (icons). */
  openBar(select: BarSelect, pipe: PipeFeed): Promise<{ ok: true; bar: ThinBar } | { ok: false; why: string }>;
  timers: Timers;
  log: Log;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  /** The number of thin feeds changed (the idle exit counts them with the attached front ends). */
  onCount?: (count: number) => void;
  platform: NodeJS.Platform;
  /** Makes the pipe (io/fifo.ts's makeFifo unless given). */
  makeFifo?: (path: string) => Promise<void>;
  pid?: number;
}

export type ThinOpened = { ok: true; pipe: string; config: string; label: string; monitor: number } | { ok: false; why: string };

/** The names of this core's pipes: `thin-<core pid>-<n>.pipe`, and `<that>.clicks` for a host that sends clicks on stdin. */
const THIN_NAME = /^thin-(\d{1,10})-\d{1,10}\.pipe(\.clicks)?$/;

/** Removes the pipes of cores that are gone, first waking any `cat` still waiting to open one. Never throws. */
export function removeDeadThinPipes(dir: string): void {
  removeDeadProcessFiles(dir, {
    pidOf: (name) => {
      const m = THIN_NAME.exec(name);
      return m ? Number(m[1]) : undefined;
    },
    mayRemove: (path) => {
      wakeFifoReader(path);
      return true;
    },
  });
}

export class ThinFeeds {
  readonly #deps: ThinFeedsDeps;
  readonly #feeds = new Set<ThinFeed>();
  #next = 1;
  #opening = 0;
  #closed = false;

  constructor(deps: ThinFeedsDeps) {
    this.#deps = deps;
    if (deps.runtime.ok && deps.platform !== 'win32') removeDeadThinPipes(deps.runtime.path);
  }

  get count(): number {
    return this.#feeds.size;
  }

  /** The thin feeds as `serve --status` lists them (the pid is their host's shell). */
  frontEnds(): StatusReport['frontEnds'] {
    return [...this.#feeds].map((f) => f.described);
  }

  /** A thin feed for a front end's select: its pipe made and its bar opened; the feed starts once its `cat` reads. */
  async open(select: BarSelect, host: string, pipe: PipeFeed): Promise<ThinOpened> {
    // Those still being opened count too: many asked at once cannot pass the bound together.
    if (this.#feeds.size + this.#opening >= MOST_THIN) return { ok: false, why: `the core feeds ${MOST_THIN} thin feeds already` };
    this.#opening++;
    try {
      return await this.#open(select, host, pipe);
    } finally {
      this.#opening--;
    }
  }

  async #open(select: BarSelect, host: string, pipe: PipeFeed): Promise<ThinOpened> {
    const d = this.#deps;
    if (this.#closed) return { ok: false, why: 'the core is stopping' };
    if (d.platform === 'win32') return { ok: false, why: 'Windows has no named pipes a host could cat' };
    if (!d.runtime.ok) return { ok: false, why: `no private directory for its pipe: ${d.runtime.why}` };
    const entry = d.hosts.find((h) => h.name === host);
    if (!entry?.thin) return { ok: false, why: `${host} has no thin feed` };
    const place = placeOf(pipe.place);
    const n = this.#next++;
    const path = join(d.runtime.path, `thin-${d.pid ?? process.pid}-${n}.pipe`);
    const clicksPath = entry.clicksOnStdin ? `${path}.clicks` : undefined;
    // The loops name the pipe unquoted (sway's config would strip the quotes): a path of plain characters only.
    if (!PLAIN_PATH.test(path)) return { ok: false, why: `its pipe's path has characters a shell would split or expand: ${JSON.stringify(path)}` };
    // Only what this core made is removed: whatever mkfifo found at a name (it never replaces one) stays as it was.
    const made: string[] = [];
    try {
      for (const p of clicksPath ? [path, clicksPath] : [path]) {
        await (d.makeFifo ?? makeFifo)(p);
        made.push(p);
      }
    } catch (e) {
      made.forEach(removeQuietly);
      return { ok: false, why: `its pipe could not be made: ${e instanceof Error ? e.message : String(e)}` };
    }
    const opened = await d.openBar(select, pipe).catch((e: unknown) => ({ ok: false as const, why: e instanceof Error ? e.message : String(e) }));
    if (!opened.ok || this.#closed) {
      if (opened.ok) {
        opened.bar.view.close();
        opened.bar.release();
      }
      removeQuietly(path);
      if (clicksPath) removeQuietly(clicksPath);
      return { ok: false, why: opened.ok ? 'the core is stopping' : opened.why };
    }
    const feed = new ThinFeed(n, { path, clicksPath, entry, place, pipe, bar: opened.bar, deps: d, gone: () => this.#gone(feed) });
    this.#feeds.add(feed);
    d.onCount?.(this.#feeds.size);
    // Counted first: a pipe refused at once closes the feed, which takes it out again.
    feed.waitForReader();
    if (!this.#feeds.has(feed)) return { ok: false, why: 'its pipe was refused (see the core’s log)' };
    return { ok: true, pipe: path, config: opened.bar.config, label: opened.bar.label, monitor: opened.bar.monitor() };
  }

  /**
   * Every thin feed closed: their `cat`s read the end and their loops attach again (to the next core). A line
   * begun in a pipe is finished first (ThinFeed.close says why), so the process may live on until its reader reads.
   */
  close(why: string): void {
    this.#closed = true;
    for (const f of [...this.#feeds]) f.close(why, { finishLine: true });
  }

  #gone(feed: ThinFeed): void {
    if (!this.#feeds.delete(feed)) return;
    this.#deps.onCount?.(this.#feeds.size);
  }
}

function placeOf(place: string | undefined): TmuxPlace {
  return (TMUX_PLACES as readonly string[]).includes(place ?? '') ? (place as TmuxPlace) : 'line';
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
}

interface ThinFeedParts {
  path: string;
  clicksPath: string | undefined;
  entry: FeedHost;
  place: TmuxPlace;
  pipe: PipeFeed;
  bar: ThinBar;
  deps: ThinFeedsDeps;
  gone: () => void;
}

class ThinFeed {
  #out: Socket | undefined;
  #in: Socket | undefined;
  #feed: Feed | undefined;
  #waitTimer: unknown;
  /** Ends the wait for the bar's first readings (the feed closed meanwhile). */
  #stopWaiting: (() => void) | undefined;
  #closed = false;
  readonly #since: number;

  constructor(
    readonly id: number,
    private readonly p: ThinFeedParts,
  ) {
    this.#since = p.deps.timers.now();
  }

  get described(): StatusReport['frontEnds'][number] {
    return { id: -this.id, role: { kind: 'feed', host: this.p.entry.name, pipe: this.p.pipe }, pid: this.p.pipe.reader, config: this.p.bar.config, monitor: this.p.bar.monitor() };
  }

  /** Opens the pipe's write end once its reader has opened it, trying every READER_POLL_MS until READER_WITHIN_MS. */
  waitForReader(): void {
    const { deps, path } = this.p;
    let fd: number | 'no-reader';
    try {
      fd = openFifoForWriting(path);
    } catch (e) {
      return this.close(`its pipe is refused: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (fd === 'no-reader') {
      if (deps.timers.now() - this.#since >= READER_WITHIN_MS) return this.close(`nothing opened its pipe within ${READER_WITHIN_MS / 1000} s`);
      this.#waitTimer = deps.timers.setTimeout(() => this.waitForReader(), READER_POLL_MS);
      return;
    }
    void this.#start(fd);
  }

  async #start(fd: number): Promise<void> {
    const { deps, entry, bar } = this.p;
    if (this.#closed) return;
    // A socket over the pipe (libuv's stream, as a process's stdout is): writes never block, and EPIPE comes as an error.
    const out = new Socket({ fd, readable: false, writable: true });
    this.#out = out;
    out.on('error', (e: NodeJS.ErrnoException) => this.close(e.code === 'EPIPE' ? 'its host left' : `its pipe: ${e.message}`));
    out.on('close', () => this.close('its host left'));
    let input: Socket | PassThrough = new PassThrough();
    if (this.p.clicksPath) {
      try {
        const clicks = new Socket({ fd: openFifoToRead(this.p.clicksPath), readable: true, writable: false });
        clicks.on('error', () => undefined);
        this.#in = clicks;
        input = clicks;
      } catch (e) {
        deps.log(`core: thin feed ${entry.name}: its clicks are not read: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    // Its host reads the last line it had meanwhile (the last core's, when a core was replaced).
    await this.#firstReadings();
    if (this.#closed) return;
    const tmuxPid = this.p.pipe.tmuxPid;
    try {
      this.#feed = await entry.start({
        view: bar.view,
        out,
        in: input,
        // Only what the host's feed reads of its environment: tmux's server (which inbox is its).
        env: tmuxPid !== undefined ? { TMUX: `thin,${tmuxPid},0` } : {},
        runtime: deps.runtime,
        version: deps.version,
        tilerOptions: deps.tilerOptions,
        log: deps.log,
        tmuxPlace: this.p.place,
        ticks: bar.ticks,
        ...(this.p.pipe.part ? { part: this.p.pipe.part } : {}),
        // What is named after the feed's process (Polybar's inbox) is named after this feed too: the core runs many.
        name: `thin${this.id}`,
      });
    } catch (e) {
      return this.close(`its feed did not start: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (this.#closed) {
      this.#feed.stop();
      return;
    }
    deps.log(`core: thin feed ${entry.name} (read by pid ${this.p.pipe.reader}) shows ${bar.label}, monitor ${bar.monitor()}`);
  }

  /** Resolves once the bar's sources have answered once, after FIRST_LINE_WAIT_MS at most, or the feed closed. */
  #firstReadings(): Promise<void> {
    const { bar, deps } = this.p;
    const answered = bar.answered;
    if (!answered || answered()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.#stopWaiting = undefined;
        off();
        deps.timers.clearTimeout(timer);
        resolve();
      };
      const timer = deps.timers.setTimeout(done, FIRST_LINE_WAIT_MS);
      const off = bar.view.subscribe(() => {
        if (answered()) done();
      });
      this.#stopWaiting = done;
    });
  }

  /**
   * `finishLine`: the core is stopping, the host is still there. A line the pipe took only the start of (its reader
   * is slow, or stopped: a hidden i3bar stops its loop) is written to its end before the write end closes: cut
   * short, it would be followed by the next core's first line, which for i3bar and swaybar is JSON they cannot parse
   * again, for good. Nothing more is written; a reader that never reads again keeps the process until a second
   * signal ends it (run-end.ts).
   */
  close(why: string, how: { finishLine?: boolean } = {}): void {
    if (this.#closed) return;
    this.#closed = true;
    const { deps, entry, path, clicksPath, bar } = this.p;
    deps.timers.clearTimeout(this.#waitTimer);
    this.#stopWaiting?.();
    this.#feed?.stop();
    if (how.finishLine && this.#out && this.#out.writableLength > 0) this.#out.end();
    else this.#out?.destroy();
    this.#in?.destroy();
    bar.view.close();
    bar.release();
    // A `cat` still waiting in its open is woken (it reads the end), then the names go.
    if (!this.#out) wakeFifoReader(path);
    removeQuietly(path);
    if (clicksPath) removeQuietly(clicksPath);
    deps.log(`core: thin feed ${entry.name} (read by pid ${this.p.pipe.reader}) closed: ${why}`);
    this.p.gone();
  }
}
