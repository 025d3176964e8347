import { execFileSync } from 'node:child_process';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyModel } from '../../src/config/empty-model.js';
import { modelCacheDir, modelCacheFile, readCachedModel, writeCachedModel, type ModelCacheKey } from '../../src/config/model-cache.js';
import { modelProblem } from '../../src/config/model-guard.js';
import { load, model } from '../helpers.js';

const example = readFileSync(join(process.cwd(), 'config.example.json'), 'utf8');
const key: ModelCacheKey = { text: example, platform: 'linux', build: 'build-1' };
const fresh = () => mkdtempSync(join(tmpdir(), 'tilebar-models-'));
const hit = async (dir: string, k: ModelCacheKey) => {
  const r = await readCachedModel(dir, k, BUILTIN_WIDGETS);
  return 'model' in r ? r.model : undefined;
};
const miss = async (dir: string, k: ModelCacheKey) => {
  const r = await readCachedModel(dir, k, BUILTIN_WIDGETS);
  return 'miss' in r ? r.miss : undefined;
};

/** Rewrite the entry of `key` as another program might: same key fields, its own model and digest. */
function tamper(dir: string, change: (entry: Record<string, unknown>) => void) {
  const file = join(dir, modelCacheFile(key));
  const entry = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(entry);
  writeFileSync(file, JSON.stringify(entry));
}

describe('the cache of validated models', () => {
  it('gives back exactly the model that validation made (every widget of the example)', async () => {
    const dir = fresh();
    const validated = model(load(example));
    writeCachedModel(dir, key, validated);
    expect(await hit(dir, key)).toEqual(validated);
    // The file is the user's own.
    expect(readdirSync(dir).length).toBe(1);
  });

  it('is a miss when the text, the variant, the platform or the build differ', async () => {
    const dir = fresh();
    writeCachedModel(dir, key, model(load(example)));
    expect(await hit(dir, { ...key, text: `${example} ` })).toBeUndefined();
    expect(await hit(dir, { ...key, variant: 'B' })).toBeUndefined();
    expect(await hit(dir, { ...key, platform: 'darwin' })).toBeUndefined();
    expect(await hit(dir, { ...key, build: 'build-2' })).toBeUndefined();
  });

  it('never trusts a file by its name alone: another text, a damaged file or a changed model is a miss', async () => {
    const dir = fresh();
    const file = join(dir, modelCacheFile(key));
    writeFileSync(file, JSON.stringify({ build: 'build-1', platform: 'linux', variant: '', text: 'another file', model: emptyModel('A') }));
    expect(await miss(dir, key)).toBe('the entry is for another text or build');
    writeFileSync(file, '{"build": "build-1", "platform": "lin');
    expect(await miss(dir, key)).toBe('the entry is not JSON');
    // The model changed after it was written (a launcher command swapped in): its digest no longer matches.
    writeCachedModel(dir, key, model(load(example)));
    tamper(dir, (e) => {
      ((e.model as { left: Array<{ config: { items?: Array<{ command: string }> } }> }).left[1]?.config.items ?? [])[0]!.command = 'rm -rf ~';
    });
    expect(await miss(dir, key)).toBe('the entry is damaged (its digest does not match)');
  });

  it('holds a model to the shape drawing needs even when its digest matches (a forged entry)', async () => {
    const dir = fresh();
    const forge = (change: (m: Record<string, unknown>) => void) => {
      const m = JSON.parse(JSON.stringify(model(load(example)))) as Record<string, unknown>;
      change(m);
      // Written through the cache's own writer: the digest matches whatever the model says.
      writeCachedModel(dir, key, m as never);
    };
    forge((m) => ((m.left as unknown[])[0] = null));
    expect(await miss(dir, key)).toBe("the entry's model is not a bar model: left[0] is not a widget");
    forge((m) => (m.theme = { family: 'Base16', name: 'NoSuchPalette', accent: 'Base0D' }));
    expect(await miss(dir, key)).toBe("the entry's model is not a bar model: theme.name is not one of its names");
    forge((m) => delete m.padding);
    expect(await miss(dir, key)).toBe("the entry's model is not a bar model: padding is not an object");
    forge((m) => (m.widgetSpacing = 1e300));
    expect(await miss(dir, key)).toBe("the entry's model is not a bar model: widgetSpacing is not a number 0–10000");
  });

  it('is a miss at once when the entry is a FIFO, a link to /dev/zero or to any file, a directory or too large', async () => {
    const dir = fresh();
    const file = join(dir, modelCacheFile(key));
    execFileSync('mkfifo', [file]);
    // Opening a FIFO for reading would wait for a writer forever: the test's own limit would end it.
    expect(await miss(dir, key)).toMatch(process.getuid ? /^the entry cannot be read: \/.* is not a regular file$/ : /^the entry cannot be read: it is not a regular file \(a FIFO\)$/);
    const dir2 = fresh();
    symlinkSync('/dev/zero', join(dir2, modelCacheFile(key)));
    // tilebar's own file: a symbolic link in its place is not followed, whatever it points at.
    expect(await miss(dir2, key)).toBe('the entry cannot be read: it is a symbolic link, which is not followed here');
    const dir3 = fresh();
    writeFileSync(join(dir3, modelCacheFile(key)), 'x'.repeat(5 * 1024 * 1024));
    expect(await miss(dir3, key)).toMatch(/^the entry cannot be read: it is 5\.0 MiB; at most 4\.0 MiB is read$/);
  });

  it('accepts every model the validator makes (the guard is no stricter than the schema)', () => {
    for (const file of ['config.example.json', ...readdirSync(join(process.cwd(), 'test/fuzz/seeds')).map((f) => `test/fuzz/seeds/${f}`)]) {
      const m = model(load(readFileSync(join(process.cwd(), file), 'utf8')));
      expect(modelProblem(JSON.parse(JSON.stringify(m)), BUILTIN_WIDGETS), file).toBeUndefined();
    }
  });

  it('keeps the 16 newest entries', async () => {
    const dir = fresh();
    const m = emptyModel('A');
    for (let i = 0; i < 20; i++) writeCachedModel(dir, { ...key, text: `version ${i}` }, m);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(16);
    expect(await hit(dir, { ...key, text: 'version 19' })).toEqual(m);
  });

  it.skipIf(process.getuid?.() === 0)('does not fail when the cache cannot be written', async () => {
    const dir = fresh();
    chmodSync(dir, 0o500);
    expect(() => writeCachedModel(join(dir, 'models'), key, model(load(example)))).not.toThrow();
    expect(await hit(join(dir, 'models'), key)).toBeUndefined();
  });

  it('does not fail when the cache directory is a file', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'models'), 'not a directory');
    expect(() => writeCachedModel(join(dir, 'models'), key, model(load(example)))).not.toThrow();
    expect(await hit(join(dir, 'models'), key)).toBeUndefined();
  });

  it('lives in each platform’s cache directory', () => {
    expect(modelCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/u')).toBe('/x/cache/tilebar/models');
    expect(modelCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/tilebar/models');
    expect(modelCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/tilebar/models');
    expect(modelCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Local\\tilebar\\cache\\models');
  });
});

describe('the model of an empty config', () => {
  it('is the validator’s own model of {"left_widgets": [], "right_widgets": []}', () => {
    for (const variant of ['A', 'B'] as const) {
      expect(emptyModel(variant)).toEqual(model(load({ left_widgets: [], right_widgets: [] }, variant)));
    }
  });
});
