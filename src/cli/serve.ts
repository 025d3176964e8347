/**
 * `tilebar serve`: the user's core in the foreground (for a systemd user unit, a launchd agent, or to watch it), or as a front end started it (`--spawned-by <pid>`: detached, and gone IDLE_EXIT_MS after its last front
 * end left); `serve --status`: what the running core serves. One core per user and session: its place, key and
 * lock are endpoint.ts's, core-files.ts's and start-lock.ts's; what it serves is the hub's (serve/hub.ts), over
 * the channel's server (serve/core-server.ts).
 */
import { resolve } from 'node:path';
import type { LiveBarSettings } from '../app/live-bar.js';
import { ASKS_NO_HANDOVER, attachOnce } from '../attach/find-core.js';
import { processIsGone } from '../io/process-gone.js';
import { PROTOCOL, type BarSelect, type StatusReport } from '../channel/protocol.js';
import { fileLog, type Log } from '../io/log.js';
import { catchStrays, runEnd } from '../io/run-end.js';
import { userHome } from '../io/user-dirs.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import { coreBars, thinBars, type SettingsFor } from '../serve/core-bars.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { ThinFeeds } from '../serve/thin-feeds.js';
import { BUILTIN_HOSTS } from '../feeds/hosts.js';
import { privateRuntimeDir, runtimeDirPlaces } from '../io/runtime-dir.js';
import { resolveVariables } from '../tiler/variables.js';
import { existsSync } from 'node:fs';
import { freshCoreKey, publishCore, removeCoreInfo, removeCoreKey } from '../serve/core-files.js';
import { CoreServer } from '../serve/core-server.js';
import { coreEndpoint, listenForCore, removeOwnSocket, SESSION_ADVICE, sessionOf, sessionSaid, type CoreEndpoint } from '../serve/endpoint.js';
import { Hub } from '../serve/hub.js';
import { adoptStartLock, takeStartLock, type StartLock } from '../serve/start-lock.js';
import { VERSION } from '../version.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { takeUserSignals } from '../io/run-end.js';
import { EXIT, type CliIo } from './io.js';
import { SIGNAL_EXIT } from '../io/exit-status.js';
import { liveReaders } from './live-readers.js';
import { liveBarPlaces } from './run-options.js';
import { tilebarLogPath } from '../io/user-dirs.js';
import type { WindowManager } from '../tiler/managers.js';

export interface ServeOptions {
  status?: boolean;
  /** `--stop`: end the running core (its bars find or start another). */
  stop?: boolean;
  json?: boolean;
  /** The front end that started this core (its pid): the core takes over its start lock and ends when idle. */
  spawnedBy?: string;
  log?: string;
}

export interface ServeDeps {
  timers?: Timers;
  log?: Log;
  stop?: AbortSignal;
  managers?: readonly WindowManager[];
}

/** A core a front end started ends this long after its last front end left. */
export const IDLE_EXIT_MS = 10_000;
/** …and this long after it started when no front end ever attached (the one that started it died). */
export const FIRST_ATTACH_WITHIN_MS = 30_000;
/** The core could not start or another one runs (the foreground `serve`). */
const FAILED = 1;
/** `serve --status` when no core runs. */
export const NO_CORE_STATUS = 3;
/**
 * A foreground core that made way for a newer tilebar's (EX_TEMPFAIL): a unit that restarts on failure (the
 * README's) starts `tilebar serve` again — the upgraded one — which takes the session from the core the newer bar
 * started. A spawned core that made way ends with 0: nothing restarts it.
 */
export const REPLACED_STATUS = 75;

