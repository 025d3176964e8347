/**
 * The poller scheduler: the only owner of timers in the bar. Each source is polled on the shortest
 * interval any subscriber asked for, first at start; a poll never overlaps itself and missed ticks are
 * dropped, not queued; every poll has a timeout, and failures back off (doubling, at most 5 minutes or
 * the interval). A once-a-second heartbeat, aligned to the wall clock's seconds, drives clocks and notices
 * wall-clock jumps (suspend/resume, a clock change), which refresh every source once. Polls on whole-second
 * intervals run on the heartbeat nearest their due time (the first poll at start aside), so the readings of
 * a second and its clock tick land in one frame instead of two.
 */
import type { Timers } from './timers.js';

export type PollOutcome<T> =
  | { ok: true; value: T; wallTime: number; durationMs: number }
  | { ok: false; error: string; wallTime: number; failures: number; retryInMs: number };

export type PollListener<T> = (outcome: PollOutcome<T>) => void;

export interface SourceSpec<T> {
  /** Subscribers of one key share its polls: the same thing read the same way (live-sources.ts's sourceKey). */
  key: string;
  /** What a status report calls the source (`cpu`); default: the key. */
  name?: string;
  read: (signal: AbortSignal) => Promise<T>;
  /** 0 means every heartbeat. */
  intervalMs: number;
  timeoutMs: number;
}

export interface SchedulerOptions {
  heartbeatMs?: number;
  /** A wall-clock step larger than this between heartbeats counts as a jump. */
  jumpToleranceMs?: number;
  maxBackoffMs?: number;
  /** A subscriber threw: the scheduler carries on; this hears about it. */
  onListenerError?: (error: unknown, key: string) => void;
}

/** A source as a status report shows it (`Scheduler.sources`). */
export interface SourceDescription {
  key: string;
  name: string;
  /** How often it is polled: the shortest interval its subscribers asked for. */
  intervalMs: number;
  subscribers: number;
  /** How many times it has been read since it was first polled (for `serve --status`: once per interval for all bars). */
  reads: number;
  /** Its last poll's outcome, and when (wall-clock ms); absent before the first. */
  last?: { ok: boolean; wallTime: number };
}

interface SourceState {
  key: string;
  name: string;
  read: (signal: AbortSignal) => Promise<unknown>;
  timeoutMs: number;
  subscribers: Map<number, { intervalMs: number; listener: PollListener<unknown> }>;
  inFlight?: AbortController;
  timer?: unknown;
  /** Monotonic due time of the next poll when it is to run on a heartbeat instead of its own timer. */
  dueAt?: number;
  lastStart?: number;
  failures: number;
  polls: number;
  last?: { ok: boolean; wallTime: number };
}

export class Scheduler {
  private readonly polled = new Map<string, SourceState>();
  private readonly tickListeners = new Set<(wallTime: number) => void>();
  private readonly heartbeatMs: number;
  private readonly jumpToleranceMs: number;
  private readonly maxBackoffMs: number;
  private readonly onListenerError: (error: unknown, key: string) => void;
  private heartbeat?: unknown;
  /** Heartbeats so far: what a source polled every second is read once in each (`serve --status` shows both). */
  private beatCount = 0;
  private lastBeat?: { mono: number; wall: number };
  private running = false;
  private nextId = 0;

  constructor(
    private readonly timers: Timers,
    options: SchedulerOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 1000;
    this.jumpToleranceMs = options.jumpToleranceMs ?? 2000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
    this.onListenerError = options.onListenerError ?? (() => undefined);
  }

  /** Subscribe to a source; subscribers of the same key share its polls. Returns the unsubscribe function. */
  poll<T>(spec: SourceSpec<T>, listener: PollListener<T>): () => void {
    let source = this.polled.get(spec.key);
    if (!source) {
      source = { key: spec.key, name: spec.name ?? spec.key, read: spec.read, timeoutMs: spec.timeoutMs, subscribers: new Map(), failures: 0, polls: 0 };
      this.polled.set(spec.key, source);
    }
    const id = this.nextId++;
    const before = this.intervalOf(source);
    source.subscribers.set(id, { intervalMs: spec.intervalMs, listener: listener as PollListener<unknown> });
    if (this.running) {
      if (source.polls === 0 && !source.inFlight) this.run(source);
      else if (this.intervalOf(source) < before) this.reschedule(source);
    }
    const owner = source;
    return () => {
      owner.subscribers.delete(id);
      if (owner.subscribers.size === 0) {
        this.timers.clearTimeout(owner.timer);
        owner.inFlight?.abort(new Error('no subscribers'));
        this.polled.delete(owner.key);
      }
    };
  }

  /** Called on every heartbeat with the wall time: for clocks. */
  onTick(listener: (wallTime: number) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** How many heartbeats it has had. */
  get beats(): number {
    return this.beatCount;
  }

  /** Whether it polls and beats (between `start` and `stop`). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Each source polled now, for a status report: cheap, nothing is read. */
  sources(): SourceDescription[] {
    return [...this.polled.values()].map((s) => ({ key: s.key, name: s.name, intervalMs: this.intervalOf(s), subscribers: s.subscribers.size, reads: s.polls, ...(s.last ? { last: { ...s.last } } : {}) }));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const source of this.polled.values()) this.run(source);
    this.lastBeat = { mono: this.timers.now(), wall: this.timers.wallNow() };
    this.scheduleHeartbeat();
  }

  stop(): void {
    this.running = false;
    this.timers.clearTimeout(this.heartbeat);
    for (const source of this.polled.values()) {
      this.timers.clearTimeout(source.timer);
      source.inFlight?.abort(new Error('stopped'));
    }
  }

  /** Poll every source that is not already polling, now (after a wall-clock jump, or on request). */
  refreshAll(): void {
    this.refresh(this.polled.keys());
  }

