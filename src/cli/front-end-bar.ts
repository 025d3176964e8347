/**
 * The bar a front end (`run`, each `feed`) drives: attached to the user's core (found, or started when none
 * answers: src/attach), or in this process (`--standalone`, TILEBAR_STANDALONE=1, and whenever attaching fails:
 * a bar always comes up, and the log says why it runs on its own). The in-process bar's code (standalone-bar.ts:
 * the live core, its config loader, sources and readers) is imported only then: an attached front end loads the
 * channel's client, its view and its drawing (~75 KB less script to load and compile at each start; resident
 * memory barely moves, ~0.1 MB, as V8 compiles lazily what never runs).
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FrontEndBar } from '../app/store.js';
import type { ViewOptions } from '../app/view-of-core.js';
import { findCore, type Found, type Handover } from '../attach/find-core.js';
import { RemoteView } from '../attach/remote-view.js';
import { corePlan, spawnCore } from '../attach/spawn-core.js';
import type { BarSelect, Role } from '../channel/protocol.js';
import type { BarModel } from '../config/model.js';
import type { Log } from '../io/log.js';
import { userHome } from '../io/user-dirs.js';
import { inSingleExecutable } from '../install/sea.js';
import type { Timers } from '../scheduler/timers.js';
import { coreEndpoint } from '../serve/endpoint.js';
import type { Appearance } from '../view/appearance.js';
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';
import { NODE_LAUNCH_FLAGS } from './node-launch-flags.js';
import type { InProcessParts } from './standalone-bar.js';

/**
 * Whether this front end runs its bar in its own process: asked for (`--standalone`, TILEBAR_STANDALONE=1). On
 * every platform a bar attaches by default (Windows too: the core's pipe and its tests under Wine,
 * test/windows/core-pipe.test.ts).
 */
export function wantsStandalone(flag: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  return flag === true || env.TILEBAR_STANDALONE === '1';
}

export interface AttachArgs {
  io: CliIo;
  timers: Timers;
  log: Log;
  role: Role;
  select: BarSelect;
  appearance: (model: BarModel) => Appearance;
  size: { width: number; height: number };
  /** Where a core this front end starts writes what it says before its own log is open. */
  logPath: string;
  /** This front end's one ask of an older core to make way (find-core.ts), kept across its tries to attach. */
  handover?: Handover;
  /** The core that answers a reconnect speaks another protocol: the bar must run on its own (remote-view.ts). */
  stranded?: (why: string) => void;
}

/**
 * How a front end finds the user's core for `role` (attached bars, thin feeds): `find` attaches, starting a core
 * where none answers when it `mayStart`; or why there is no place for one.
 */
export function usersCore(a: Pick<AttachArgs, 'io' | 'timers' | 'log' | 'logPath' | 'role' | 'select' | 'handover'>): { ok: true; find: (o: { mayStart: boolean }) => Promise<Found> } | { ok: false; why: string } {
  const place = coreEndpoint(a.io.env, a.io.platform, userHome(a.io.env, a.io.platform));
  if (!place.ok) return { ok: false, why: place.why };
  const plan = corePlan(process.pid, { sea: inSingleExecutable(), launchFlags: NODE_LAUNCH_FLAGS });
  const request = { role: a.role, select: a.select, app: VERSION, pid: process.pid };
  const handover = a.handover ?? { mayAsk: true };
  // One that cannot start a core never asks an older one to make way: it would leave its bars with none.
  if (!plan) handover.mayAsk = false;
  const asksNone: Handover = { mayAsk: false };
  return {
    ok: true,
    find: ({ mayStart }) =>
      findCore({
        endpoint: place.endpoint,
        request,
        timers: a.timers,
        log: a.log,
        // While it only looks (a newer tilebar's front end starts the core), it asks no core to make way either.
        handover: mayStart ? handover : asksNone,
        ...(plan && mayStart ? { start: () => spawnCore(plan, a.io.env, userHome(a.io.env, a.io.platform), a.logPath) } : {}),
      }),
  };
}

