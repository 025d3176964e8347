/** The Tiler source for a manager (each loaded on demand: a bar without Tiler widgets loads none of them). */
import type { Timers } from '../scheduler/timers.js';
import type { ManagerName, TilerSource, TilerSourceEvents } from './manager.js';

export interface SourceContext {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  exists: (path: string) => boolean;
  /** komorebi's data directory (komorebi.sock); unused on Windows, where named pipes carry everything. */
  komorebiDir: string;
  /** Windows named-pipe path for a name (tests: a socket path). */
  pipePath?: (name: string) => string;
}

export async function startTilerSource(manager: ManagerName, ctx: SourceContext, events: TilerSourceEvents): Promise<TilerSource> {
  const { env, timers } = ctx;
  switch (manager) {
    case 'i3':
    case 'sway': {
      const [{ startI3Source }, { askSocketPath }] = await Promise.all([import('./i3-source.js'), import('./detect.js')]);
      const variable = manager === 'sway' ? 'SWAYSOCK' : 'I3SOCK';
      return startI3Source({ manager, timers, events, socketPath: async () => env[variable] || (await askSocketPath(manager, env)) });
    }
    case 'hyprland': {
      const [{ startHyprlandSource }, { hyprlandDir }] = await Promise.all([import('./hyprland-source.js'), import('../ipc/hyprland-ipc.js')]);
      return startHyprlandSource({ timers, events, dir: () => (env.HYPRLAND_INSTANCE_SIGNATURE ? hyprlandDir(env, ctx.exists) : undefined) });
    }
    case 'komorebi': {
      if (ctx.platform === 'win32' || ctx.pipePath) {
        const { startKomorebiPipeSource, windowsPipePath } = await import('./komorebi-pipe.js');
        return startKomorebiPipeSource({ pipePath: ctx.pipePath ?? windowsPipePath, env, timers, events });
      }
      const { startKomorebiSocketSource } = await import('./komorebi-source.js');
      return startKomorebiSocketSource(ctx.komorebiDir, timers, events);
    }
  }
}
