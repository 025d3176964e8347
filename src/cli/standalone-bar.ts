/**
 * The bar in a front end's own process (`--standalone`, TILEBAR_STANDALONE=1, `--print-config`, and the fallback
 * when attaching fails): today's one-process bar, the live core (app/live-bar.ts) with this machine's readers.
 * Its own module, imported only when a front end runs the bar itself (front-end-bar.ts): an attached front end
 * never loads the core's code — the config loader, the sources and their readers, the window manager's clients.
 */
import { LiveBar, type LiveBarDeps, type LiveBarSettings } from '../app/live-bar.js';
import type { FrontEndBar } from '../app/store.js';
import type { ViewOptions } from '../app/view-of-core.js';
import type { Appearance } from '../view/appearance.js';
import type { SourceReaders } from '../app/readings.js';
import type { CliIo } from './io.js';
import { liveReaders } from './live-readers.js';

/**
 * What the in-process bar is made of, should this front end run it. Its readers are made only then (they load the
 * machine's readers): a test hands in its own.
 */
export interface InProcessParts {
  settings: LiveBarSettings;
  deps: Omit<LiveBarDeps, 'readers'> & { readers?: SourceReaders | undefined };
  /** `--update-url`, for the update check's reader. */
  updateUrl?: string | undefined;
}

/** The in-process bar and this front end's view of it. */
export async function standaloneBar(settings: LiveBarSettings, deps: LiveBarDeps, view: ViewOptions<Appearance>): Promise<FrontEndBar> {
  const bar = await LiveBar.load(settings, deps);
  const shown = bar.openView(view);
  return {
    view: shown,
    get origin() {
      return bar.origin;
    },
    start: () => bar.start(),
    onTick: bar.onTick,
    refresh: () => bar.refresh(),
    reloadConfig: () => bar.reloadConfig(),
    pause: () => bar.pause(),
    resume: () => bar.resume(),
    revalidate: () => bar.revalidate(),
    stopUpdates: () => {
      shown.close();
      bar.stopUpdates();
    },
    close: () => bar.close(),
  };
}

/** The in-process bar from a front end's parts: this machine's readers unless the caller (a test) gave its own. */
export function inProcessBar(parts: InProcessParts, io: CliIo, view: ViewOptions<Appearance>): Promise<FrontEndBar> {
  const { readers, ...deps } = parts.deps;
  return standaloneBar(parts.settings, { ...deps, readers: readers ?? liveReaders(io, deps.timers, parts.settings.widgets, parts.updateUrl, deps.log) }, view);
}
