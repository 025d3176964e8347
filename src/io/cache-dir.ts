/** Where tilebar keeps its caches on this platform (the validated models, the compiled code of commands). */
import { join } from 'node:path';

export function tilebarCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'tilebar', 'cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'tilebar');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'tilebar');
}
