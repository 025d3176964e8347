/** Which config file to use when none is named on the command line. */
import { existsSync } from 'node:fs';
import { dirname, join, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathsOf, userHome, xdgDir } from '../io/user-dirs.js';
import { currentUser, DISCOVERED_HINT, trustRefusal } from '../io/trust.js';
import { EXAMPLE_ASSET, exampleConfigFile } from '../install/example-config.js';
import { seaAssetBytes } from '../install/sea.js';

export interface DiscoveryEnv {
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home (io/user-dirs.ts userHome: `%USERPROFILE%` on Windows). */
  home: string;
  /** Whose paths these are (default: this machine's): Windows paths are joined the Windows way. */
  platform?: NodeJS.Platform;
  exists: (path: string) => boolean;
  /**
   * Why a file that exists may not steer the bar (io/trust.ts), or undefined when it may; none: every file may
   * (Windows, and pure tests of ranking).
   */
  refusal?: (path: string) => string | undefined;
}

/** A better-ranked place whose file the trust rule refused: passed over, and said. */
export interface PassedOver {
  path: string;
  reason: string;
  why: string;
}

export interface Discovered {
  path: string;
  /** Why this file: "--config", "$KOMOREBI_CONFIG_HOME", ..., "embedded default". */
  reason: string;
  embedded: boolean;
  /** Better-ranked places whose files were refused (io/trust.ts), best first. */
  passedOver?: PassedOver[];
}

/** A place a config may be, and why it counts ("$KOMOREBI_CONFIG_HOME", "~/.config", ...). */
export interface Candidate {
  path: string;
  reason: string;
}

/**
 * Where a config is looked for when none is named, best first: `$KOMOREBI_CONFIG_HOME/komorebi.bar.json`, then
 * `$XDG_CONFIG_HOME/tilebar/bar.json` (default `~/.config/tilebar/bar.json`), then `~/komorebi.bar.json`. After
 * them comes the embedded example, which is always there.
 *
 * On Windows komorebi's order is kept, `%KOMOREBI_CONFIG_HOME%` and then the user's profile: `~` is
 * `%USERPROFILE%` (komorebi's default place for its bar's config), so `%KOMOREBI_CONFIG_HOME%\komorebi.bar.json`,
 * `%USERPROFILE%\.config\tilebar\bar.json`, `%USERPROFILE%\komorebi.bar.json`. `XDG_CONFIG_HOME` is no place of
 * Windows' own (Git Bash, MSYS and WSL interop set it): it comes only after those, and only as a path with a
 * drive letter (xdgDir) that is not the profile's `.config` already listed. The paths are Windows paths: a
 * `%KOMOREBI_CONFIG_HOME%` written with forward slashes or a trailing backslash still gives `D:\dir\komorebi.bar.json`.
 */
export function configCandidates(env: DiscoveryEnv['env'], home: string, platform: NodeJS.Platform = process.platform): Candidate[] {
  const { join } = pathsOf(platform);
  const komorebi = env.KOMOREBI_CONFIG_HOME ? { path: join(env.KOMOREBI_CONFIG_HOME, 'komorebi.bar.json'), reason: '$KOMOREBI_CONFIG_HOME' } : undefined;
  const homeFile = { path: join(home, 'komorebi.bar.json'), reason: 'home directory' };
  const xdg = xdgDir(env, 'XDG_CONFIG_HOME', platform);
  if (platform === 'win32') {
    const own = join(home, '.config');
    const xdgPlace = xdg !== undefined && !sameWindowsFolder(xdg, own) ? { path: join(xdg, 'tilebar', 'bar.json'), reason: '$XDG_CONFIG_HOME' } : undefined;
    return [komorebi, { path: join(own, 'tilebar', 'bar.json'), reason: '~/.config' }, homeFile, xdgPlace].filter((c): c is Candidate => c !== undefined);
  }
  const own = xdg ? { path: join(xdg, 'tilebar', 'bar.json'), reason: '$XDG_CONFIG_HOME' } : { path: join(home, '.config', 'tilebar', 'bar.json'), reason: '~/.config' };
  return [komorebi, own, homeFile].filter((c): c is Candidate => c !== undefined);
}

