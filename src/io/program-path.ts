/**
 * Where a program tilebar starts lives, as an absolute path found without ever looking in the current directory.
 *
 * Why: handed a bare name, Node's spawn on Windows (libuv's search_path) looks in the current directory before
 * PATH, so a `powershell.exe` or `komorebic.exe` lying in the folder the bar was started from (Downloads, a
 * cloned repository) ran as the user. On Unix an empty or relative PATH entry (`PATH=/usr/bin:`, `.`) makes
 * execvp look there too. So tilebar finds each program itself and starts it by its full path:
 * - only absolute PATH entries are searched; an empty or relative one (which would mean "the current directory"
 *   or a place under it) is skipped;
 * - on Windows a bare name is tried with PATHEXT's extensions, in its order, keeping those CreateProcess starts
 *   directly (.COM, .EXE): Node refuses to start a .BAT or .CMD without a shell (CVE-2024-27980), so finding one
 *   would only trade "not found" for EINVAL; a name with an extension is tried as given first, as libuv does;
 * - Windows PowerShell is the system's own, from `%SystemRoot%` (systemPowerShell): never a PATH search at all.
 * A program not found is a one-line problem for the caller to say, never a start by bare name.
 *
 * Pure: the environment and the file check are passed in (programOnDisk is the real check), so Windows lookups
 * are decided, and tested, the same on any machine.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ProgramLookup {
  env: Env;
  platform: NodeJS.Platform;
  /** Whether `path` (absolute) is a file this platform can start: a regular file, on Unix with an execute bit. */
  isProgram(path: string): boolean;
}

export type FoundProgram = { ok: true; path: string } | { ok: false; problem: string };

/** Extensions Windows starts without a shell, the only ones worth finding for spawn. */
const DIRECT_EXTENSIONS = ['.COM', '.EXE'];
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** A variable of `env`; on Windows names are case-insensitive (a copy of process.env there has `Path`, `SystemRoot`). */
export function envValue(env: Env, name: string, platform: NodeJS.Platform): string | undefined {
  if (env[name] !== undefined) return env[name];
  if (platform !== 'win32') return undefined;
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : env[key];
}

/** Absolute for `platform`: `C:\…` or `\\server\share\…` on Windows (not `C:foo`, which is relative to C:'s current directory), `/…` elsewhere. */
export function isAbsoluteFor(p: string, platform: NodeJS.Platform): boolean {
  if (platform === 'win32') return /^[A-Za-z]:[\\/]/.test(p) || /^[\\/]{2}[^\\/]/.test(p);
  return p.startsWith('/');
}

/** A name with a directory part (`bin/x`, `.\x.exe`, `C:x`): a path, not something to look up on PATH. */
export function hasDirectory(name: string, platform: NodeJS.Platform): boolean {
  return platform === 'win32' ? /[\\/:]/.test(name) : name.includes('/');
}

/** PATH's absolute entries, in order (on Windows without the quotes an entry may carry). */
export function absolutePathEntries(env: Env, platform: NodeJS.Platform): string[] {
  const raw = envValue(env, 'PATH', platform) ?? '';
  const entries = raw.split(platform === 'win32' ? ';' : ':').map((e) => (platform === 'win32' ? e.trim().replace(/^"(.*)"$/, '$1') : e));
  return entries.filter((e) => isAbsoluteFor(e, platform));
}

/**
 * `env` with PATH holding its absolute entries only, for a child that looks programs up itself: a shell running
 * a command with operators (`wezterm && true`), a `#!/usr/bin/env x` script. An empty or relative entry is the
 * current directory to them, where a program planted in Downloads or a cloned repository would run.
 */
export function withAbsolutePath(env: Env, platform: NodeJS.Platform): Record<string, string | undefined> {
  const key = (platform === 'win32' ? Object.keys(env).find((k) => k.toLowerCase() === 'path') : undefined) ?? 'PATH';
  if (env[key] === undefined) return { ...env };
  return { ...env, [key]: absolutePathEntries(env, platform).join(platform === 'win32' ? ';' : ':') };
}

/** The extensions tried on Windows, PATHEXT's order: those of .COM and .EXE it lists, or both when it lists neither. */
export function windowsExtensions(env: Env): string[] {
  const listed = (envValue(env, 'PATHEXT', 'win32') || DEFAULT_PATHEXT).split(';').map((e) => e.trim().toUpperCase());
  const direct = listed.filter((e, i) => DIRECT_EXTENSIONS.includes(e) && listed.indexOf(e) === i);
  return direct.length > 0 ? direct : DIRECT_EXTENSIONS;
}

/** The file names `name` may have on disk: itself on Unix; on Windows itself (when it has an extension) and with each extension. */
function fileNames(name: string, env: Env, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return [name];
  const withExtensions = windowsExtensions(env).map((e) => `${name}${e.toLowerCase()}`);
  return /\.[^.\\/]+$/.test(name) ? [name, ...withExtensions] : withExtensions;
}

/**
 * `name` as an absolute path: an absolute name checked as it is (with the extensions on Windows); a bare name
 * looked up in PATH's absolute entries. A relative name with a directory part is refused: it would be found
 * from the current directory, which this lookup exists to never use.
 */
export function findProgram(name: string, lookup: ProgramLookup): FoundProgram {
  const { env, platform, isProgram } = lookup;
  const p = platform === 'win32' ? path.win32 : path.posix;
  if (name === '') return { ok: false, problem: 'no program named' };
  if (isAbsoluteFor(name, platform)) {
    const found = fileNames(name, env, platform).find(isProgram);
    return found ? { ok: true, path: found } : { ok: false, problem: `${name} does not exist or cannot be run` };
  }
  if (hasDirectory(name, platform)) return { ok: false, problem: `${name} is a relative path; tilebar starts programs by a full path or a name on PATH` };
  for (const dir of absolutePathEntries(env, platform)) {
    for (const file of fileNames(name, env, platform)) {
      const candidate = p.join(dir, file);
      if (isProgram(candidate)) return { ok: true, path: candidate };
    }
  }
  return { ok: false, problem: `${name} is not on PATH` };
}

/**
 * Windows PowerShell, the system's: `%SystemRoot%\System32\WindowsPowerShell\v1.0\powershell.exe`, SystemRoot
 * from the environment (an absolute one; `C:\Windows` otherwise). Never searched for: the one PowerShell every
 * Windows has, in a directory only administrators can write.
 */
export function systemPowerShell(env: Env): string {
  const root = [envValue(env, 'SystemRoot', 'win32'), envValue(env, 'windir', 'win32')].find((r): r is string => r !== undefined && isAbsoluteFor(r, 'win32')) ?? 'C:\\Windows';
  return path.win32.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
}

/** The real check: a regular file, and on Unix one this process may execute. */
export function programOnDisk(platform: NodeJS.Platform): (path: string) => boolean {
  return (p) => {
    try {
      if (!statSync(p).isFile()) return false;
      if (platform !== 'win32') accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
}

/** findProgram on this machine: its platform, its files. */
export function findProgramHere(name: string, env: Env, platform: NodeJS.Platform = process.platform): FoundProgram {
  return findProgram(name, { env, platform, isProgram: programOnDisk(platform) });
}
