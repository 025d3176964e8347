/**
 * The user's own places on each platform, as pure functions of the environment: the home directory discovery
 * looks in, and where tilebar's log goes (its caches: cache-dir.ts). Paths are joined the platform's way
 * (path.win32 for 'win32'), so Windows places are decided, and tested, the same on any machine.
 */
import path from 'node:path';
import { homedir as osHomedir } from 'node:os';

type Env = Readonly<Record<string, string | undefined>>;

/** The path functions of `platform`: Windows paths (drive letters, backslashes) for 'win32'. */
export function pathsOf(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/**
 * The user's home. On Windows `%USERPROFILE%`, komorebi's own default place (`%USERPROFILE%\komorebi.bar.json`):
 * a HOME set by another layer (Wine passes the Unix one through, Git Bash sets its own) is not where komorebi
 * looks. Elsewhere `$HOME`. Else what the system says.
 */
export function userHome(env: Env, platform: NodeJS.Platform, homedir: () => string = osHomedir): string {
  const given = platform === 'win32' ? env.USERPROFILE : env.HOME;
  if (given) return given;
  try {
    return homedir();
  } catch (e) {
    // A user the system has no entry for (a container's arbitrary uid) with HOME unset: os.homedir throws.
    throw new NoHome(`no home directory: ${platform === 'win32' ? '%USERPROFILE%' : 'HOME'} is not set and the system knows none for this user (${e instanceof Error ? e.message : String(e)}); set ${platform === 'win32' ? 'USERPROFILE' : 'HOME'} to a folder of yours`);
  }
}

/** There is no home to find configs and keep caches in: the user's to set, said with exit 2 (cli/program.ts). */
export class NoHome extends Error {}

/** Where Windows keeps an application's local, per-machine data: `%LOCALAPPDATA%`, else the profile's `AppData\Local`. */
export function localAppData(env: Env, home: string): string {
  return env.LOCALAPPDATA || path.win32.join(home, 'AppData', 'Local');
}

/** A Windows path from a drive's root: `C:\…` or `C:/…`; not `\…` (the current drive's), `C:…` (drive-relative) nor a share. */
export function isWindowsDrivePath(value: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(value);
}

/**
 * An XDG base directory from the environment, or undefined when it is unset, empty or relative: the XDG spec has a
 * relative one ignored, and one taken relative to the working directory would put a feed's caches and notes
 * somewhere else for every directory it is started from (a printed host config and the feed the host starts).
 * On Windows, where XDG is no convention of the system's (Git Bash, MSYS and WSL interop set one), it counts
 * only as a path with a drive letter: MSYS's `/home/me/.config` is absolute to path.win32, as `\home\me\.config`
 * on whatever drive the working directory is on, and is not the folder it names.
 */
export function xdgDir(env: Env, name: 'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME' | 'XDG_STATE_HOME', platform: NodeJS.Platform = 'linux'): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  return (platform === 'win32' ? isWindowsDrivePath(value) : pathsOf(platform).isAbsolute(value)) ? value : undefined;
}

/** The default log: `%LOCALAPPDATA%\tilebar\tilebar.log` on Windows, `$XDG_STATE_HOME/tilebar/tilebar.log` elsewhere. */
export function tilebarLogPath(env: Env, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return path.win32.join(localAppData(env, home), 'tilebar', 'tilebar.log');
  return path.posix.join(xdgDir(env, 'XDG_STATE_HOME') ?? path.posix.join(home, '.local', 'state'), 'tilebar', 'tilebar.log');
}
