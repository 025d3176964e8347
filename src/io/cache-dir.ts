/** Where tilebar keeps its caches on this platform (the validated models, the compiled code of commands). */
import { localAppData, pathsOf, xdgDir } from './user-dirs.js';

export function tilebarCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string {
  const { join } = pathsOf(platform);
  if (platform === 'win32') return join(localAppData(env, home), 'tilebar', 'cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'tilebar');
  return join(xdgDir(env, 'XDG_CACHE_HOME', platform) ?? join(home, '.cache'), 'tilebar');
}
