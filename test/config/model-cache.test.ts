import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCacheDir, modelCacheFile, readCachedModel, writeCachedModel, type ModelCacheKey } from '../../src/config/model-cache.js';
import { load, model } from '../helpers.js';

const example = readFileSync(join(process.cwd(), 'config.example.json'), 'utf8');
const key: ModelCacheKey = { text: example, platform: 'linux', build: 'build-1' };
const fresh = () => mkdtempSync(join(tmpdir(), 'tilebar-models-'));

describe('the cache of validated models', () => {
  it('gives back exactly the model that validation made (every widget of the example)', () => {
    const dir = fresh();
    const validated = model(load(example));
    writeCachedModel(dir, key, validated);
    expect(readCachedModel(dir, key)).toEqual(validated);
  });

  it('is a miss when the text, the variant, the platform or the build differ', () => {
    const dir = fresh();
    writeCachedModel(dir, key, model(load(example)));
    expect(readCachedModel(dir, { ...key, text: `${example} ` })).toBeUndefined();
    expect(readCachedModel(dir, { ...key, variant: 'B' })).toBeUndefined();
    expect(readCachedModel(dir, { ...key, platform: 'darwin' })).toBeUndefined();
    expect(readCachedModel(dir, { ...key, build: 'build-2' })).toBeUndefined();
  });

  it('never trusts a file by its name alone: another text under the same name, or a damaged file, is a miss', () => {
    const dir = fresh();
    const file = join(dir, modelCacheFile(key));
    const other = model(load({ left_widgets: [], right_widgets: [] }));
    writeFileSync(file, JSON.stringify({ build: 'build-1', platform: 'linux', variant: '', text: 'another file', model: other }));
    expect(readCachedModel(dir, key)).toBeUndefined();
    writeFileSync(file, '{"build": "build-1", "platform": "lin');
    expect(readCachedModel(dir, key)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ build: 'build-1', platform: 'linux', variant: '', text: example, model: { left: 'not a list' } }));
    expect(readCachedModel(dir, key)).toBeUndefined();
  });

  it('keeps the 16 newest entries', () => {
    const dir = fresh();
    const m = model(load({ left_widgets: [], right_widgets: [] }));
    for (let i = 0; i < 20; i++) writeCachedModel(dir, { ...key, text: `version ${i}` }, m);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(16);
    expect(readCachedModel(dir, { ...key, text: 'version 19' })).toEqual(m);
  });

  it.skipIf(process.getuid?.() === 0)('does not fail when the cache cannot be written', () => {
    const dir = fresh();
    chmodSync(dir, 0o500);
    expect(() => writeCachedModel(join(dir, 'models'), key, model(load(example)))).not.toThrow();
    expect(readCachedModel(join(dir, 'models'), key)).toBeUndefined();
  });

  it('does not fail when the cache directory is a file', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'models'), 'not a directory');
    expect(() => writeCachedModel(join(dir, 'models'), key, model(load(example)))).not.toThrow();
    expect(readCachedModel(join(dir, 'models'), key)).toBeUndefined();
  });

  it('lives in each platform’s cache directory', () => {
    expect(modelCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/u')).toBe('/x/cache/tilebar/models');
    expect(modelCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/tilebar/models');
    expect(modelCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/tilebar/models');
    expect(modelCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', 'C:\\Users\\u')).toContain(join('tilebar', 'cache', 'models'));
  });
});
