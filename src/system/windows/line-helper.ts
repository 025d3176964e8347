/**
 * A long-lived helper process spoken to in lines, as every Windows source that has no Node API uses one (the
 * media session, the keyboard layout, network counters and battery): started once, its stdout read as bounded
 * lines (an over-long line is dropped whole), every error event handled, and started again after it ends or
 * fails to start — after a back-off that doubles from 5 s up to 5 min and starts over once it has answered well,
 * so a helper that cannot run (no PowerShell) costs a start every few minutes, not one per poll. Each new
 * problem is said once in the log. Closing it kills the child.
 *
 * Two ways to restart: `keepRunning` helpers (the media session, which speaks unasked) are started again by a
 * timer; the others (asked a line per poll) are started again by the next request once the back-off has passed,
 * so no timer of theirs keeps a one-shot command alive.
 */
import { spawn as nodeSpawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Timers } from '../../scheduler/timers.js';

export interface HelperCommand {
  file: string;
  args: string[];
}

export type SpawnHelper = (command: HelperCommand) => ChildProcessWithoutNullStreams;

export const FIRST_RESTART_MS = 5_000;
export const MOST_RESTART_MS = 5 * 60_000;
/** Longest line read from a helper; longer ones are dropped whole. */
export const MAX_HELPER_LINE = 64 * 1024;

/** The wait before the `failures`th start again in a row: 5 s, 10 s, 20 s, … up to 5 min. */
export function restartDelay(failures: number): number {
  const doublings = Math.max(0, Math.min(30, failures - 1));
  return Math.min(MOST_RESTART_MS, FIRST_RESTART_MS * 2 ** doublings);
}

export interface LineHelperOptions {
  /** How the log names it, with its source: `media: the media-session helper`. */
  name: string;
  command: HelperCommand;
  timers: Timers;
  log(message: string): void;
  /** Each line it prints (trimmed, at most MAX_HELPER_LINE long). */
  onLine(line: string): void;
  /** It ended or could not start, with why. */
  onEnd?(why: string): void;
  /** Start now, and again by a timer after each end; otherwise `ensure()` starts it when asked. */
  keepRunning: boolean;
  /**
   * Neither the child nor its pipes keep Node running: a one-shot command (`preview`) that asked it once still
   * ends; the child ends when its stdin does.
   */
  unref?: boolean;
  /** Tests pass a fake; the default hides the window (a console window would flash up on each start). */
  spawn?: SpawnHelper;
}

export interface LineHelper {
  /** Starts it when it is not running and its back-off has passed; whether it is running now. */
  ensure(): boolean;
  /** Writes a line to its stdin; false when it is not running. */
  send(line: string): boolean;
  /** It said something that made sense: the next failure waits the shortest again. */
  answered(): void;
  /** Treat it as failed (it stopped answering): killed, and started again after the back-off. */
  fail(why: string): void;
  close(): void;
}

const defaultSpawn: SpawnHelper = ({ file, args }) => nodeSpawn(file, args, { stdio: 'pipe', windowsHide: true });

/** Splits chunks into lines, dropping whole any line longer than MAX_HELPER_LINE. */
export function lineSplitter(onLine: (line: string) => void): (chunk: string) => void {
  let buffer = '';
  let dropping = false;
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const nl = buffer.indexOf('\n');
      if (nl < 0) break;
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      const wasDropping = dropping;
      dropping = false;
      if (!wasDropping && line.length <= MAX_HELPER_LINE) onLine(line);
    }
    // A line without its end that is already too long is dropped up to its end.
    if (buffer.length > MAX_HELPER_LINE) {
      buffer = '';
      dropping = true;
    }
  };
}

export function lineHelper(opts: LineHelperOptions): LineHelper {
  const { timers, log } = opts;
  const spawn = opts.spawn ?? defaultSpawn;
  let child: ChildProcessWithoutNullStreams | undefined;
  let closed = false;
  let failures = 0;
  /** When (timers.now()) a request may start it again. */
  let notBefore = 0;
  let restartTimer: unknown;
  let lastProblem: string | undefined;

  const start = (): boolean => {
    if (closed) return false;
    let c: ChildProcessWithoutNullStreams;
    try {
      c = spawn(opts.command);
    } catch (e) {
      failed(undefined, `could not start (${e instanceof Error ? e.message : String(e)})`);
      return false;
    }
    child = c;
    if (opts.unref) {
      c.unref();
      for (const pipe of [c.stdin, c.stdout, c.stderr]) (pipe as { unref?: () => void }).unref?.();
    }
    let stderr = '';
    c.stdout.setEncoding('utf8');
    c.stdout.on('data', lineSplitter((line) => child === c && opts.onLine(line)));
    c.stderr.setEncoding('utf8');
    c.stderr.on('data', (chunk: string) => {
      if (stderr.length < 2048) stderr += chunk;
    });
    c.stdout.on('error', () => undefined);
    c.stderr.on('error', () => undefined);
    c.stdin.on('error', () => undefined);
    c.on('error', (e) => failed(c, e.message));
    c.on('exit', (code) => failed(c, `exited (${code ?? 'signal'})${stderr ? `: ${stderr.trim().split('\n')[0]?.slice(0, 200)}` : ''}`));
    return true;
  };

  /** `c` is gone, or never came (an error and an exit can both say so: the first one counts). */
  function failed(c: ChildProcessWithoutNullStreams | undefined, why: string): void {
    if (closed || child !== c) return;
    child = undefined;
    failures += 1;
    const delay = restartDelay(failures);
    notBefore = timers.now() + delay;
    if (why !== lastProblem) log(`${opts.name} ${why}; starting it again in ${delay / 1000} s, then less often while it keeps failing (at most every ${MOST_RESTART_MS / 60_000} min)`);
    lastProblem = why;
    opts.onEnd?.(why);
    if (opts.keepRunning) {
      timers.clearTimeout(restartTimer);
      restartTimer = timers.setTimeout(start, delay);
    }
  }

  if (opts.keepRunning) start();
  return {
    ensure() {
      if (child) return true;
      if (closed || opts.keepRunning || timers.now() < notBefore) return false;
      return start();
    },
    send(line) {
      if (!child) return false;
      child.stdin.write(`${line}\n`);
      return true;
    },
    answered() {
      failures = 0;
      lastProblem = undefined;
    },
    fail(why) {
      const c = child;
      if (!c) return;
      failed(c, why);
      c.kill();
    },
    close() {
      closed = true;
      timers.clearTimeout(restartTimer);
      child?.kill();
      child = undefined;
    },
  };
}
