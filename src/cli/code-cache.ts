/**
 * One-shot commands (`check`, `preview`, `thresholds`, `themes`, `schema`) start from a script of their own
 * (dist/bundle/oneshot-<command>.cjs, scripts/bundle.mjs) compiled with V8's code cache, kept in the user's
 * cache directory. Most of a one-shot command's time is Node compiling the code it loads, first the modules and
 * then each function on its first call; a command that runs a few hundred milliseconds never earns that back.
 * Node 22 offers this for every module (`module.enableCompileCache`); Node 20 offers it for classic scripts
 * only (vm.Script's `cachedData`), hence one CommonJS script per command beside the ES module build that `run`
 * uses. The cache holds the functions the command compiled on a run without it, written after that run.
 *
 * The cache is only a speed-up: an entry that is missing, damaged, too large, a link or not a regular file is
 * ignored, and one V8 refuses (another Node, other flags) is replaced after the run. Its name carries the
 * build, the script's size and time, Node's version and the architecture, because V8 checks a cache against
 * its source's length only. `NODE_DEBUG=tilebar` says what happened; `TILEBAR_CODE_CACHE=0` turns it off
 * (main.ts then runs the command from the ES modules).
 */
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import { readPrivate, writeNewPrivate } from '../io/private-file.js';
import type { CliIo } from './io.js';

/**
 * `NODE_DEBUG=tilebar` lines, as util.debuglog writes them; not util.debuglog itself, because loading node:util
 * (with its argument parser and MIME types) is ~2 ms of every one-shot command.
 */
const debugging = /(?:^|,)\s*tilebar\s*(?:,|$)/i.test(process.env.NODE_DEBUG ?? '');
const debug = (format: string, ...values: unknown[]): void => {
  if (!debugging) return;
  let i = 0;
  process.stderr.write(`TILEBAR ${process.pid}: ${format.replace(/%[sd]/g, () => String(values[i++]))}\n`);
};

/** A command's script: its exports. */
export interface OneShotScript {
  run: (args: readonly string[], io: CliIo) => Promise<number>;
}

/** The largest cache entry read (the preview's is ~2 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface LoadedScript {
  script: OneShotScript;
  /** Writes the cache when there was none or V8 refused it: call once the command has run. Never throws. */
  saveCache: () => void;
}

/** The name of `file`'s cache entry: everything V8 does not check itself. */
export function cacheEntryName(file: string, build: string): string {
  const { size, mtimeMs } = statSync(file);
  return `${basename(file, '.cjs')}-${build}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.v8`;
}

/**
 * Compile and run `file` (a CommonJS script) with the code cache in `cacheDir` (none: no cache), and return its
 * exports. Throws what loading the script throws (a broken install), not what the cache does.
 */
export function loadOneShotScript(file: string, cacheDir: string | undefined, build: string): LoadedScript {
  // The scripts are ASCII (scripts/bundle.mjs), which Node turns into a string faster as Latin-1 than as UTF-8.
  const bytes = readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const entry = cacheDir === undefined ? undefined : join(cacheDir, cacheEntryName(file, build));
  let cachedData: Buffer | undefined;
  try {
    cachedData = entry === undefined ? undefined : readPrivate(entry, MAX_CACHE_BYTES);
  } catch (e) {
    debug('code cache %s: cannot be read (%s)', entry, (e as Error).message);
  }
  // The wrapper CommonJS gives every module, so the script's `require` and `module` are its own.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // The scripts import with require() only (scripts/bundle.mjs), so they need no ES module loader.
  const script = new vm.Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  debug('code cache %s: %s', entry ?? '(off)', cachedData === undefined ? 'none' : script.cachedDataRejected ? 'refused by V8' : 'used');
  const module = { exports: {} as OneShotScript };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  const saveCache = () => {
    if (entry === undefined || cacheDir === undefined || (cachedData !== undefined && !script.cachedDataRejected)) return;
    const temporary = `${entry}.${process.pid}.tmp`;
    try {
      const data = script.createCachedData();
      mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      writeNewPrivate(temporary, data);
      renameSync(temporary, entry);
      // Entries of this command from other builds or Node versions are of no more use.
      const prefix = `${basename(file, '.cjs')}-`;
      for (const name of readdirSync(cacheDir)) if (name.startsWith(prefix) && name !== basename(entry)) rmSync(join(cacheDir, name), { force: true });
      debug('code cache %s: written (%d bytes)', entry, data.length);
    } catch (e) {
      // A read-only home or a full disk: the next start compiles again.
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing was made there (the directory is a file, or is gone).
      }
      debug('code cache %s: cannot be written (%s)', entry, (e as Error).message);
    }
  };
  return { script: module.exports, saveCache };
}
