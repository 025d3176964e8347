/**
 * Where komorebi.json is found (komorebi's own places, `KOMOREBI_CONFIG_HOME` expanded as komorebi expands it),
 * and its bar configurations read from real files under the trust rule. Every place is inside this test's
 * temporary folder: HOME and KOMOREBI_CONFIG_HOME are set to it, never the runner's.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBarConfigurationProblem } from '../../src/config/bar-configurations.js';
import { barConfigurationsIo, komorebiJsonPlace, readBarConfigurations } from '../../src/config/read-bar-configurations.js';

const dirs = (...present: string[]) => ({ isDirectory: (p: string) => present.includes(p) });

describe("komorebi.json's place", () => {
  it('is $KOMOREBI_CONFIG_HOME/komorebi.json, the variable expanded as komorebi expands it', () => {
    const io = { env: { KOMOREBI_CONFIG_HOME: '$Env:USERPROFILE\\.config\\komorebi', USERPROFILE: 'C:\\Users\\me' }, platform: 'win32' as const, cwd: 'C:\\', home: 'C:\\Users\\me', ...dirs('C:\\Users\\me\\.config\\komorebi') };
    expect(komorebiJsonPlace(io)).toEqual({ path: 'C:\\Users\\me\\.config\\komorebi\\komorebi.json', reason: '$KOMOREBI_CONFIG_HOME' });
    expect(komorebiJsonPlace({ env: { KOMOREBI_CONFIG_HOME: '~/k', HOME: '/home/me' }, platform: 'linux', cwd: '/', home: '/home/me', ...dirs('/home/me/k') })).toMatchObject({ path: '/home/me/k/komorebi.json' });
  });

  it('is an error naming the value as set when KOMOREBI_CONFIG_HOME is no folder (komorebi refuses to start)', () => {
    const missing = komorebiJsonPlace({ env: { KOMOREBI_CONFIG_HOME: '/nowhere/komorebi' }, platform: 'linux', cwd: '/', home: '/home/me', ...dirs() });
    expect('problem' in missing && formatBarConfigurationProblem(missing.problem)).toBe(
      'error: KOMOREBI_CONFIG_HOME is set to "/nowhere/komorebi", which is not a directory\n  hint: komorebi refuses to start with it: set it to the folder that holds komorebi.json, or unset it',
    );
    const unset = komorebiJsonPlace({ env: { KOMOREBI_CONFIG_HOME: '$Env:NOPE\\komorebi' }, platform: 'win32', cwd: 'C:\\', home: 'C:\\Users\\me', ...dirs('$Env:NOPE\\komorebi') });
    expect('problem' in unset && unset.problem.message).toBe('KOMOREBI_CONFIG_HOME is set to "$Env:NOPE\\\\komorebi", which is not a directory; $Env:NOPE in it is not set');
    const relative = komorebiJsonPlace({ env: { KOMOREBI_CONFIG_HOME: 'k' }, platform: 'linux', cwd: '/work', home: '/home/me', ...dirs() });
    expect('problem' in relative && relative.problem.message).toBe('KOMOREBI_CONFIG_HOME is set to "k", which is not a directory (/work/k)');
  });

  it('is in the home otherwise: %USERPROFILE% on Windows, ~/.config/komorebi on macOS and Linux', () => {
    expect(komorebiJsonPlace({ env: {}, platform: 'win32', cwd: 'C:\\', home: 'C:\\Users\\me', ...dirs() })).toEqual({ path: 'C:\\Users\\me\\komorebi.json', reason: 'home' });
    expect(komorebiJsonPlace({ env: {}, platform: 'darwin', cwd: '/', home: '/Users/me', ...dirs() })).toEqual({ path: '/Users/me/.config/komorebi/komorebi.json', reason: 'home' });
    expect(komorebiJsonPlace({ env: { KOMOREBI_CONFIG_HOME: '' }, platform: 'linux', cwd: '/', home: '/home/me', ...dirs() })).toEqual({ path: '/home/me/.config/komorebi/komorebi.json', reason: 'home' });
  });
});

describe('reading bar_configurations from files', () => {
  const setUp = () => {
    const home = mkdtempSync(join(tmpdir(), 'tilebar-barconf-'));
    const komorebi = join(home, '.config', 'komorebi');
    mkdirSync(komorebi, { recursive: true });
    return { home, komorebi };
  };

  it("reads komorebi.json in the home's .config/komorebi and each listed file's monitor", async () => {
    const { home, komorebi } = setUp();
    writeFileSync(join(komorebi, 'komorebi.json'), JSON.stringify({ bar_configurations: ['$HOME/.config/komorebi/bar0.json', 'bar1.json', 'gone.json'] }));
    writeFileSync(join(komorebi, 'bar0.json'), '{ "monitor": 0 }');
    writeFileSync(join(komorebi, 'bar1.json'), '{ "monitor": { "index": 1 } }');
    const found = await readBarConfigurations(barConfigurationsIo({ HOME: home }, 'linux', home));
    expect(found.komorebiJson).toBe(join(komorebi, 'komorebi.json'));
    expect(found.configs).toEqual([
      { index: 0, path: join(komorebi, 'bar0.json'), monitor: 0 },
      { index: 1, path: join(komorebi, 'bar1.json'), monitor: 1 },
    ]);
    expect(found.problems.map((p) => p.message)).toEqual([`${join(komorebi, 'gone.json')}: no such file`]);
  });

  it('lists nothing when there is no komorebi.json, or a folder of that name', async () => {
    const { home, komorebi } = setUp();
    const io = barConfigurationsIo({ HOME: home }, 'linux', home);
    expect(await readBarConfigurations(io)).toMatchObject({ listed: false, configs: [], problems: [] });
    mkdirSync(join(komorebi, 'komorebi.json'));
    expect(await readBarConfigurations(io)).toMatchObject({ listed: false, configs: [], problems: [] });
  });

  it.skipIf(process.platform === 'win32')('refuses a listed file others can write, as discovery refuses such a config', async () => {
    const { home, komorebi } = setUp();
    writeFileSync(join(komorebi, 'komorebi.json'), JSON.stringify({ bar_configurations: ['bar0.json'] }));
    writeFileSync(join(komorebi, 'bar0.json'), '{ "monitor": 0 }');
    chmodSync(join(komorebi, 'bar0.json'), 0o666);
    const found = await readBarConfigurations(barConfigurationsIo({ KOMOREBI_CONFIG_HOME: komorebi, HOME: '/nonexistent' }, 'linux', home));
    expect(found.configs).toEqual([]);
    expect(found.problems[0]?.message).toContain('everyone can write to');
    expect(found.problems[0]?.message).toContain('komorebi.json and the bar configs it lists are read only when nobody else could have put them there');
  });
});
