/**
 * How a running bar ends: `q` (0), Ctrl-C as a key in raw mode or the signal (130), SIGTERM (143), its terminal
 * going (SIGHUP, 129), or the caller's stop (tests). The first reason wins; `ended` resolves once it comes.
 *
 * And the signals a long-running command answers, held from the process's first line (`holdSignals`, called by
 * launcher.ts before anything else is loaded):
 * - SIGUSR1 and SIGUSR2 in every command. When nothing in JavaScript listens for them, Node opens an
 *   unauthenticated inspector on 127.0.0.1:9229 on SIGUSR1 (anyone on the machine who connects runs code as the
 *   bar's user) and dies of SIGUSR2 (status −12, nothing said). Two layers keep the inspector shut:
 *   1. Before this first line: the command's #! line starts Node with `--inspect-port=fe80::1:9229`
 *      (cli/node-launch-flags.ts), an address nothing can listen on. A SIGUSR1 that comes between Node's start and
 *      the listener below makes Node print "Starting inspector on fe80::1:9229 failed: invalid argument" (a line
 *      or two per signal) and go on, on Node 22, 24 and 26 alike (measured on 22.23.3, 24.21.0 and 26.12.1, 200 starts
 *      each signalled all through that window: test/cli/sigusr1-inspector.test.ts; Node 20, end of life and
 *      not supported, behaves alike). Earlier still, from the exec to Node's first instructions, the signal's
 *      default ends the process, as it would any program's.
 *   2. From this first line: a JavaScript listener, which replaces Node's own handler, so SIGUSR1 is tilebar's
 *      (every source read again, or i3bar's stop). Node 22.14's `--disable-sigusr1` cannot stand in for the
 *      flag: it leaves SIGUSR1 blocked in every thread, so no listener would ever hear it. For a node started
 *      without the flag (`node dist/bundle/main.js`), `shutEarlyInspector` shuts an inspector a SIGUSR1 before
 *      this line opened: on the next turn, and again when a bar takes the signals. Too late alone: measured
 *      without the flag, 200 starts signalled like the test's, 155–175 said "Debugger listening" and another
 *      user connected to 23–40 of those inspectors, thousands of times each (some opened after that next turn
 *      and stayed open until the bar took the signals).
 *   Until a bar takes them (`takeUserSignals`) they are kept, the last few, for it.
 * - SIGHUP, SIGINT and SIGTERM in `run` and `feed` only (a one-shot command keeps the default: it dies at once).
 *   A signal that comes while the bar starts is kept and honoured once `runEnd` is made; a second one, or one
 *   after the bar has let go of them (it is ending), ends the process at once, so an end that hangs never
 *   outlives the user's `kill`. The listeners stay for the process's life: Ink's signal-exit, which unmounts
 *   Ink and kills the process again when it sees itself alone on a signal, never is (a `once` listener left it
 *   alone: issue 31 measured bars living on, idle, after their terminal closed).
 */
import { createRequire } from 'node:module';
import { SIGNAL_EXIT } from './exit-status.js';

export type EndSignal = keyof typeof SIGNAL_EXIT;
export type UserSignal = 'SIGUSR1' | 'SIGUSR2';
const END_SIGNALS = Object.keys(SIGNAL_EXIT) as EndSignal[];
const USER_SIGNALS: readonly UserSignal[] = ['SIGUSR1', 'SIGUSR2'];
/** User signals kept for a bar that is not up yet: enough for i3bar's stop and continue, bounded. */
const KEPT_USER_SIGNALS = 4;

interface Holder {
  /** Listeners installed by holdSignals stay for the process's life; others only while something takes them. */
  fromStart: boolean;
  endTaker?: ((s: EndSignal) => void) | undefined;
  /** An end signal that came before anything took them. */
  endBefore?: EndSignal | undefined;
  /** End signals handed to a taker so far: the next one while ending ends the process. */
  endsHanded: number;
  /** A taker was there and let go: the bar is ending. */
  endReleased: boolean;
  userTaker?: ((s: UserSignal) => void) | undefined;
  userBefore: UserSignal[];
  offEnd?: (() => void) | undefined;
  offUser?: (() => void) | undefined;
  /** An inspector opened before the first line was shut, and not yet said. */
  inspectorShut: boolean;
}

/**
 * One per process, shared by every copy of this module: the launcher (a CommonJS script) holds the signals
 * before it hands the command to the ES module build, which bundles a copy of its own.
 */
const HOLDER = Symbol.for('tilebar.held-signals');
const holder: Holder = ((globalThis as { [HOLDER]?: Holder })[HOLDER] ??= { fromStart: false, endsHanded: 0, endReleased: false, userBefore: [], inspectorShut: false });

/** Whether `argv` (after node and the script) runs a command that lives on: `run`, `feed` or `serve` (v8-flags.ts asks too). */
export function isLongRunning(argv: readonly string[]): boolean {
  const command = argv.find((a) => !a.startsWith('-'));
  return command === 'run' || command === 'feed' || (command === 'serve' && !argv.includes('--status') && !argv.includes('--stop'));
}