  /** Poll these sources now, each unless it is already polling (one bar's sources, when several share the scheduler). */
  refresh(keys: Iterable<string>): void {
    for (const key of keys) {
      const source = this.polled.get(key);
      if (!source || source.inFlight) continue;
      this.timers.clearTimeout(source.timer);
      source.dueAt = undefined;
      this.run(source);
    }
  }

  /**
   * Effective interval of a source: the shortest any subscriber asked for; 0 means every heartbeat. A source
   * without subscribers has none (it is being removed): Math.min() of nothing is Infinity, which a timer turns
   * into 1 ms — the loop a reload during a poll used to start.
   */
  private intervalOf(source: SourceState): number {
    let asked = Infinity;
    for (const s of source.subscribers.values()) asked = Math.min(asked, s.intervalMs);
    if (asked === Infinity) return Infinity;
    return asked <= 0 ? this.heartbeatMs : Math.min(asked, MAX_INTERVAL_MS);
  }

  /** Whether this source is still the scheduler's: one removed (and perhaps replaced under its key) is not. */
  private isCurrent(source: SourceState): boolean {
    return this.polled.get(source.key) === source && source.subscribers.size > 0;
  }

  private scheduleHeartbeat(): void {
    const wall = this.timers.wallNow();
    const untilNextSecond = this.heartbeatMs - (wall % this.heartbeatMs);
    this.heartbeat = this.timers.setTimeout(() => this.beat(), untilNextSecond);
  }

  private beat(): void {
    if (!this.running) return;
    this.beatCount++;
    const mono = this.timers.now();
    const wall = this.timers.wallNow();
    if (this.lastBeat) {
      const drift = wall - this.lastBeat.wall - (mono - this.lastBeat.mono);
      if (Math.abs(drift) > this.jumpToleranceMs) this.refreshAll();
    }
    this.lastBeat = { mono, wall };
    // Polls due around this beat start first: their readings (most resolve within this turn of the event
    // loop) and the clocks then make one frame.
    for (const source of this.polled.values()) {
      if (source.dueAt !== undefined && source.dueAt - this.heartbeatMs / 2 <= mono) this.run(source);
    }
    for (const listener of this.tickListeners) {
      try {
        listener(wall);
      } catch (error) {
        this.onListenerError(error, 'heartbeat');
      }
    }
    this.scheduleHeartbeat();
  }

  private reschedule(source: SourceState): void {
    if (source.inFlight || source.lastStart === undefined || source.failures > 0) return;
    this.timers.clearTimeout(source.timer);
    this.setDue(source, source.lastStart + this.intervalOf(source));
  }

  /** Polls on whole-second intervals wait for the heartbeat nearest their due time; others get a timer. */
  private setDue(source: SourceState, due: number): void {
    source.dueAt = undefined;
    source.timer = undefined;
    if (this.intervalOf(source) % this.heartbeatMs === 0) source.dueAt = due;
    else source.timer = this.timers.setTimeout(() => this.run(source), due - this.timers.now());
  }

  private run(source: SourceState): void {
    if (!this.running || source.inFlight || !this.isCurrent(source)) return;
    const controller = new AbortController();
    source.dueAt = undefined;
    source.inFlight = controller;
    source.lastStart = this.timers.now();
    source.polls++;
    const started = source.lastStart;
    let timedOut = false;
    const timeout = this.timers.setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${source.timeoutMs} ms`));
      this.fail(source, `timed out after ${formatMs(source.timeoutMs)}`);
    }, source.timeoutMs);

    source
      .read(controller.signal)
      .then(
        (value) => {
          if (timedOut || controller.signal.aborted) return;
          source.failures = 0;
          this.emit(source, { ok: true, value, wallTime: this.timers.wallNow(), durationMs: this.timers.now() - started });
        },
        (error: unknown) => {
          if (timedOut || controller.signal.aborted) return;
          this.fail(source, error instanceof Error ? error.message : String(error));
        },
      )
      .finally(() => {
        this.timers.clearTimeout(timeout);
        if (source.inFlight === controller) source.inFlight = undefined;
        this.scheduleNext(source);
      })
      .catch((error: unknown) => this.onListenerError(error, source.key));
  }

  private fail(source: SourceState, error: string): void {
    source.failures++;
    this.emit(source, { ok: false, error, wallTime: this.timers.wallNow(), failures: source.failures, retryInMs: this.backoff(source) });
  }

  private backoff(source: SourceState): number {
    const interval = this.intervalOf(source);
    return Math.min(interval * 2 ** (source.failures - 1), Math.max(interval, this.maxBackoffMs));
  }

  private scheduleNext(source: SourceState): void {
    if (!this.running || !this.isCurrent(source) || source.lastStart === undefined) return;
    const now = this.timers.now();
    if (source.failures > 0) {
      source.timer = this.timers.setTimeout(() => this.run(source), this.backoff(source));
      return;
    }
    // Stay on the interval's grid; ticks missed while a slow poll ran are dropped, never queued.
    const interval = this.intervalOf(source);
    const elapsed = now - source.lastStart;
    this.setDue(source, source.lastStart + interval * Math.max(1, Math.ceil(elapsed / interval)));
  }

  private emit(source: SourceState, outcome: PollOutcome<unknown>): void {
    source.last = { ok: outcome.ok, wallTime: outcome.wallTime };
    for (const { listener } of source.subscribers.values()) {
      try {
        listener(outcome);
      } catch (error) {
        this.onListenerError(error, source.key);
      }
    }
  }
}

/** The longest interval kept: a timer cannot wait longer than 2^31 − 1 ms (~24.8 days), so nor does a poll. */
export const MAX_INTERVAL_MS = 2 ** 31 - 1;

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
