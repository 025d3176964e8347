/** Where tilebar keeps its caches on this platform (the validated models, the compiled code of commands). */
import { localAppData, pathsOf, xdgDir } from './user-dirs.js';

export function tilebarCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string {
  const { join } = pathsOf(platform);
  if (platform === 'win32') return join(localAppData(env, home), 'tilebar', 'cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'tilebar');
  return join(xdgDir(env, 'XDG_CACHE_HOME', platform) ?? join(home, '.cache'), 'tilebar');
}

/**
 * Where the commands' compiled code is cached (cli/code-cache.ts), or undefined when there is no home to keep it
 * in: HOME unset for a user the system has no entry for (os.homedir throws), where the command runs uncached
 * rather than ending with Node's stack.
 */
export function codeCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, homedir: () => string): string | undefined {
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  return pathsOf(platform).join(tilebarCacheDir(env, platform, home), 'code');
}