/** The bar from the user's core; or why not (the caller runs it in-process). */
export async function attachedBar(a: AttachArgs): Promise<{ ok: true; bar: FrontEndBar } | { ok: false; why: string }> {
  const core = usersCore(a);
  if (!core.ok) return core;
  const opened = await RemoteView.open({
    ...(a.stranded ? { onStranded: a.stranded } : {}),
    appearance: a.appearance,
    size: a.size,
    timers: a.timers,
    log: a.log,
    connect: core.find,
  });
  if (!opened.ok) return { ok: false, why: `${opened.kind}: ${opened.why}` };
  const view = opened.view;
  return {
    ok: true,
    bar: {
      view,
      get origin() {
        return `from tilebar's core, pid ${view.corePid}`;
      },
      start: async () => undefined,
      onTick: view.onTick,
      refresh: () => view.refresh(),
      reloadConfig: () => view.reloadConfig(),
      pause: () => view.pause(),
      resume: () => view.resume(),
      revalidate: () => undefined,
      stopUpdates: () => view.close(),
      close: async () => view.close(),
    },
  };
}

/** A config path as the core will read it: absolute, through its links, so every front end naming it shares one bar. */
export function selectedConfig(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export interface ChooseArgs {
  standalone: boolean;
  inProcess: InProcessParts;
  view: ViewOptions<Appearance>;
  attach: Omit<AttachArgs, 'appearance' | 'size'>;
}

/**
 * The bar attached to the user's core, unless the front end runs it itself: asked for, or attaching failed — and
 * then it keeps trying to attach (fallback-bar.ts) — or, attached, the core that answers after its own went speaks
 * another protocol (a tilebar of another version took the session): then it runs on its own, and keeps trying.
 */
export async function frontEndBar(c: ChooseArgs): Promise<FrontEndBar> {
  const alone = async () => (await import('./standalone-bar.js')).inProcessBar(c.inProcess, c.attach.io, c.view);
  if (c.standalone) return alone();
  const handover: Handover = { mayAsk: true };
  let switching: import('./fallback-bar.js').FallbackBar | undefined;
  const stranded = (why: string) => void switching?.strand(why);
  // Each try at the first size: the switch gives the bar it moves to the size the front end set last.
  const tryAttach = () => attachedBar({ ...c.attach, appearance: c.view.appearance, size: c.view.size, handover, stranded });
  const attach = async () => {
    const attached = await tryAttach();
    return attached.ok ? attached.bar : undefined;
  };
  const first = await tryAttach();
  if (!first.ok) c.attach.log(`front end: runs its bar in its own process until a core answers: no core to attach to (${first.why})`);
  const { FallbackBar } = await import('./fallback-bar.js');
  switching = new FallbackBar(first.ok ? { attached: first.bar } : { alone: await alone() }, { attach, alone, timers: c.attach.timers, log: c.attach.log });
  return switching;
}

/** What a front end asks the core for: the bar the command line names, the way the core will find it. */
export function selectOf(opts: { config?: string; monitor?: number; listed?: true; variant?: BarSelect['variant']; tiler?: string; tilerSocketDir?: string; updateUrl?: string }, cwd: string, logPath: string): BarSelect {
  return {
    // The bar's own lines (its config, sources, window manager) go to this front end's log, not only the core's.
    log: resolve(cwd, logPath),
    ...(opts.monitor !== undefined ? { monitor: opts.monitor } : {}),
    ...(opts.listed && opts.monitor !== undefined && opts.config ? { listed: true as const } : {}),
    ...(opts.config ? { config: selectedConfig(resolve(cwd, opts.config)) } : {}),
    ...(opts.variant ? { variant: opts.variant } : {}),
    ...(opts.tiler !== undefined ? { tiler: opts.tiler } : {}),
    ...(opts.tilerSocketDir ? { komorebiDir: resolve(cwd, opts.tilerSocketDir) } : {}),
    ...(opts.updateUrl ? { updateUrl: opts.updateUrl } : {}),
  };
}
