/**
 * Validated bar models kept between starts of `tilebar run`. A bar starts at every login with the same
 * file, and loading the schemas, walking the document and parsing it is the largest part of start-up
 * (bench/: ~90 ms and several MB before the first frame). An entry holds everything it was made from — the
 * file's exact text, the variant asked for, the platform and the build of tilebar that wrote it — and is
 * used only when all of them are equal, so an edit or an upgrade is a miss. A miss, an unreadable entry or
 * a cache that cannot be written just means validating as before. Builds without an id (the unbundled
 * modules tests import) do not cache at all.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BarModel } from './model.js';
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
export function modelCacheKey(text: string, variant: Variant | undefined, platform: NodeJS.Platform): ModelCacheKey | undefined {
  return BUILD_ID ? { text, ...(variant ? { variant } : {}), platform, build: BUILD_ID } : undefined;
}

interface Entry {
  build: string;
  platform: string;
  variant: string;
  text: string;
  model: BarModel;
}

/** Where the user's caches go on this platform. */
export function modelCacheDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'tilebar', 'cache', 'models');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'tilebar', 'models');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'tilebar', 'models');
}

/**
 * The entry's file name: two 32-bit FNV-1a hashes of the key. Not cryptographic on purpose — node:crypto
 * costs ~8 ms to load before the first frame — and collisions are harmless: the entry is compared in full.
 */
export function modelCacheFile(k: ModelCacheKey): string {
  const s = `${k.build}\0${k.platform}\0${k.variant ?? ''}\0${k.text}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}.json`;
}

export function readCachedModel(dir: string, k: ModelCacheKey): BarModel | undefined {
  try {
    const entry = JSON.parse(readFileSync(join(dir, modelCacheFile(k)), 'utf8')) as Partial<Entry>;
    // A damaged, foreign or colliding file is a miss, never an error.
    if (entry.build !== k.build || entry.platform !== k.platform || entry.variant !== (k.variant ?? '') || entry.text !== k.text) return undefined;
    const model = entry.model;
    if (typeof model !== 'object' || model === null || !Array.isArray(model.left) || !Array.isArray(model.center) || !Array.isArray(model.right)) return undefined;
    return model;
  } catch {
    return undefined;
  }
}

/** Best effort: written whole (a temporary file renamed into place), oldest entries pruned. */
export function writeCachedModel(dir: string, k: ModelCacheKey, model: BarModel): void {
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, modelCacheFile(k));
    const temporary = `${file}.${process.pid}.tmp`;
    const entry: Entry = { build: k.build, platform: k.platform, variant: k.variant ?? '', text: k.text, model };
    writeFileSync(temporary, JSON.stringify(entry));
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
