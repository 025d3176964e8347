/**
 * One front end's view of a bar, as the core serves it over the channel: the live core's own view (its monitor,
 * the window manager's state for it) with no look (the front end makes its own) and no size (the front end fits),
 * and the bar released when the front end leaves.
 */
import type { LiveBar, LiveView } from '../app/live-bar.js';
import type { ServedView } from './core-server.js';

export function servedView(bar: LiveBar, view: LiveView<unknown>, names: { bar: string; label: string }, release: () => void): ServedView {
  let closed = false;
  return {
    bar: names.bar,
    // The file the bar reads now: a bar that follows komorebi.json moves.
    get config() {
      return bar.configPath;
    },
    label: names.label,
    get monitor() {
      return view.monitor;
    },
    subscribe: view.subscribe,
    getSnapshot: view.getSnapshot,
    act: (action) => view.act(action),
    bind: (trigger, mouseFollowsFocus) => view.bind(trigger, mouseFollowsFocus),
    refresh: () => bar.refresh(),
    reload: () => bar.reloadConfig(),
    // The server stops writing to a paused front end; the bar's polls go on for the others that show it.
    pause: () => undefined,
    resume: () => undefined,
    close: () => {
      if (closed) return;
      closed = true;
      view.close();
      release();
    },
  };
}
