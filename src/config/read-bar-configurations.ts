/**
 * Finding komorebi.json and reading its `bar_configurations` with every file they list (bar-configurations.ts
 * judges what is read). komorebi.json is where komorebi looks for it: `$KOMOREBI_CONFIG_HOME/komorebi.json`
 * (the variable expanded as komorebi expands it, and a folder, else an error naming the value as it is set,
 * where komorebi refuses to start), else in the user's home: `%USERPROFILE%` on Windows, `~/.config/komorebi`
 * on macOS (komorebi for Mac's place) and on Linux (where there is no komorebi; the same place as on macOS).
 * Only a regular file counts; none is no list, not a problem.
 *
 * These files steer the bar though the user named none of them on the command line, so each is read under the
 * trust rule (io/trust.ts), as discovery reads a config it finds (config/discover.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readTextFile, type ReadOutcome } from '../io/read-text-file.js';
import { currentUser, LISTED_HINT } from '../io/trust.js';
import { userHome } from '../io/user-dirs.js';
import { quote } from '../text/safe-text.js';
import { barConfigurationProblem, barConfigurationsOf, listedBarPaths, MAX_PATH_SHOWN, NO_BAR_CONFIGURATIONS, type BarConfigurationProblem, type BarConfigurations } from './bar-configurations.js';
import { expandKomorebiPath, type Env } from './komorebi-path.js';
import { MAX_CONFIG_BYTES } from './limits.js';

export interface BarConfigurationsIo {
  env: Env;
  platform: NodeJS.Platform;
  /** What a relative `KOMOREBI_CONFIG_HOME` is taken from (komorebi takes it from its own working folder). */
  cwd: string;
  /** The user's home (io/user-dirs.ts userHome: `%USERPROFILE%` on Windows). */
  home: string;
  isDirectory: (path: string) => boolean;
  isFile: (path: string) => boolean;
  /** A file's text, under the trust rule where there is a user to hold files to. */
  read: (path: string) => Promise<ReadOutcome>;
}


/** Where komorebi.json is (whether or not there is one), or why there is no place for it. */
export type KomorebiJsonPlace = { path: string; reason: '$KOMOREBI_CONFIG_HOME' | 'home' } | { problem: BarConfigurationProblem };

/**
 * `$KOMOREBI_CONFIG_HOME/komorebi.json`, else komorebi.json in the home (see the module's comment). A variable
 * set to nothing counts as unset here, as it does for tilebar's own discovery (komorebi would refuse to start).
 */
export function komorebiJsonPlace(io: Pick<BarConfigurationsIo, 'env' | 'platform' | 'cwd' | 'home' | 'isDirectory'>): KomorebiJsonPlace {
  const paths = io.platform === 'win32' ? path.win32 : path.posix;
  const raw = io.env.KOMOREBI_CONFIG_HOME;
  if (!raw) return { path: io.platform === 'win32' ? paths.join(io.home, 'komorebi.json') : paths.join(io.home, '.config', 'komorebi', 'komorebi.json'), reason: 'home' };
  const expanded = expandKomorebiPath(raw, io.env, io.platform);
  const dir = paths.resolve(io.cwd, expanded.path);
  if (expanded.unset.length === 0 && io.isDirectory(dir)) return { path: paths.join(dir, 'komorebi.json'), reason: '$KOMOREBI_CONFIG_HOME' };
  const unset = expanded.unset.length > 0 ? `; ${expanded.unset.map((u) => u.written).join(', ')} in it ${expanded.unset.length === 1 ? 'is' : 'are'} not set` : '';
  const shown = dir !== raw && unset === '' ? ` (${dir})` : '';
  const message = `KOMOREBI_CONFIG_HOME is set to ${quote(raw, MAX_PATH_SHOWN)}, which is not a directory${shown}${unset}`;
  return { problem: barConfigurationProblem('error', 'home', undefined, { line: 0, col: 0 }, { message, hint: 'komorebi refuses to start with it: set it to the folder that holds komorebi.json, or unset it' }) };
}

/**
 * komorebi.json's bar configurations: each listed file read once, for its `monitor`. No komorebi.json, or one
 * without a list: NO_BAR_CONFIGURATIONS (with the problem when KOMOREBI_CONFIG_HOME names no folder, or
 * komorebi.json cannot be read).
 */
export async function readBarConfigurations(io: BarConfigurationsIo): Promise<BarConfigurations> {
  const place = komorebiJsonPlace(io);
  if ('problem' in place) return { ...NO_BAR_CONFIGURATIONS, problems: [place.problem] };
  if (!io.isFile(place.path)) return NO_BAR_CONFIGURATIONS;
  const text = await io.read(place.path);
  if (!text.ok) {
    const problem = barConfigurationProblem('warning', 'komorebi-json', place.path, { line: 1, col: 1 }, { message: `cannot read it (${text.problem}); its bar_configurations are not used`, hint: 'tilebar finds its config as it does without a komorebi.json' });
    return { ...NO_BAR_CONFIGURATIONS, problems: [problem] };
  }
  return barConfigurationsOfText(io, place.path, text.text);
}

/** komorebi.json's bar configurations from its text (read already: a running bar's watch of it), each listed file read. */
export async function barConfigurationsOfText(io: Pick<BarConfigurationsIo, 'env' | 'platform' | 'read'>, komorebiJson: string, text: string): Promise<BarConfigurations> {
  const listed = listedBarPaths(text, komorebiJson, io.env, io.platform);
  const reads = await Promise.all(listed.entries.map((e) => io.read(e.path)));
  return barConfigurationsOf(komorebiJson, listed, reads);
}

/** This machine's files, for `env` and `platform`; read under the trust rule where there is a user. */
export function barConfigurationsIo(env: Env, platform: NodeJS.Platform, cwd: string): BarConfigurationsIo {
  const user = currentUser();
  const kind = (file: string) => {
    try {
      return statSync(file);
    } catch {
      return undefined;
    }
  };
  return {
    env,
    platform,
    cwd,
    home: userHome(env, platform),
    isDirectory: (p) => kind(p)?.isDirectory() === true,
    isFile: (p) => kind(p)?.isFile() === true,
    read: (p) => readTextFile(p, { maxBytes: MAX_CONFIG_BYTES, ...(user ? { trust: { user, hint: LISTED_HINT } } : {}) }),
  };
}
