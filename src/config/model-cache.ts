/**
 * Validated bar models kept between starts of `tilebar run`. A bar starts at every login with the same
 * file, and loading the schemas, walking the document and parsing it is the largest part of start-up
 * (bench/: ~90 ms and several MB before the first frame). An entry holds everything it was made from — the
 * file's exact text, the variant asked for, the platform and the build of tilebar that wrote it — and is
 * used only when all of them are equal, so an edit or an upgrade is a miss. A miss, an unreadable entry or
 * a cache that cannot be written just means validating as before. Builds without an id (the unbundled
 * modules tests import) do not cache at all.
 */
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeNewPrivate } from '../io/private-file.js';
import { join } from 'node:path';
import { readTextFile } from '../io/read-text-file.js';
import { tilebarCacheDir } from '../io/cache-dir.js';
import { currentUser, directoryRefusal, makeDirForOwnFiles } from '../io/trust.js';
import { pathsOf } from '../io/user-dirs.js';
import { MAX_CONFIG_BYTES } from './limits.js';
import type { BarModel } from './model.js';
import { modelProblem } from './model-guard.js';
import type { ConfigKinds } from './widget-kinds.js';
import type { Variant } from './variant.js';

declare const __TILEBAR_BUILD__: string | undefined;

/** Set by the bundler (scripts/bundle.mjs) from the sources' hash; undefined in unbundled builds. */
const BUILD_ID: string | undefined = typeof __TILEBAR_BUILD__ === 'string' ? __TILEBAR_BUILD__ : undefined;

/** Entries kept: a few configs, and a few recent versions of each while it is being edited. */
const KEEP = 16;

/** What a model was made from. */
export interface ModelCacheKey {
  text: string;
  variant?: Variant;
  platform: NodeJS.Platform;
  build: string;
}

/** The key of a config's text in this build; undefined in unbundled builds, which do not cache. */
export function modelCacheKey(text: string, variant: Variant | undefined, platform: NodeJS.Platform, build = BUILD_ID): ModelCacheKey | undefined {
  return build ? { text, ...(variant ? { variant } : {}), platform, build } : undefined;
}

interface Entry {
  build: string;
  platform: string;
  variant: string;
  text: string;
  model: BarModel;
  /** See digestOf. */
  digest: string;
}

/** Where the user's caches go on this platform. */
export function modelCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string {
  return pathsOf(platform).join(tilebarCacheDir(env, platform, home), 'models');
}

/** Two 32-bit FNV-1a hashes of a string, as 16 hex digits. Not cryptographic on purpose: see below. */
function hash64(s: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * The entry's file name: a hash of the key. node:crypto costs ~8 ms to load before the first frame, and
 * collisions are harmless: the entry is compared in full.
 */
export function modelCacheFile(k: ModelCacheKey): string {
  return `${hash64(`${k.build}\0${k.platform}\0${k.variant ?? ''}\0${k.text}`)}.json`;
}

/** An entry's digest over everything in it: a file damaged on disk (or half written by another tool) is a miss. */
function digestOf(k: ModelCacheKey, modelJson: string): string {
  return hash64(`${k.build}\0${k.platform}\0${k.variant ?? ''}\0${k.text}\0${modelJson}`);
}

/** The largest entry read: the text (at most MAX_CONFIG_BYTES) and a model of it, with room to spare. */
const MAX_ENTRY_BYTES = 4 * MAX_CONFIG_BYTES;

export type CachedModel = { model: BarModel } | { miss: string };

/**
 * The model cached for this key, or why there is none. An entry is a regular file of bounded size (a FIFO or
 * /dev/zero put in its place is a miss, at once), parsed, compared in full with the key, checked against its
 * digest and then held to the shape drawing relies on (model-guard.ts). Whatever it says is only drawn: the bar
 * validates the text itself before it acts on anything the model says (a command, a message).
 */
export async function readCachedModel(dir: string, k: ModelCacheKey, kinds: ConfigKinds): Promise<CachedModel> {
  const user = currentUser();
  const refusal = user && directoryRefusal(dir, user);
  if (refusal) return { miss: refusal.absent ? 'no entry' : `the cache is not used: ${refusal.why}` };
  const file = join(dir, modelCacheFile(k));
  const read = await readTextFile(file, { maxBytes: MAX_ENTRY_BYTES, noFollow: true, ...(user ? { trust: { user } } : {}) });
  if (!read.ok) return { miss: read.code === 'ENOENT' ? 'no entry' : `the entry cannot be read: ${read.problem}` };
  let entry: Partial<Entry>;
  try {
    entry = JSON.parse(read.text) as Partial<Entry>;
  } catch {
    return { miss: 'the entry is not JSON' };
  }
  if (typeof entry !== 'object' || entry === null) return { miss: 'the entry is not an object' };
  if (entry.build !== k.build || entry.platform !== k.platform || entry.variant !== (k.variant ?? '') || entry.text !== k.text) return { miss: 'the entry is for another text or build' };
  if (typeof entry.digest !== 'string' || entry.digest !== digestOf(k, JSON.stringify(entry.model))) return { miss: 'the entry is damaged (its digest does not match)' };
  const problem = modelProblem(entry.model, kinds);
  if (problem) return { miss: `the entry's model is not a bar model: ${problem}` };
  return { model: entry.model as BarModel };
}

/** Best effort: written whole (a temporary file renamed into place, readable by the user only), oldest pruned. */
export function writeCachedModel(dir: string, k: ModelCacheKey, model: BarModel): void {
  try {
    // Not written where another user could read the config's text or put an entry of their own beside it.
    makeDirForOwnFiles(dir, true);
    const file = join(dir, modelCacheFile(k));
    const temporary = `${file}.${process.pid}.tmp`;
    const modelJson = JSON.stringify(model);
    const entry: Entry = { build: k.build, platform: k.platform, variant: k.variant ?? '', text: k.text, model, digest: digestOf(k, modelJson) };
    writeNewPrivate(temporary, JSON.stringify(entry));
    renameSync(temporary, file);
    const entries = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
      .sort((x, y) => y.at - x.at);
    for (const old of entries.slice(KEEP)) rmSync(join(dir, old.name), { force: true });
  } catch {
    // A read-only home or a full disk: the next start validates again.
  }
}

/** Forget the entry for this key (its model did not match its text). */
export function removeCachedModel(dir: string, k: ModelCacheKey): void {
  rmSync(join(dir, modelCacheFile(k)), { force: true });
}
