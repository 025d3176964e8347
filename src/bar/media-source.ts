/**
 * Which source feeds the Media widgets on this platform, started only when a config has one: MPRIS over
 * the D-Bus session bus on Linux and the BSDs; on Windows the media-session helper (windows-media.ts); none
 * on macOS, which since 15.4 gives now-playing data only to Apple's own programs (the widget stays hidden,
 * and `tilebar check` says why).
 */
import type { BarModel, WidgetModel } from '../config/model.js';
import { sessionBus, type MediaSource } from '../media/mpris.js';
import type { MediaStatus } from '../media/player.js';
import type { Timers } from '../scheduler/timers.js';

export interface EventSourceDeps {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  log(message: string): void;
}

export const MACOS_MEDIA = 'macOS gives now-playing data only to Apple’s own programs (since macOS 15.4), so the Media widget stays hidden';

/** The first enabled widget of this kind anywhere on the bar, if any. */
export function enabledWidget<K extends 'Media' | 'Keyboard'>(model: Pick<BarModel, 'left' | 'center' | 'right'>, kind: K): Extract<WidgetModel, { kind: K }> | undefined {
  return [...model.left, ...model.center, ...model.right].find((w): w is Extract<WidgetModel, { kind: K }> => w.kind === kind && 'enable' in w.config && w.config.enable === true);
}

/** Why Media cannot work here, or undefined when it has a source (what `check` warns about). */
export function mediaUnavailable(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean): string | undefined {
  if (platform === 'darwin') return MACOS_MEDIA;
  if (platform === 'win32') return undefined;
  const bus = sessionBus(env, exists);
  return 'problem' in bus ? bus.problem : undefined;
}

export async function startMediaSource(onStatus: (status: MediaStatus) => void, deps: EventSourceDeps): Promise<MediaSource> {
  if (deps.platform === 'darwin') {
    deps.log(`media: ${MACOS_MEDIA}`);
    onStatus({ problem: MACOS_MEDIA });
    return { control: () => undefined, close: () => undefined };
  }
  if (deps.platform === 'win32') {
    const { watchWindowsMedia } = await import('../media/windows-media.js');
    return watchWindowsMedia(onStatus, deps);
  }
  const { watchMpris } = await import('../media/mpris.js');
  return watchMpris(onStatus, deps);
}
