/**
 * The system time zone, picked up again when it changes while the bar runs. Node reads the zone once, at
 * start, so tilebar resolves it itself: `TZ` when set to a zone name (a process's environment cannot change
 * from outside, so TZ is fixed for the run), else the zone `/etc/localtime` links to (Linux and macOS;
 * `timedatectl set-timezone` and the macOS settings replace that link, which is watched), else what Intl
 * says (Windows).
 */
import { readlink } from 'node:fs/promises';
import type { FSWatcher } from 'chokidar';
import { isValidZone } from './zone-valid.js';

export const LOCALTIME = '/etc/localtime';

/** `/usr/share/zoneinfo/Europe/Berlin` (or `../usr/share/zoneinfo/posix/Europe/Berlin`) → `Europe/Berlin`. */
export function zoneFromLocaltimeTarget(target: string): string | undefined {
  const m = /zoneinfo\/(?:posix\/|right\/)?(.+)$/.exec(target);
  const name = m?.[1];
  return name && isValidZone(name) ? name : undefined;
}

export interface SystemZoneSources {
  env: Readonly<Record<string, string | undefined>>;
  readLink: (path: string) => Promise<string>;
  intlZone: () => string | undefined;
  localtime?: string;
}

export const realZoneSources = (): SystemZoneSources => ({
  env: process.env,
  readLink: (p) => readlink(p),
  intlZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
});

export async function resolveSystemZone(s: SystemZoneSources): Promise<{ zone: string; from: string }> {
  const tz = s.env.TZ?.replace(/^:/, '');
  if (tz && isValidZone(tz)) return { zone: tz, from: 'TZ' };
  const link = s.localtime ?? LOCALTIME;
  const target = await s.readLink(link).catch(() => undefined);
  const fromLink = target ? zoneFromLocaltimeTarget(target) : undefined;
  if (fromLink) return { zone: fromLink, from: link };
  const intl = s.intlZone();
  if (intl && isValidZone(intl)) return { zone: intl, from: 'the system (Intl)' };
  return { zone: 'UTC', from: 'default' };
}

/**
 * Calls `onChange` with the new zone whenever the /etc/localtime link is replaced. With TZ set there is
 * nothing to watch. Returns the close function.
 */
export async function watchSystemZone(s: SystemZoneSources, onChange: (zone: string) => void, log: (message: string) => void = () => undefined): Promise<() => Promise<void>> {
  if (s.env.TZ && isValidZone(s.env.TZ.replace(/^:/, ''))) return async () => undefined;
  let current: string | undefined;
  void resolveSystemZone(s).then((r) => (current = r.zone));
  // Loaded when needed, after the bar's first frame.
  const { watch } = await import('chokidar');
  const watcher: FSWatcher = watch(s.localtime ?? LOCALTIME, { followSymlinks: false, ignoreInitial: true, persistent: true });
  const recheck = () => {
    void resolveSystemZone(s).then(({ zone }) => {
      if (zone !== current) {
        current = zone;
        onChange(zone);
      }
    });
  };
  watcher.on('add', recheck).on('change', recheck).on('unlink', recheck);
  // A watcher error (an inotify limit, a vanished directory) must not end the bar: the zone just stops following.
  let reported = false;
  watcher.on('error', (e) => {
    if (!reported) log(`time zone watcher: ${e instanceof Error ? e.message : String(e)}; the zone is no longer followed`);
    reported = true;
  });
  return () => watcher.close();
}
