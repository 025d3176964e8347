/**
 * One-shot commands (`check`, `preview`, `thresholds`, `themes`, `schema`) start from a script of their own
 * (dist/bundle/oneshot-<command>.cjs, scripts/bundle.mjs) compiled with V8's code cache, kept in the user's
 * cache directory. Most of a one-shot command's time is Node compiling the code it loads, first the modules and
 * then each function on its first call; a command that runs a few hundred milliseconds never earns that back.
 * Node 22 offers this for every module (`module.enableCompileCache`); Node 20 offers it for classic scripts
 * only (vm.Script's `cachedData`), hence one CommonJS script per command beside the ES module build that `run`
 * uses. The cache holds the functions the command compiled on a run without it, written after that run.
 *
 * The cache is only a speed-up, and code that runs as the user: it is read only from a directory the trust rule
 * accepts (io/trust.ts: nobody else can have put an entry there), through a descriptor the rule checked, and
 * only once its seal holds. V8 checks a cache against its source's length only, and in a release build does not
 * checksum it: an entry compiled from another script of the same length runs that script's code, and a few
 * flipped bits crash the process (SIGSEGV, SIGTRAP) on every start until the entry goes. So every entry starts
 * with a seal — a CRC-32 of the script's bytes and of the cache data — checked before V8 sees a byte; one that
 * fails is removed and written anew after the run, never loaded. The seal guards against damage and mix-ups,
 * not planting (the directory's rule does that), so a checksum serves, as in Node's own compile cache: zlib's
 * CRC-32 costs ~1 ms of a one-shot command where loading node:crypto for SHA-256 cost ~5 (Node 26). An entry
 * that is missing, too large, a link or not a regular file is ignored, and one V8 refuses (another Node, other
 * flags) is replaced after the run. Its name carries the build, the script's size and time, Node's version and
 * the architecture, so entries of other installs do not meet. `NODE_DEBUG=tilebar` says what happened;
 * `TILEBAR_CODE_CACHE=0` turns it off (main.ts then runs the command from the ES modules).
 */
import { isAscii } from 'node:buffer';
import { crc32 } from 'node:zlib';
import { readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import { readPrivate, writeNewPrivate } from '../io/private-file.js';
import { currentUser, directoryRefusal, makeDirForOwnFiles, readTrustedBytes, type TrustedUser } from '../io/trust.js';
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
  /** Whether this run validated a config (the path after an edit) rather than taking its model from the cache. */
  validated: () => boolean;
}

/**
 * Which path the run that wrote an entry took. V8 caches every function compiled when the cache is made, so an
 * entry written by a preview that validated also holds zod and the checker (1.4 MB instead of 1.15 for the
 * preview), which the usual preview, from the cache of validated models, would deserialise for nothing. Such an
 * entry is replaced once by one from a run on the usual path. `check` always validates: its entry stays.
 */
type Path = 'validated' | 'cached';

/** The largest cache entry read (the preview's is ~2 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface LoadedScript {
  script: OneShotScript;
  /**
   * Writes the cache when there was none, V8 refused it, or it was made on the validating path and this run
   * took its model from the cache: call once the command has run. Never throws.
   */
  saveCache: () => void;
}

/**
 * What an entry starts with: a magic word and the seal (a CRC-32, 4 bytes); the cache data follows. The word
 * names the seal's kind: an entry sealed another way (by an older tilebar) is not one, and is written again.
 */
const MAGIC = Buffer.from('tbv8crc1', 'latin1');
const SEAL_BYTES = MAGIC.length + 4;

/** The seal of `data` as the cache of `script`: the CRC-32 of the script's length, the script and the data. */
function sealOf(script: Buffer, data: Uint8Array): Buffer {
  const seal = Buffer.alloc(4);
  seal.writeUInt32BE(crc32(data, crc32(script, crc32(`${script.length}\0`))));
  return seal;
}

