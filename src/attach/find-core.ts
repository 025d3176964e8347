/**
 * Finding the user's core, for a front end: connect where it listens (after checking the place: the private
 * directory and a socket of ours, never through a link), prove both ends, attach. Where none answers, the first
 * front end takes the start lock and starts one (spawn-core.ts) while the others wait for it; then all attach.
 * A core that is not ours (a wrong proof), of another protocol, or a place that is refused: the front end runs
 * the bar in its own process instead, and the log says why.
 */
import { connect, type Socket } from 'node:net';
import type { Timers } from '../scheduler/timers.js';
import type { Log } from '../io/log.js';
import { connectRefusal, type CoreEndpoint } from '../serve/endpoint.js';
import { readCoreInfo, readCoreKey } from '../serve/core-files.js';
import { takeStartLock } from '../serve/start-lock.js';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { HELLO_WITHIN_MS } from '../channel/protocol.js';
import { processIsGone } from '../io/process-gone.js';
import { CoreLink, type Attached, type LinkFailure, type LinkRequest } from './core-link.js';

export type Found = { ok: true; link: CoreLink; attached: Attached | undefined } | ({ ok: false } & LinkFailure);

/** How long a front end waits for a core being started (its own or another front end's) before it gives up. */
export const START_PATIENCE_MS = 5_000;
const POLL_FIRST_MS = 25;
const POLL_MOST_MS = 250;

/** A core being started: `ended` settles when its process ends (one that listens ends only when idle). */
export interface Starting {
  ended: Promise<unknown>;
}

export interface FindDeps {
  endpoint: CoreEndpoint;
  request: LinkRequest;
  timers: Timers;
  log: Log;
  /** Starts a core (spawn-core.ts), or says why not. Absent: this front end never starts one. */
  start?: () => Starting | { why: string };
  /** Whether this front end may still have an older tilebar's core make way for its own; absent: it may. */
  handover?: Handover;
}

/**
 * A front end's one ask of an older tilebar's core to make way for its own (serve/core-handover.ts): its hello
 * names its version only while `mayAsk`, which the first core that makes way for it ends. A front end whose own
 * core then does not come (it cannot start, or dies at its start) finds the core its older bars start again
 * meanwhile: it attaches to that one, as a front end of any version may, instead of ending it at each try (every
 * bar attached to it would say its core stopped every few seconds, for good).
 */
export interface Handover {
  mayAsk: boolean;
}

/** What a front end that asks no core to make way names as its version: no version (core-handover.ts). */
export const ASKS_NO_HANDOVER = '';

/** Connects to the address, resolving with the socket once connected or with why not. */
function connectTo(address: string): Promise<{ ok: true; socket: Socket } | { ok: false; code: string }> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.off('error', failed);
      resolve({ ok: true, socket });
    });
    const failed = (e: NodeJS.ErrnoException) => resolve({ ok: false, code: e.code ?? e.message });
    socket.once('error', failed);
  });
}

/** One try: the core that runs now, attached to; `absent` when none answers there. */
export async function attachOnce(deps: Omit<FindDeps, 'start'>): Promise<Found> {
  const { endpoint } = deps;
  const refused = connectRefusal(endpoint);
  if (refused) return { ok: false, kind: 'refused', why: refused };
  let address = endpoint.socket;
  if (address === undefined) {
    const info = readCoreInfo(endpoint.info);
    if (!info.ok || !info.info.pipe) return { ok: false, kind: 'absent', why: `no core's pipe is published (${info.ok ? 'no pipe' : info.why})` };
    address = info.info.pipe;
  }
  const key = readCoreKey(endpoint);
  if (!key) return { ok: false, kind: 'absent', why: 'no core key' };
  const connected = await connectTo(address);
  if (!connected.ok) return { ok: false, kind: 'absent', why: `nothing answers at ${address} (${connected.code})` };
  const handover = deps.handover;
  const request = handover && !handover.mayAsk ? { ...deps.request, app: ASKS_NO_HANDOVER } : deps.request;
  const found = await CoreLink.open(connected.socket, key, request, deps.timers);
  if (handover && !found.ok && found.kind === 'replaced') handover.mayAsk = false;
  return found;
}

