/** Whether the Media widget has a source on this platform, and why not (what `check` warns about). */
import { sessionBus } from './mpris.js';

export const MACOS_MEDIA = 'macOS gives now-playing data only to Apple’s own programs (since macOS 15.4), so the Media widget stays hidden';

/** Why Media cannot work here, or undefined when it has a source (what `check` warns about). */
export function mediaUnavailable(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean): string | undefined {
  if (platform === 'darwin') return MACOS_MEDIA;
  if (platform === 'win32') return undefined;
  const bus = sessionBus(env, exists);
  return 'problem' in bus ? bus.problem : undefined;
}