/** The cache data of a sealed entry, or undefined when the entry is not one sealed for `script`. */
export function unsealed(entry: Buffer, script: Buffer): Buffer | undefined {
  if (entry.length <= SEAL_BYTES || !entry.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = entry.subarray(SEAL_BYTES);
  return sealOf(script, data).equals(entry.subarray(MAGIC.length, SEAL_BYTES)) ? data : undefined;
}

export function sealed(script: Buffer, data: Uint8Array): Buffer {
  return Buffer.concat([MAGIC, sealOf(script, data), data]);
}

/** An entry's bytes, read through a descriptor the trust rule checked where there is a user to hold it to. */
function readEntry(entry: string, user: TrustedUser | undefined): Buffer | undefined {
  if (user === undefined) return readPrivate(entry, MAX_CACHE_BYTES);
  const read = readTrustedBytes(entry, user, MAX_CACHE_BYTES);
  if ('why' in read) debug('code cache %s: not read (%s)', entry, read.why);
  if ('tooLarge' in read) debug('code cache %s: not read (%d bytes, more than %d)', entry, read.tooLarge, MAX_CACHE_BYTES);
  return 'bytes' in read ? read.bytes : undefined;
}

/**
 * Whether `cacheDir` may hold code this process runs: a directory the trust rule accepts, or one not made yet
 * whose way the rule accepts (it is made private when an entry is written). Said once with NODE_DEBUG=tilebar.
 */
function usableCacheDir(cacheDir: string, user: TrustedUser | undefined): boolean {
  if (user === undefined) return true;
  const refusal = directoryRefusal(cacheDir, user);
  if (refusal === undefined || refusal.absent) return true;
  debug('code cache %s: not used (%s)', cacheDir, refusal.why);
  return false;
}

/** The names of `file`'s cache entries, by the path the writing run took: everything V8 does not check itself. */
function cacheEntryNames(script: ScriptSource, build: string): (path: Path) => string {
  const stem = `${basename(script.file, '.cjs')}-${build}-${script.stamp}-${process.version}-${process.arch}`;
  return (path) => `${stem}-${path}.v8`;
}

/**
 * A command's script: its name (a file's path; a single executable's asset is named as if it lay beside the
 * executable), its bytes, and what tells this copy of it from another of the same name (a file's size and time).
 */
export interface ScriptSource {
  file: string;
  bytes: Buffer;
  stamp: string;
}

function scriptFile(file: string): ScriptSource {
  const { size, mtimeMs } = statSync(file);
  return { file, bytes: readFileSync(file), stamp: `${size}-${Math.trunc(mtimeMs)}` };
}

/**
 * Compile and run a CommonJS script (a file, or a single executable's asset) with the code cache in `cacheDir`
 * (none: no cache), and return its exports. Throws what loading the script throws (a broken install), not what the cache does.
 */
export function loadOneShotScript(given: string | ScriptSource, givenCacheDir: string | undefined, build: string): LoadedScript {
  const user = currentUser();
  const cacheDir = givenCacheDir !== undefined && usableCacheDir(givenCacheDir, user) ? givenCacheDir : undefined;
  const loaded = typeof given === 'string' ? scriptFile(given) : given;
  const { file, bytes } = loaded;
  // The scripts are ASCII (scripts/bundle.mjs), which Node turns into a string faster as Latin-1 than as UTF-8.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const entryName = cacheEntryNames(loaded, build);
  // An entry from the usual path first.
  let found: { entry: string; path: Path; data: Buffer } | undefined;
  for (const path of ['cached', 'validated'] as const) {
    if (cacheDir === undefined || found !== undefined) break;
    const entry = join(cacheDir, entryName(path));
    try {
      const raw = readEntry(entry, user);
      if (raw === undefined) continue;
      const data = unsealed(raw, bytes);
      if (data !== undefined) found = { entry, path, data };
      else {
        // Damaged, or not made for this script: V8 would run it as it is. Removed; this run writes a new one.
        rmSync(entry, { force: true });
        debug('code cache %s: its seal does not hold; removed, to be written again', entry);
      }
    } catch (e) {
      debug('code cache %s: cannot be read (%s)', entry, (e as Error).message);
    }
  }
  // The wrapper CommonJS gives every module, so the script's `require` and `module` are its own.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // The scripts import with require() only (scripts/bundle.mjs), so they need no ES module loader.
  const script = new vm.Script(wrapped, { filename: file, ...(found ? { cachedData: found.data } : {}) });
  debug('code cache %s: %s', found?.entry ?? join(cacheDir ?? '(off)', basename(file, '.cjs')), found === undefined ? 'none' : script.cachedDataRejected ? 'refused by V8' : 'used');
  const module = { exports: {} as OneShotScript };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  const saveCache = () => {
    if (cacheDir === undefined) return;
    const path: Path = module.exports.validated() ? 'validated' : 'cached';
    const used = found !== undefined && !script.cachedDataRejected ? found : undefined;
    if (used && !(used.path === 'validated' && path === 'cached')) return;
    let target: string | undefined;
    let temporary: string | undefined;
    try {
      // A run that loaded an entry compiled everything in it: only a run without one writes a lean entry.
      if (used) {
        rmSync(used.entry, { force: true });
        debug('code cache %s: removed, to be written again by a run on the usual path', used.entry);
        return;
      }
      target = join(cacheDir, entryName(path));
      temporary = `${target}.${process.pid}.tmp`;
      const data = script.createCachedData();
      // Made just now, or found: written only where the rule lets this process read it back.
      makeDirForOwnFiles(cacheDir, true);
      writeNewPrivate(temporary, sealed(bytes, data));
      renameSync(temporary, target);
      // Entries of this command from other builds, Node versions or paths are of no more use.
      const prefix = `${basename(file, '.cjs')}-`;
      for (const name of readdirSync(cacheDir)) if (name.startsWith(prefix) && name !== basename(target)) rmSync(join(cacheDir, name), { force: true });
      debug('code cache %s: written (%d bytes)', target, data.length);
    } catch (e) {
      // A read-only home or a full disk: the next start compiles again.
      try {
        if (temporary !== undefined) rmSync(temporary, { force: true });
      } catch {
        // Nothing was made there (the directory is a file, or is gone).
      }
      debug('code cache %s: cannot be written (%s)', target ?? used?.entry, (e as Error).message);
    }
  };
  return { script: module.exports, saveCache };
}
