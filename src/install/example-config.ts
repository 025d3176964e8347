/**
 * The embedded example config of a single-executable build, as a file. Every reader of a config (check, preview,
 * the running bar and its watch) takes a path, and the npm package has the example beside it; the executable
 * carries it as an asset (install/sea.ts), so it is written out once into the user's cache folder — made and
 * checked by the trust rule, as the code cache is: only the user can change what is there — under a name that
 * holds its checksum, so two versions of tilebar each keep their own and a running bar never sees the other's.
 * Where the cache folder may not be used (another user's, a read-only home), a private folder of its own in the
 * temporary directory takes its place.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { tilebarCacheDir } from '../io/cache-dir.js';
import { readPrivate, writeNewPrivate } from '../io/private-file.js';
import { makeDirForOwnFiles } from '../io/trust.js';
import { ExampleConfigUnwritable } from './example-config-error.js';

export const EXAMPLE_ASSET = 'config.example.json';

/** The file holding `bytes` in `dir`, written unless it already holds them. Throws when it cannot. */
export function writtenOnce(dir: string, bytes: Uint8Array): string {
  const file = join(dir, `config.example.${crc32(bytes).toString(16).padStart(8, '0')}.json`);
  const there = readPrivate(file, bytes.length + 1);
  if (there !== undefined && Buffer.compare(there, bytes) === 0) return file;
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeNewPrivate(temporary, bytes);
  // Whole or not at all: a bar starting beside this one reads the old file or the new, never half of one.
  renameSync(temporary, file);
  return file;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The temporary folder's place for it: one of the user's own, the same at every start (a folder per start would pile
 * up in /tmp for as long as the cache folder is refused), made and checked as a cache is; another user's folder
 * already at that name (in a shared /tmp, anyone can make one first) sends it to a fresh private one.
 */
function temporaryFolder(): string {
  const own = join(tmpdir(), `tilebar-example-${process.getuid?.() ?? 'user'}`);
  try {
    makeDirForOwnFiles(own, true);
    return own;
  } catch {
    return mkdtempSync(join(tmpdir(), 'tilebar-example-'));
  }
}

/**
 * What a user sets to give the example config a folder it can be written to: the variables its cache folder
 * (io/cache-dir.ts: `%LOCALAPPDATA%` on Windows, `~/Library/Caches` on macOS, `$XDG_CACHE_HOME` elsewhere) and
 * the temporary folder (os.tmpdir: `%TEMP%` on Windows) come from.
 */
export function folderVariables(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'LOCALAPPDATA or TEMP';
  return platform === 'darwin' ? 'TMPDIR' : 'XDG_CACHE_HOME or TMPDIR';
}

/** Where the executable's example config is, written out first when needed. Throws ExampleConfigUnwritable. */
export function exampleConfigFile(bytes: Uint8Array, env: Readonly<Record<string, string | undefined>> = process.env): string {
  let cache: string;
  try {
    const dir = tilebarCacheDir(env, process.platform, homedir());
    try {
      makeDirForOwnFiles(dir, true);
      return writtenOnce(dir, bytes);
    } catch (e) {
      cache = `${dir}: ${reason(e)}`;
    }
  } catch (e) {
    cache = `the cache folder: ${reason(e)}`;
  }
  try {
    return writtenOnce(temporaryFolder(), bytes);
  } catch (e) {
    throw new ExampleConfigUnwritable(
      `the built-in example config cannot be written out, neither into ${cache} nor into the temporary folder: ${reason(e)}; name a config with --config, or set ${folderVariables(process.platform)} to a folder of yours that you can write`,
    );
  }
}
