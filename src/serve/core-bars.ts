/**
 * The bars the core serves, as its server uses them (core-server.ts's CoreBars): a front end's select is made
 * into a bar's settings the way the command line would make them (the caller's `settingsFor`), the hub opens
 * that bar (or counts one more user of it) and the front end gets a view of it for its monitor, with no look of
 * its own: the front end makes the look.
 */
import type { LiveBarSettings } from '../app/live-bar.js';
import type { BarSelect, PipeFeed, Role, StatusReport } from '../channel/protocol.js';
import { systemWidgets } from '../app/readings.js';
import { VERSION } from '../version.js';
import { appearanceOf } from '../view/appearance.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import type { ThinBar } from './thin-feeds.js';
import type { CoreBars } from './core-server.js';
import type { Hub } from './hub.js';
import { servedView } from './served-view.js';

export type SettingsFor = (select: BarSelect, role: Role) => { ok: true; settings: LiveBarSettings } | { ok: false; why: string };

export function coreBars(hub: Hub, settingsFor: SettingsFor): CoreBars {
  return {
    open: async (select, role) => {
      const made = settingsFor(select, role);
      if (!made.ok) return made;
      const handle = await hub.open(made.settings, select.updateUrl !== undefined ? { updateUrl: select.updateUrl } : {});
      const view = handle.bar.openView({ appearance: () => undefined, size: { width: 0, height: 0 }, ...(select.monitor !== undefined ? { monitor: select.monitor } : {}) });
      return { ok: true, view: servedView(handle.bar, view, { bar: handle.key, label: made.settings.label }, () => handle.release()) };
    },
    report: (): Pick<StatusReport, 'bars' | 'sources' | 'beats'> => {
      const status = hub.status();
      return {
        bars: status.bars.map((b) => ({ config: b.configPath, users: b.users })),
        beats: status.beats,
        sources: status.sources.map((s) => ({ key: s.name, intervalMs: s.intervalMs, subscribers: s.subscribers, reads: s.reads, ...(s.last ? { lastOk: s.last.ok } : {}) })),
      };
    },
    onTick: (listener) => hub.onTick(listener),
  };
}

/**
 * A thin feed's bar (thin-feeds.ts): opened as a front end's, but with the look its host's feed draws in (the
 * icons its front end chose), since the feed runs here; the host lays out its own line, so nothing is fitted.
 */
export function thinBars(hub: Hub, settingsFor: SettingsFor, widgets: WidgetRegistry) {
  return async (select: BarSelect, pipe: PipeFeed): Promise<{ ok: true; bar: ThinBar } | { ok: false; why: string }> => {
    const made = settingsFor(select, { kind: 'feed', host: 'thin' });
    if (!made.ok) return made;
    const handle = await hub.open(made.settings, select.updateUrl !== undefined ? { updateUrl: select.updateUrl } : {});
    const view = handle.bar.openView({
      appearance: (model) => appearanceOf(model, { widgets, icons: pipe.icons }),
      size: { width: 1000, height: 1 },
      ...(select.monitor !== undefined ? { monitor: select.monitor } : {}),
    });
    // Every source its widgets read has answered once: a new core's first line waits for that (thin-feeds.ts).
    const answered = () => {
      const s = view.getSnapshot();
      return systemWidgets(s.model, widgets, VERSION).every((w) => !w.enabled || s.statuses[w.source] !== undefined);
    };
    return {
      ok: true,
      bar: {
        view,
        // The file the bar reads now: a bar that follows komorebi.json moves.
        get config() {
          return handle.bar.configPath;
        },
        label: made.settings.label,
        monitor: () => view.monitor,
        ticks: handle.bar.onTick,
        answered,
        release: () => handle.release(),
      },
    };
  };
}