const sleep = (timers: Timers, ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

/**
 * Whether no core answers there, so that one may be started: none, one of an older key (or a squatter), one that
 * accepts and says nothing (hung: the lock's holder ends it first, retireHung), or an older tilebar's that makes way
 * for this one's (it stopped answering before it said so).
 */
const startable = (found: Found): boolean => !found.ok && (found.kind === 'absent' || found.kind === 'not-ours' || found.kind === 'silent' || found.kind === 'replaced');

/** How long a hung core's end is waited for after SIGKILL (the kernel ends a stopped process at once). */
const RETIRE_WITHIN_MS = 2_000;

/**
 * Ends the core that accepts connections and answers none (stopped, or stuck in a loop) so a new one can take its
 * place: the pid its info file names (in the private directory, written by the core), and on Linux only when that
 * process is a `tilebar serve` (its command line), never another of the user's processes that took the pid.
 * SIGKILL, not SIGTERM: a stuck core would not act on it, and a core that closes its server removes its socket by
 * name (libuv), which could be the new core's by then. Says what it did; resolves once the process is gone.
 */
async function retireHung(deps: FindDeps): Promise<void> {
  const info = readCoreInfo(deps.endpoint.info);
  if (!info.ok || info.info.pid === process.pid) return;
  const pid = info.info.pid;
  if (!isCoreProcess(pid)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch (e) {
    deps.log(`front end: could not end the core that does not answer (pid ${pid}): ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    return;
  }
  deps.log(`front end: ended the core that accepted connections and answered none for ${HELLO_WITHIN_MS / 1000} s (pid ${pid}); starting another`);
  const until = deps.timers.now() + RETIRE_WITHIN_MS;
  while (!processIsGone(pid) && deps.timers.now() < until) await sleep(deps.timers, POLL_FIRST_MS);
}

/**
 * Whether `pid` runs `tilebar serve`, by its command line: Linux's /proc, macOS's `ps` (started only on this rare
 * path, by its absolute path). Never on Windows: there a new core takes a fresh pipe name and needs the old one
 * gone for nothing, and a pid whose process ended may already be another program's, which must not be ended.
 */
function isCoreProcess(pid: number): boolean {
  try {
    if (process.platform === 'linux') return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('serve');
    if (process.platform === 'darwin') return /\bserve\b/.test(execFileSync('/bin/ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }));
  } catch {
    return false;
  }
  return false;
}

/** Cores one findCore starts at most: one that dies before it listens (killed, crashed) is started once more. */
export const MOST_STARTS = 2;

/**
 * Tries until the core this front end started answers, `until` comes (on the timers' clock), or that core ended
 * without answering (killed or crashed while it started: there is no use waiting for it).
 */
async function waitForStarted(deps: FindDeps, until: number, ended: Promise<unknown>): Promise<Found> {
  let gone = false;
  void ended.then(() => (gone = true));
  let wait = POLL_FIRST_MS;
  for (;;) {
    const wasGone = gone;
    const found = await attachOnce(deps);
    if (found.ok || !startable(found)) return found;
    if (wasGone) return { ...found, why: `the core it started ended before it answered (${found.why})` };
    if (deps.timers.now() >= until) return found;
    await sleep(deps.timers, wait);
    wait = Math.min(POLL_MOST_MS, wait * 2);
  }
}

/**
 * One turn of the start path: take the start lock and start a core (and wait for it), or, where another front end
 * holds the lock, look once whether its core answers yet.
 */
async function startTurn(deps: FindDeps & { start: () => Starting | { why: string } }, until: number, because: string): Promise<Found & { started?: true }> {
  const lock = takeStartLock(deps.endpoint.lock, { now: () => deps.timers.wallNow() });
  if (!lock.taken) return lock.busy ? attachOnce(deps) : { ok: false, kind: 'refused', why: lock.why };
  // Someone may have finished starting one between the last try and the lock.
  const again = await attachOnce(deps);
  if (again.ok) {
    lock.lock.release();
    return again;
  }
  if (!again.ok && again.kind === 'silent') await retireHung(deps);
  const started = deps.start();
  if ('why' in started) {
    lock.lock.release();
    return { ok: false, kind: 'refused', why: `could not start the core: ${started.why}` };
  }
  deps.log(`front end: started the core (${because})`);
  const found = await waitForStarted(deps, until, started.ended);
  // The core removes the lock once it listens; one that never came leaves it to us.
  if (!found.ok) lock.lock.release();
  return { ...found, started: true };
}

/**
 * The user's core, attached to: the one running, else one this front end starts (holding the start lock, so that
 * of several front ends starting at once exactly one starts it), else the one another front end is starting.
 * Until START_PATIENCE_MS has gone, every turn tries the lock again: a core that died while it started is started
 * again (at most MOST_STARTS by one front end), and a front end that died holding the lock leaves it stale for
 * the next turn of another.
 */
export async function findCore(deps: FindDeps): Promise<Found> {
  const first = await attachOnce(deps);
  const start = deps.start;
  // A wrong proof is a core of an older key (one that died and left its files) or a squatter: a new core takes over.
  if (first.ok || !startable(first) || !start) return first;
  const until = deps.timers.now() + START_PATIENCE_MS;
  let last: Found = first;
  let starts = 0;
  let wait = POLL_FIRST_MS;
  for (;;) {
    const found: Found & { started?: true } = starts < MOST_STARTS ? await startTurn({ ...deps, start }, until, last.ok ? '' : last.why) : await attachOnce(deps);
    if (found.ok || !startable(found)) return found;
    if ('started' in found) starts++;
    last = found;
    if (deps.timers.now() >= until) return { ...found, why: `no core within ${START_PATIENCE_MS / 1000} s (${found.why})` };
    await sleep(deps.timers, wait);
    wait = Math.min(POLL_MOST_MS, wait * 2);
  }
}