export async function serveCommand(opts: ServeOptions, io: CliIo, deps: ServeDeps = {}): Promise<number> {
  const home = userHome(io.env, io.platform);
  const timers = deps.timers ?? realTimers;
  const place = coreEndpoint(io.env, io.platform, home);
  if (!place.ok) {
    io.err(`tilebar serve: no place for the core: ${place.why}\n`);
    return FAILED;
  }
  if (opts.status) return statusOf(place.endpoint, io, timers, opts.json === true);
  if (opts.stop) return stopCore(place.endpoint, io, timers);
  const logPath = opts.log ?? tilebarLogPath(io.env, io.platform, home);
  const fileLogger = deps.log ?? fileLog(logPath, { named: opts.log !== undefined });
  const spawned = opts.spawnedBy !== undefined;
  // In the foreground the core says what it does on stderr too; a spawned one has only the log.
  const log: Log = spawned ? fileLogger : (line) => (fileLogger(line), io.err(`${line}\n`));
  if (spawned) {
    if (await runningCore(place.endpoint, timers)) return EXIT.ok;
  } else {
    // In the foreground (a unit's core): a core a bar started, or an older tilebar's, makes way for this one.
    const claimed = await claimSession(place.endpoint, timers);
    if (claimed.kind === 'refused') {
      io.err(`tilebar serve: ${claimed.why}; \`tilebar serve --status\` says what it serves\n`);
      return FAILED;
    }
    if (claimed.kind === 'replaced') log('core: the core a bar started made way for this one');
  }
  const lock = lockFor(place.endpoint, opts.spawnedBy, timers);
  if (!lock.ok) {
    if (spawned) log(`core: not started: ${lock.why}`);
    else io.err(`tilebar serve: ${lock.why}\n`);
    return spawned ? EXIT.ok : FAILED;
  }
  return serveUntilEnd({ endpoint: place.endpoint, logPath: resolve(io.cwd, logPath), lock: lock.lock, io, timers, log, spawned, deps, ...(place.refused ? { refused: place.refused } : {}) });
}

/** The core that answers now, attached to as `serve --status` (no bar); it never starts one. */
const statusLink = (endpoint: CoreEndpoint, timers: Timers) => attachOnce({ endpoint, request: { role: { kind: 'status' }, select: {}, app: VERSION, pid: process.pid }, timers, log: () => undefined });

/**
 * A foreground `serve` claims the session from the core that answers (core-server.ts says which make way): `absent`
 * when none answers, `replaced` when it made way, `refused` when one stays (a unit's, or a later tilebar's).
 */
async function claimSession(endpoint: CoreEndpoint, timers: Timers): Promise<{ kind: 'absent' | 'replaced' | 'refused'; why: string }> {
  const found = await attachOnce({ endpoint, request: { role: { kind: 'core' }, select: {}, app: VERSION, pid: process.pid }, timers, log: () => undefined });
  if (found.ok) {
    // A core of before the claim attaches it as it would a pane: it stays.
    found.link.close();
    return { kind: 'refused', why: `a core is already running for this session (pid ${found.link.corePid}, tilebar ${found.link.coreApp})` };
  }
  if (found.kind === 'replaced' || found.kind === 'refused' || found.kind === 'mismatch') return { kind: found.kind === 'replaced' ? 'replaced' : 'refused', why: found.why };
  return { kind: 'absent', why: found.why };
}

/** The core that answers now, if any (its pid and version). */
async function runningCore(endpoint: CoreEndpoint, timers: Timers): Promise<{ pid: number; app: string } | undefined> {
  const found = await statusLink(endpoint, timers);
  if (!found.ok) return undefined;
  found.link.close();
  return { pid: found.link.corePid, app: found.link.coreApp };
}

function lockFor(endpoint: CoreEndpoint, spawnedBy: string | undefined, timers: Timers): { ok: true; lock: StartLock } | { ok: false; why: string } {
  const adopted = spawnedBy !== undefined ? adoptStartLock(endpoint.lock, Number(spawnedBy)) : undefined;
  if (adopted) return { ok: true, lock: adopted };
  const taken = takeStartLock(endpoint.lock, { now: () => timers.wallNow() });
  if (taken.taken) return { ok: true, lock: taken.lock };
  return { ok: false, why: taken.busy ? `another core is starting (${taken.why})` : taken.why };
}

interface Serving {
  endpoint: CoreEndpoint;
  logPath: string;
  lock: StartLock;
  io: CliIo;
  timers: Timers;
  log: Log;
  spawned: boolean;
  deps: ServeDeps;
  refused?: string;
}

