/**
 * Which source feeds the Media widgets on this platform, started only when a config has one: MPRIS over
 * the D-Bus session bus on Linux and the BSDs; on Windows the media-session helper (windows-media.ts); none
 * on macOS, which since 15.4 gives now-playing data only to Apple's own programs (the widget stays hidden,
 * and `tilebar check` says why).
 */
import type { BarModel, WidgetModel } from '../config/model.js';
import type { MediaSource } from '../media/mpris.js';
import { MACOS_MEDIA } from '../media/availability.js';
import type { MediaStatus } from '../media/player.js';
import type { Timers } from '../scheduler/timers.js';

export interface EventSourceDeps {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  log(message: string): void;
  /** Whether a path exists, where the keyboard's source is looked for (existsSync unless given). */
  exists?: (path: string) => boolean;
}

/** The first enabled widget of this kind anywhere on the bar, if any (the event sources start for it). */
export function enabledWidget(model: Pick<BarModel, 'left' | 'center' | 'right'>, kind: 'Media' | 'Keyboard'): WidgetModel | undefined {
  return [...model.left, ...model.center, ...model.right].find((w) => w.kind === kind && w.config.enable === true);
}

/** `condition`: a lasting condition of the source, or undefined once it started (mpris.ts's MprisOptions). */
export async function startMediaSource(onStatus: (status: MediaStatus) => void, deps: EventSourceDeps & { condition?(line: string | undefined): void }): Promise<MediaSource> {
  if (deps.platform === 'darwin') {
    (deps.condition ?? deps.log)(`media: ${MACOS_MEDIA}`);
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