/** Whether two Windows paths name one folder: separators, a trailing one and letter case aside. */
function sameWindowsFolder(a: string, b: string): boolean {
  const key = (p: string) => win32.normalize(p).replace(/\\+$/, '').toLowerCase();
  return key(a) === key(b);
}

/**
 * `--config`, else the first candidate whose file exists and passes the trust rule (configCandidates), else the
 * embedded example. A candidate whose file is refused is passed over, never adopted: another user's file in a
 * shared place must not take the bar away from the user's own lower-ranked one.
 */
export function discoverConfig(flag: string | undefined, io: DiscoveryEnv = realDiscoveryEnv()): Discovered {
  if (flag) return { path: flag, reason: '--config', embedded: false };
  const passedOver: PassedOver[] = [];
  for (const c of configCandidates(io.env, io.home, io.platform)) {
    if (!io.exists(c.path)) continue;
    const why = io.refusal?.(c.path);
    if (why === undefined) return { ...c, embedded: false, ...(passedOver.length > 0 ? { passedOver } : {}) };
    passedOver.push({ ...c, why });
  }
  return { path: embeddedConfigPath(), reason: 'embedded default', embedded: true, ...(passedOver.length > 0 ? { passedOver } : {}) };
}

/** How a passed-over place is said, in the log and by `check`. */
export function passedOverLine(p: PassedOver): string {
  return `config: ${p.path} (${p.reason}) is passed over: ${p.why}; ${DISCOVERED_HINT}`;
}

/** Why a bar reads a file komorebi.json's bar_configurations lists for its monitor (app/komorebi-listing.ts). */
export const LISTED_REASON = 'bar_configurations';

/**
 * The candidates that would replace `current` if they appeared: those that rank above it. None for a file
 * named with `--config` (the user chose it) or listed for the bar's monitor (komorebi.json decides), all of
 * them for the embedded example.
 */
export function candidatesAbove(current: Discovered, candidates: readonly Candidate[]): Candidate[] {
  if (current.reason === '--config' || current.reason === LISTED_REASON) return [];
  if (current.embedded) return [...candidates];
  const rank = candidates.findIndex((c) => c.path === current.path);
  return rank < 0 ? [] : candidates.slice(0, rank);
}

/**
 * While a bar runs on `current`: the config it should use now, given which paths exist; undefined to stay.
 * Only a file that ranks above `current` moves the bar. A `current` that is gone does not move it down to a
 * lower-ranked file: the bar keeps its last good config, as it does through any other fault of its file (an
 * editor that deletes before it writes would otherwise flip the bar to another config and back).
 */
export function switchTarget(current: Discovered, candidates: readonly Candidate[], exists: (path: string) => boolean): Discovered | undefined {
  const found = candidatesAbove(current, candidates).find((c) => exists(c.path));
  return found && { ...found, embedded: false };
}

/** How messages name the config: as given on the command line, else its path; the embedded one says so. */
export function configLabel(found: Discovered, flag?: string): string {
  return found.embedded ? 'config.example.json (embedded)' : (flag ?? found.path);
}

/** Discovery on this machine for `env` and `platform`, the trust rule applied where there is a user to hold files to. */
export function discoveryEnv(env: DiscoveryEnv['env'], platform: NodeJS.Platform): DiscoveryEnv {
  const user = currentUser();
  return { env, home: userHome(env, platform), platform, exists: existsSync, ...(user ? { refusal: (path: string) => trustRefusal(path, user) } : {}) };
}

export function realDiscoveryEnv(): DiscoveryEnv {
  return discoveryEnv(process.env, process.platform);
}

/** The package root: the nearest directory above this module holding config.example.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'config.example.json')) && existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('tilebar is installed without its config.example.json');
}

/** The example config the install carries: beside the package, or written out of the executable (install/). */
export function embeddedConfigPath(): string {
  const asset = seaAssetBytes(EXAMPLE_ASSET);
  return asset === undefined ? join(packageRoot(), 'config.example.json') : exampleConfigFile(asset);
}