async function serveUntilEnd(s: Serving): Promise<number> {
  const { endpoint, io, timers, log } = s;
  const onStray = (e: unknown) => log(`internal error (the core goes on): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const stopCatching = s.deps.stop ? () => undefined : catchStrays(onStray);
  const widgets = BUILTIN_WIDGETS;
  // A bar's lines (and the shared parts': the window manager, media, keyboard) go to the core's log and to the logs
  // of the front ends that show it, as when each bar ran in its own process with its own --log.
  let server: CoreServer | undefined;
  const barLog = (bar?: string): Log => (line) => {
    log(line);
    server?.logToFrontEnds(line, bar);
  };
  const hub = new Hub({
    env: io.env,
    platform: io.platform,
    cwd: io.cwd,
    timers,
    log: barLog(),
    logOf: (key) => barLog(key),
    onStray,
    readersFor: (updateUrl) => liveReaders(io, timers, widgets, updateUrl, log),
  });
  const settingsFor = (select: BarSelect): { ok: true; settings: LiveBarSettings } => ({
    ok: true,
    settings: {
      ...liveBarPlaces({ ...(select.config ? { config: select.config } : {}), ...(select.listed && select.monitor !== undefined ? { listedMonitor: select.monitor } : {}), ...(select.variant ? { variant: select.variant } : {}), ...(select.tiler ? { tiler: select.tiler } : {}), ...(select.komorebiDir ? { tilerSocketDir: select.komorebiDir } : {}) }, io),
      widgets,
      ...(s.deps.managers ? { managers: s.deps.managers } : {}),
    },
  });
  const end = runEnd({ signals: !s.deps.stop, stop: s.deps.stop });
  const idle = new IdleExit(timers, s.spawned, () => end.quit(EXIT.ok), log);
  // The key is put in place only once this core listens: a core that finds another one answering (one that was
  // too busy to answer its hello) must leave that one's key alone, or no front end could prove itself to it again.
  const key = freshCoreKey();
  const startedMs = timers.wallNow();
  // A newer tilebar's front end attached (serve/core-handover.ts): this core stops answering at once, so that the
  // front end finds none when it looks again and starts its own, and then ends as any core does.
  let replacedBy: string | undefined;
  let unpublish = () => undefined as void;
  const onNewer = (app: string) => {
    if (replacedBy !== undefined) return;
    replacedBy = app;
    unpublish();
    end.quit(s.spawned ? EXIT.ok : REPLACED_STATUS);
  };
  // Thin feeds (a host's own `cat` reading a pipe this core writes) count as front ends for the idle exit.
  const counted = () => idle.count((server?.attached ?? 0) + thin.count);
  const thin = thinFeedsOf(io, { hub, settingsFor, widgets, timers, log, onCount: counted });
  const onStop = () => end.quit(EXIT.ok);
  server = new CoreServer({ key, bars: coreBars(hub, settingsFor), timers, log, logPath: s.logPath, app: VERSION, pid: process.pid, startedMs, onAttachedCount: counted, onNewer, onStop, spawned: s.spawned, thin });
  const listening = await listenForCore(server.netServer, endpoint, s.lock);
  if (!listening.ok) {
    s.lock.release();
    idle.stop();
    thin.close('the core did not start');
    await server.close('the core did not start');
    await hub.close();
    stopCatching();
    end.dispose();
    if (listening.answers && s.spawned) return EXIT.ok;
    log(listening.answers ? `core: not started: ${listening.why} (it was too busy to answer at first)` : `core: cannot listen: ${listening.why}`);
    return FAILED;
  }
  const published = publishCore(endpoint, { pid: process.pid, app: VERSION, protocol: PROTOCOL, startedMs, ...(endpoint.socket === undefined ? { pipe: listening.address } : {}) }, key);
  let unpublished = false;
  unpublish = () => {
    if (unpublished) return;
    unpublished = true;
    server?.stopListening();
    if (listening.bound) removeOwnSocket(listening.bound);
    removeCoreInfo(endpoint.info, process.pid);
    removeCoreKey(endpoint, key);
  };
  s.lock.release();
  if (!published.ok) {
    log(`core: front ends cannot find it: ${published.why}`);
    end.quit(FAILED);
  }
  if (s.refused) log(`core: ${s.refused}`);
  log(`core: serving this session's bars at ${listening.address} (pid ${process.pid}, tilebar ${VERSION}${s.spawned ? `, started by a front end; it ends ${IDLE_EXIT_MS / 1000} s after the last one leaves` : ''}; ${sessionSaid(io.env, io.platform)})`);
  const offSignals = s.deps.stop ? () => undefined : takeUserSignals((signal) => (signal === 'SIGUSR1' ? hub.refreshAll() : hub.reloadAll()));
  const status = await end.ended;
  offSignals();
  idle.stop();
  thin.close(replacedBy !== undefined ? `tilebar ${replacedBy} replaces this core` : 'the core is stopping');
  await (replacedBy !== undefined ? server.close(`tilebar ${replacedBy} replaces this core (${VERSION})`, replacedBy) : server.close('the core is stopping'));
  unpublish();
  await hub.close();
  end.dispose();
  stopCatching();
  // SIGTERM is how a service manager stops a unit (systemctl stop, a logout): a clean end, 0. With 143 systemd
  // marked the unit failed at every stop. Ctrl-C in a terminal keeps the shell's 130.
  const code = status === SIGNAL_EXIT.SIGTERM ? EXIT.ok : status;
  log(`core: stopped${code === EXIT.ok ? '' : ` (status ${code})`}${replacedBy !== undefined ? `: tilebar ${replacedBy}'s core takes its place` : ''}`);
  return code;
}

/** The core's thin feeds (serve/thin-feeds.ts): pipes in the user's private runtime directory, the built-in hosts. */
function thinFeedsOf(io: CliIo, p: { hub: Hub; settingsFor: SettingsFor; widgets: WidgetRegistry; timers: Timers; log: Log; onCount: () => void }): ThinFeeds {
  return new ThinFeeds({
    runtime: privateRuntimeDir(runtimeDirPlaces(io.env, io.platform, userHome(io.env, io.platform))),
    hosts: BUILTIN_HOSTS,
    platform: io.platform,
    openBar: thinBars(p.hub, p.settingsFor, p.widgets),
    timers: p.timers,
    log: p.log,
    version: VERSION,
    tilerOptions: { exists: (path: string) => existsSync(path), resolvePath: (path: string) => resolveVariables(path, io.env, io.platform) },
    onCount: p.onCount,
  });
}

/** A spawned core's end: IDLE_EXIT_MS after the last front end left, or FIRST_ATTACH_WITHIN_MS with none ever. */
class IdleExit {
  #timer: unknown;
  #stopped = false;

  constructor(
    private readonly timers: Timers,
    private readonly armed: boolean,
    private readonly exit: () => void,
    private readonly log: Log,
  ) {
    if (armed) this.#arm(FIRST_ATTACH_WITHIN_MS, 'no front end attached');
  }

  count(attached: number): void {
    // Stopped: the core is ending, and its front ends leaving as it closes must not arm it again (it kept the
    // process 10 s past its "stopped" line).
    if (!this.armed || this.#stopped) return;
    this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (attached === 0) this.#arm(IDLE_EXIT_MS, 'its last front end left');
  }

  stop(): void {
    this.#stopped = true;
    this.timers.clearTimeout(this.#timer);
  }

  #arm(ms: number, why: string): void {
    this.#timer = this.timers.setTimeout(() => {
      this.log(`core: ending: ${why} ${ms / 1000} s ago`);
      this.exit();
    }, ms);
  }
}

/** How long `serve --stop` waits for the core it asked to end. */
const STOP_WITHIN_MS = 10_000;

/**
 * `serve --stop`: the running core, proved to be this user's, is asked to end, and waited for. Its bars say their core
 * stopped and find or start another (this tilebar's: after a rebuild of the same version, say). NO_CORE_STATUS when
 * none runs; FAILED when it did not end in time.
 */
async function stopCore(endpoint: CoreEndpoint, io: CliIo, timers: Timers): Promise<number> {
  const found = await attachOnce({ endpoint, request: { role: { kind: 'stop' }, select: {}, app: ASKS_NO_HANDOVER, pid: process.pid }, timers, log: () => undefined });
  if (!found.ok) {
    io.err(`tilebar serve --stop: ${noCore(found, io)}\n`);
    return NO_CORE_STATUS;
  }
  const { corePid, coreApp } = found.link;
  found.link.close();
  const until = timers.now() + STOP_WITHIN_MS;
  while (!processIsGone(corePid)) {
    if (timers.now() >= until) {
      io.err(`tilebar serve --stop: the core (pid ${corePid}) was asked to stop and still runs after ${STOP_WITHIN_MS / 1000} s\n`);
      return FAILED;
    }
    await new Promise<void>((resolve) => timers.setTimeout(resolve, 50));
  }
  io.out(`tilebar serve --stop: stopped the core (pid ${corePid}, tilebar ${coreApp}); its bars find or start another\n`);
  return EXIT.ok;
}

/**
 * Why no core answered, said for the user: which session this is (a unit or a window manager's bar started without
 * the shell's variables is another), and the reason only when it is more than "none runs".
 */
function noCore(found: { kind: string; why: string }, io: CliIo): string {
  const reason = found.kind === 'absent' ? '' : `: ${found.why}`;
  return `no core is running for this session (${sessionSaid(io.env, io.platform)})${reason}; ${SESSION_ADVICE}`;
}

/** `serve --status`: asks the running core; NO_CORE_STATUS when none answers (it never starts one). */
async function statusOf(endpoint: CoreEndpoint, io: CliIo, timers: Timers, json: boolean): Promise<number> {
  const found = await statusLink(endpoint, timers);
  if (!found.ok) {
    const said = noCore(found, io);
    // A reader of --json gets an answer it can parse too.
    if (json) io.out(`${JSON.stringify({ running: false, session: sessionOf(io.env, io.platform), why: said })}\n`);
    io.err(`tilebar serve --status: ${said}\n`);
    return NO_CORE_STATUS;
  }
  const report = await new Promise<StatusReport | undefined>((resolve) => {
    found.link.listen(
      (m) => {
        if (m.t === 'report') resolve(m.report);
      },
      () => resolve(undefined),
    );
    found.link.send({ t: 'status' });
  });
  found.link.close();
  if (!report) {
    io.err('tilebar serve --status: the core went before it answered\n');
    return NO_CORE_STATUS;
  }
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : statusText(report, timers.wallNow()));
  return EXIT.ok;
}

