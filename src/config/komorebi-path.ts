/**
 * A path written the way komorebi reads paths (`KOMOREBI_CONFIG_HOME`, each entry of `bar_configurations`),
 * expanded by komorebi's own rule (its `PathExt::replace_env`), so tilebar opens the file komorebi would:
 *
 * - the path is split into components, and only a **whole** component is a variable: `%NAME%`, `$Env:NAME`
 *   (the prefix in any letter case) or `$NAME`; `$Env:FOO.json` names the variable `FOO.json`, `x$FOO` none;
 * - on Windows a component `~`, or `$HOME` in any letter case, is `%USERPROFILE%`; elsewhere `~` is `$HOME`;
 * - names are looked up case-insensitively on Windows (as the system does) and exactly elsewhere;
 * - a variable that is not set is kept as written (komorebi says nothing; the file is then simply not found):
 *   the caller is told which, so it can say so;
 * - no `${NAME}`, no expansion inside a component, nothing expanded twice; a value that is an absolute path
 *   replaces what came before it, as komorebi's `PathBuf::push` does.
 *
 * Commands and the switcher's paths use the looser rule of src/tiler/variables.ts (anywhere in the text).
 */
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** A variable's value; on Windows names are case-insensitive, as the system's own lookup is. */
export function envValue(env: Env, name: string, platform: NodeJS.Platform): string | undefined {
  if (env[name] !== undefined) return env[name];
  if (platform !== 'win32') return undefined;
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : env[key];
}

/** A component that names a variable which is not set: kept in the path as written. */
export interface UnsetVariable {
  /** The component as written: `$Env:FOO`, `%FOO%`, `~`. */
  written: string;
  /** The variable looked up: `FOO`; `USERPROFILE` for `~` on Windows. */
  name: string;
}

export interface ExpandedPath {
  /** The path with every set variable replaced; separators are the platform's. */
  path: string;
  /** The variables that were not set, in the order written. */
  unset: UnsetVariable[];
}

/** The variable a component names, or undefined when it is no variable (komorebi's three forms and `~`). */
export function variableOf(component: string, platform: NodeJS.Platform): string | undefined {
  if (platform === 'win32' && (component === '~' || component.toLowerCase() === '$home')) return 'USERPROFILE';
  if (platform !== 'win32' && component === '~') return 'HOME';
  if (component.length >= 2 && component.startsWith('%') && component.endsWith('%')) return component.slice(1, -1);
  if (component.slice(0, 5).toLowerCase() === '$env:') return component.slice(5);
  if (component.startsWith('$')) return component.slice(1);
  return undefined;
}

/** `raw` expanded as komorebi expands a path (see the module's comment). */
export function expandKomorebiPath(raw: string, env: Env, platform: NodeJS.Platform): ExpandedPath {
  const windows = platform === 'win32';
  const paths = windows ? path.win32 : path.posix;
  // The root (and on Windows the drive or share) is copied as it is; the rest is split at separators.
  const root = paths.parse(raw).root;
  const components = raw.slice(root.length).split(windows ? /[\\/]/ : '/').filter((c) => c !== '');
  let out = windows ? root.replaceAll('/', '\\') : root;
  const unset: UnsetVariable[] = [];
  for (const component of components) {
    const name = variableOf(component, platform);
    const value = name === undefined || name === '' ? undefined : envValue(env, name, platform);
    if (name !== undefined && name !== '' && value === undefined) unset.push({ written: component, name });
    out = pushed(out, value ?? component, platform);
  }
  return { path: out, unset };
}

/**
 * `out` with `part` added as Rust's `PathBuf::push` adds it: an absolute part replaces the whole; on Windows a
 * part rooted without a drive (`\dir`) keeps only the drive; an empty part adds nothing.
 */
function pushed(out: string, part: string, platform: NodeJS.Platform): string {
  if (part === '') return out;
  if (platform !== 'win32') {
    if (part.startsWith('/')) return part;
    return out === '' || out.endsWith('/') ? out + part : `${out}/${part}`;
  }
  const root = path.win32.parse(part).root;
  if (/^([A-Za-z]:|[\\/]{2})/.test(root)) return part;
  if (/^[\\/]/.test(part)) return (/^[A-Za-z]:/.exec(out)?.[0] ?? '') + part;
  return out === '' || /[\\/]$/.test(out) || /^[A-Za-z]:$/.test(out) ? out + part : `${out}\\${part}`;
}
