/**
 * What the bars of one process share when it runs several (the user's core: serve/hub.ts): one scheduler, so a
 * source read the same way is polled once for all of them; one set of media and keyboard sources; one link per
 * window manager. Made once from the deps every bar of the process gets; handed to each as `LiveBarDeps.shared`.
 * Whoever makes them owns them: it starts and stops the scheduler (a bar only subscribes its own polls) and closes
 * them at the end. A bar without them makes its own, as it always did.
 */
import { EventSources, type StartMediaSource } from '../bar/event-sources.js';
import type { Log } from '../io/log.js';
import { Scheduler } from '../scheduler/scheduler.js';
import type { Timers } from '../scheduler/timers.js';
import type { StartTilerSource } from './window-manager.js';
import { WindowManagers } from './window-managers.js';

/** What the shared parts are made from: the process's, the same every bar gets (see LiveBarDeps). */
export interface SharedPartsDeps {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  log: Log;
  onStray: (e: unknown) => void;
  startTilerSource?: StartTilerSource;
  startMediaSource?: StartMediaSource;
  exists?: (path: string) => boolean;
}

export interface SharedParts {
  readonly scheduler: Scheduler;
  readonly events: EventSources;
  readonly managers: WindowManagers;
}

/** The scheduler a bar's polls run on, whose listeners' failures go to the log. */
export function barScheduler(timers: Timers, log: Log): Scheduler {
  return new Scheduler(timers, { onListenerError: (e) => log(`internal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`) });
}

/** The media and keyboard sources, on the process's deps. */
export function barEventSources(deps: SharedPartsDeps): EventSources {
  const { env, platform, timers, log } = deps;
  return new EventSources({ env, platform, timers, log, ...(deps.exists ? { exists: deps.exists } : {}), ...(deps.startMediaSource ? { startMedia: deps.startMediaSource } : {}) });
}

export function makeSharedParts(deps: SharedPartsDeps): SharedParts {
  const { env, platform, timers, log, onStray } = deps;
  return {
    scheduler: barScheduler(timers, log),
    events: barEventSources(deps),
    managers: new WindowManagers({ env, platform, timers, log, onStray, ...(deps.startTilerSource ? { startSource: deps.startTilerSource } : {}) }),
  };
}

/** The end of the shared parts (after every bar over them closed): no polls, sources or links left. */
export async function closeSharedParts(parts: SharedParts): Promise<void> {
  parts.scheduler.stop();
  parts.events.close();
  await parts.managers.close();
}