export function statusText(r: StatusReport, now: number): string {
  const lines = [`core: pid ${r.pid}, tilebar ${r.app}, up ${Math.max(0, Math.round((now - r.startedMs) / 1000))} s`];
  lines.push(`front ends (${r.frontEnds.length}):`);
  // A thin feed's pid is its host's shell, which reads its pipe (serve/thin-feeds.ts).
  for (const f of r.frontEnds) lines.push(`  ${f.role.kind === 'feed' ? `feed ${f.role.host}${f.role.pipe ? ' (thin)' : ''}` : f.role.kind}  pid ${f.pid}  monitor ${f.monitor}  ${f.config}`);
  lines.push(`bars (${r.bars.length}):`);
  for (const b of r.bars) lines.push(`  ${b.config}  (${b.users} front end${b.users === 1 ? '' : 's'})`);
  lines.push(`sources (${r.sources.length}), each read once for all:`);
  for (const s of r.sources) lines.push(`  ${s.key}  every ${s.intervalMs / 1000} s  for ${s.subscribers} widget${s.subscribers === 1 ? '' : 's'}  read ${s.reads} time${s.reads === 1 ? '' : 's'}${s.lastOk === false ? '  (last read failed)' : ''}`);
  return `${lines.join('\n')}\n`;
}