function onEndSignal(s: EndSignal): void {
  if (holder.endTaker && holder.endsHanded === 0) {
    holder.endsHanded += 1;
    holder.endTaker(s);
  } else if (holder.endTaker || holder.endReleased) {
    // Asked once already, or the bar is ending: this one is not a request any more.
    process.exit(SIGNAL_EXIT[s]);
  } else holder.endBefore ??= s;
}

function onUserSignal(s: UserSignal): void {
  if (holder.userTaker) holder.userTaker(s);
  else holder.userBefore = [...holder.userBefore, s].slice(-KEPT_USER_SIGNALS);
}

function listen<S extends NodeJS.Signals>(signals: readonly S[], on: (s: S) => void): () => void {
  const pairs = signals.map((s) => [s, () => on(s)] as const);
  for (const [s, h] of pairs) process.on(s, h);
  return () => {
    for (const [s, h] of pairs) process.removeListener(s, h);
  };
}

/** From the process's first line: see the module's comment. Calling it again changes nothing. */
export function holdSignals(longRunning: boolean): void {
  holder.fromStart = true;
  holder.offUser ??= listen(USER_SIGNALS, onUserSignal);
  if (longRunning) {
    holder.offEnd ??= listen(END_SIGNALS, onEndSignal);
    // A SIGUSR1 just before the listener: Node starts the inspector on its next turn.
    setImmediate(() => {
      if (shutEarlyInspector()) holder.inspectorShut = true;
    });
  }
}

/**
 * Shuts an inspector a SIGUSR1 opened before the first line could listen (Node's own start and the launcher's
 * loading: measured 50 ms to over 300 ms on a loaded 2-core machine), which only a node started without the
 * command's launch flags can have opened (the module's comment). Returns whether one was shut since the last call.
 */
export function shutEarlyInspector(): boolean {
  // Loaded only here, in a long-running command: node:inspector is nothing a one-shot command needs.
  const inspector = createRequire(import.meta.url)('node:inspector') as typeof import('node:inspector');
  if (inspector.url() !== undefined) {
    inspector.close();
    holder.inspectorShut = true;
  }
  // Said once, by the first caller that can say it (the bar, once it has a log).
  const shut = holder.inspectorShut;
  holder.inspectorShut = false;
  return shut;
}

/** SIGUSR1 and SIGUSR2 go to `take` (those that came before it first, in order) until the returned function. */
export function takeUserSignals(take: (s: UserSignal) => void): () => void {
  holder.offUser ??= listen(USER_SIGNALS, onUserSignal);
  holder.userTaker = take;
  const before = holder.userBefore;
  holder.userBefore = [];
  for (const s of before) take(s);
  return () => {
    if (holder.userTaker !== take) return;
    holder.userTaker = undefined;
    if (!holder.fromStart) {
      holder.offUser?.();
      holder.offUser = undefined;
    }
  };
}

function takeEndSignals(take: (s: EndSignal) => void): () => void {
  holder.offEnd ??= listen(END_SIGNALS, onEndSignal);
  holder.endTaker = take;
  holder.endsHanded = 0;
  holder.endReleased = false;
  const before = holder.endBefore;
  holder.endBefore = undefined;
  if (before) onEndSignal(before);
  return () => {
    if (holder.endTaker !== take) return;
    holder.endTaker = undefined;
    if (holder.fromStart) holder.endReleased = true;
    else {
      holder.offEnd?.();
      holder.offEnd = undefined;
    }
  };
}

export interface RunEnd {
  /** End with this status (the first call wins). */
  quit(status: number): void;
  /** Resolves with the status when the bar is to end. */
  readonly ended: Promise<number>;
  /** Stops taking the signals (a later one ends the process at once) and the terminal's going. */
  dispose(): void;
}

export function runEnd(opts: { signals: boolean; onGone?: ((listener: () => void) => () => void) | undefined; stop?: AbortSignal | undefined }): RunEnd {
  let resolve: (status: number) => void = () => undefined;
  const ended = new Promise<number>((r) => (resolve = r));
  let done = false;
  const quit = (status: number) => {
    if (done) return;
    done = true;
    resolve(status);
  };
  const offSignals = opts.signals ? takeEndSignals((s) => quit(SIGNAL_EXIT[s])) : () => undefined;
  const offGone = opts.onGone?.(() => quit(SIGNAL_EXIT.SIGHUP));
  // A caller's stop is an ordinary end (0), as `q` is.
  opts.stop?.addEventListener('abort', () => quit(0), { once: true });
  return {
    quit,
    ended,
    dispose() {
      offGone?.();
      offSignals();
    },
  };
}

/**
 * A running bar never dies: what escapes every handler goes to `onStray` (logged), and the bar goes on with its
 * last state. Returns how to stop catching.
 */
export function catchStrays(onStray: (e: unknown) => void): () => void {
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);
  return () => {
    process.removeListener('uncaughtException', onStray);
    process.removeListener('unhandledRejection', onStray);
  };
}
