/**
 * komorebi.json's `bar_configurations` → which bar config serves which monitor, with every problem located in
 * komorebi.json and said as check says problems (where, what was expected, what was found, what to do).
 * Pure: the texts are given.
 */
import { describe, expect, it } from 'vitest';
import { barConfigurationsOf, barMonitorOf, configForMonitor, formatBarConfigurationProblem, listedBarPaths, MAX_BAR_CONFIGURATIONS, servedMonitors, type BarConfigurations } from '../../src/config/bar-configurations.js';
import type { ReadOutcome } from '../../src/io/read-text-file.js';

const KOMOREBI = '/home/me/.config/komorebi/komorebi.json';
const ENV = { HOME: '/home/me', KOMOREBI_CONFIG_HOME: '/home/me/.config/komorebi' };

/** What reading each listed file gives: its text, or no such file. */
function judge(komorebiJson: string, files: Record<string, string>, env: Record<string, string> = ENV, platform: NodeJS.Platform = 'linux', at = KOMOREBI): BarConfigurations {
  const listed = listedBarPaths(komorebiJson, at, env, platform);
  const reads = listed.entries.map((e): ReadOutcome => (Object.hasOwn(files, e.path) ? { ok: true, text: files[e.path]! } : { ok: false, code: 'ENOENT', problem: 'no such file' }));
  return barConfigurationsOf(at, listed, reads);
}

const list = (...entries: unknown[]) => JSON.stringify({ app_specific_configuration_path: '$Env:KOMOREBI_CONFIG_HOME/applications.json', bar_configurations: entries }, null, 2);
const lines = (found: BarConfigurations) => found.problems.map(formatBarConfigurationProblem);

describe('bar_configurations', () => {
  it('maps each listed file to the monitor it names: a number, {index, work_area_offset}, or none (0)', () => {
    const found = judge(list('$Env:KOMOREBI_CONFIG_HOME/bar.0.json', '~/bars/bar.1.json', '$HOME/bars/bar.2.json'), {
      '/home/me/.config/komorebi/bar.0.json': '{ "left_widgets": [], "right_widgets": [] }',
      '/home/me/bars/bar.1.json': '{ "monitor": { "index": 1, "work_area_offset": { "left": 0, "top": 40, "right": 0, "bottom": 40 } } }',
      '/home/me/bars/bar.2.json': '// a comment, as tilebar reads bar configs\n{ "monitor": 2, }',
    });
    expect(found.listed).toBe(true);
    expect(found.configs).toEqual([
      { index: 0, path: '/home/me/.config/komorebi/bar.0.json', monitor: 0 },
      { index: 1, path: '/home/me/bars/bar.1.json', monitor: 1 },
      { index: 2, path: '/home/me/bars/bar.2.json', monitor: 2 },
    ]);
    expect(found.problems).toEqual([]);
    expect(configForMonitor(found, 1)?.path).toBe('/home/me/bars/bar.1.json');
    expect(configForMonitor(found, 3)).toBeUndefined();
    expect(servedMonitors(found)).toEqual([0, 1, 2]);
  });

  it("reads komorebi.json as JSONC (komorebi itself would refuse the comment) and takes a relative entry from komorebi.json's folder", () => {
    const found = judge('{\n  // bars\n  "bar_configurations": ["bars/left.json", "../right.json",],\n}', {
      '/home/me/.config/komorebi/bars/left.json': '{ "monitor": 0 }',
      '/home/me/.config/right.json': '{ "monitor": 1 }',
    });
    expect(found.configs.map((c) => c.path)).toEqual(['/home/me/.config/komorebi/bars/left.json', '/home/me/.config/right.json']);
  });

  it('expands Windows entries the Windows way: %USERPROFILE%, ~, names in any letter case', () => {
    const env = { USERPROFILE: 'C:\\Users\\me', komorebi_config_home: 'C:\\Users\\me\\.config\\komorebi' };
    const at = 'C:\\Users\\me\\.config\\komorebi\\komorebi.json';
    const found = judge(list('$Env:KOMOREBI_CONFIG_HOME\\komorebi.bar.monitor0.json', '~/komorebi.bar.monitor1.json', 'bars\\b.json'), {
      'C:\\Users\\me\\.config\\komorebi\\komorebi.bar.monitor0.json': '{ "monitor": 0 }',
      'C:\\Users\\me\\komorebi.bar.monitor1.json': '{ "monitor": 1 }',
      'C:\\Users\\me\\.config\\komorebi\\bars\\b.json': '{ "monitor": 2 }',
    }, env, 'win32', at);
    expect(found.problems).toEqual([]);
    expect(found.configs.map((c) => [c.path, c.monitor])).toEqual([
      ['C:\\Users\\me\\.config\\komorebi\\komorebi.bar.monitor0.json', 0],
      ['C:\\Users\\me\\komorebi.bar.monitor1.json', 1],
      ['C:\\Users\\me\\.config\\komorebi\\bars\\b.json', 2],
    ]);
  });

  it('names a variable that is not set, by index and path, and keeps the other entries', () => {
    const found = judge(list('$Env:KOMOREBI_CONFIG_HOME/a.json', '$Env:FOO/bar.json'), { '/home/me/.config/komorebi/a.json': '{}' });
    expect(found.configs.map((c) => c.index)).toEqual([0]);
    expect(lines(found)).toEqual([
      `${KOMOREBI}:5:5: error: bar_configurations[1]: $Env:FOO is not set (path "$Env:FOO/bar.json")\n  hint: set FOO where komorebi and tilebar start, or write the path without it`,
    ]);
  });

  it('says what was meant when a variable is not a whole component, or is written ${NAME}', () => {
    const found = judge(list('$Env:KOMOREBI_CONFIG_HOME.json', '${KOMOREBI_CONFIG_HOME}/b.json', '%USERPROFILE%/a.json'), {});
    expect(lines(found)).toEqual([
      `${KOMOREBI}:4:5: error: bar_configurations[0]: $Env:KOMOREBI_CONFIG_HOME.json is not set (path "$Env:KOMOREBI_CONFIG_HOME.json")\n  hint: only a whole part of the path between separators is a variable: "$Env:KOMOREBI_CONFIG_HOME.json" names the variable "KOMOREBI_CONFIG_HOME.json"`,
      `${KOMOREBI}:5:5: error: bar_configurations[1]: \${KOMOREBI_CONFIG_HOME} is not set (path "\${KOMOREBI_CONFIG_HOME}/b.json")\n  hint: komorebi reads no \${NAME}: write $Env:KOMOREBI_CONFIG_HOME`,
      `${KOMOREBI}:6:5: error: bar_configurations[2]: %USERPROFILE% is not set (path "%USERPROFILE%/a.json")\n  hint: set USERPROFILE where komorebi and tilebar start, or write the path without it`,
    ]);
    const windows = judge(list('~/a.json'), {}, {}, 'win32', 'C:\\k\\komorebi.json');
    expect(windows.problems[0]?.message).toBe('~ (%USERPROFILE%) is not set (path "~/a.json")');
  });

  it('reports a missing file and a file that is no JSON by index and expanded path, and keeps the others', () => {
    const found = judge(list('a.json', 'missing.json', 'broken.json', 'b.json'), {
      '/home/me/.config/komorebi/a.json': '{ "monitor": 0 }',
      '/home/me/.config/komorebi/broken.json': '{\n  "monitor": 1\n  "left_widgets": []\n}',
      '/home/me/.config/komorebi/b.json': '{ "monitor": 1 }',
    });
    expect(found.configs.map((c) => [c.index, c.monitor])).toEqual([[0, 0], [3, 1]]);
    expect(found.read.map((r) => r.index)).toEqual([0, 2, 3]);
    expect(lines(found)).toEqual([
      `${KOMOREBI}:5:5: error: bar_configurations[1]: /home/me/.config/komorebi/missing.json: no such file\n  hint: correct the path, or remove the entry: komorebic would start a bar that ends at once`,
      `${KOMOREBI}:6:5: error: bar_configurations[2]: /home/me/.config/komorebi/broken.json:3:3: invalid JSON (comma expected)\n  hint: \`tilebar check /home/me/.config/komorebi/broken.json\` explains it`,
    ]);
  });

  it('reports a "monitor" that names no monitor: what was expected and what was found', () => {
    const found = judge(list('a.json', 'b.json', 'c.json'), {
      '/home/me/.config/komorebi/a.json': '{ "monitor": "one" }',
      '/home/me/.config/komorebi/b.json': '{ "monitor": { "index": -1 } }',
      '/home/me/.config/komorebi/c.json': '[]',
    });
    expect(found.configs).toEqual([]);
    expect(found.problems.map((p) => p.message)).toEqual([
      '/home/me/.config/komorebi/a.json:1:14: "monitor": expected a monitor index (a whole number from 0) or {"index": N, "work_area_offset": {...}}, found "one"',
      '/home/me/.config/komorebi/b.json:1:25: "monitor.index": expected a monitor index (a whole number from 0), found -1',
      '/home/me/.config/komorebi/c.json:1:1: expected a JSON object, found an array of 0 items',
    ]);
  });

  it('warns that "monitor_index" is read by neither komorebi-bar nor tilebar, saying which monitor the bar is on', () => {
    const found = judge(list('a.json', 'b.json'), {
      '/home/me/.config/komorebi/a.json': '{\n  "monitor_index": 1\n}',
      '/home/me/.config/komorebi/b.json': '{ "monitor": 1, "monitor_index": 1 }',
    });
    expect(found.configs.map((c) => c.monitor)).toEqual([0, 1]);
    expect(lines(found)).toEqual([
      `${KOMOREBI}:4:5: warning: bar_configurations[0]: /home/me/.config/komorebi/a.json:2:3: "monitor_index" is read neither by komorebi-bar nor by tilebar (this bar is on monitor 0, the default)\n  hint: write "monitor": 1 instead`,
      `${KOMOREBI}:5:5: warning: bar_configurations[1]: /home/me/.config/komorebi/b.json:1:17: "monitor_index" is read neither by komorebi-bar nor by tilebar ("monitor" decides: this bar is on monitor 1)\n  hint: remove "monitor_index"; the bar's monitor is chosen with "monitor"`,
    ]);
  });

  it('drops a file listed twice (also written another way) with a warning', () => {
    const found = judge(list('a.json', '$Env:KOMOREBI_CONFIG_HOME/./a.json', 'b.json'), {
      '/home/me/.config/komorebi/a.json': '{ "monitor": 0 }',
      '/home/me/.config/komorebi/b.json': '{ "monitor": 1 }',
    });
    expect(found.configs.map((c) => c.index)).toEqual([0, 2]);
    expect(lines(found)).toEqual([
      `${KOMOREBI}:5:5: warning: bar_configurations[1]: /home/me/.config/komorebi/a.json is listed already (bar_configurations[0]); komorebic would start a second bar on it, tilebar reads it once\n  hint: remove this entry`,
    ]);
    // Windows' file names are case-blind.
    const windows = judge(list('C:\\k\\A.json', 'c:/K/a.JSON'), { 'C:\\k\\A.json': '{}' }, {}, 'win32', 'C:\\k\\komorebi.json');
    expect(windows.problems.map((p) => p.topic)).toEqual(['duplicate']);
  });

  it('warns of two entries on one monitor (komorebi overlaps their bars) and keeps both; the first serves the monitor', () => {
    const found = judge(list('a.json', 'b.json'), {
      '/home/me/.config/komorebi/a.json': '{ "monitor": 1 }',
      '/home/me/.config/komorebi/b.json': '{ "monitor": { "index": 1 } }',
    });
    expect(found.configs.map((c) => c.index)).toEqual([0, 1]);
    expect(configForMonitor(found, 1)?.index).toBe(0);
    expect(lines(found)).toEqual([
      `${KOMOREBI}:5:5: warning: bar_configurations[1]: /home/me/.config/komorebi/b.json is on monitor 1, as bar_configurations[0] (/home/me/.config/komorebi/a.json) is: komorebi opens both bars there, one over the other, and the last to start sets the monitor's work area\n  hint: give each file its own "monitor", or remove one of the entries`,
    ]);
  });

  it('takes [] as no list, with a warning; an absent or null list as no list, silently', () => {
    const empty = judge('{ "bar_configurations": [] }', {});
    expect(empty.listed).toBe(false);
    expect(lines(empty)).toEqual([
      `${KOMOREBI}:1:25: warning: bar_configurations: the list is empty: komorebic starts no bar at all with it; tilebar takes it as no list and finds its config as it does without one\n  hint: list one bar config per monitor, or remove the key`,
    ]);
    for (const text of ['{}', '{ "bar_configurations": null }']) expect(judge(text, {})).toMatchObject({ listed: false, configs: [], problems: [] });
  });

  it('says what a list or an entry should be when it is something else', () => {
    const notList = judge('{ "bar_configurations": "a.json" }', {});
    expect(lines(notList)).toEqual([
      `${KOMOREBI}:1:25: error: bar_configurations: expected a list of bar config paths, found "a.json"\n  hint: write it as ["$Env:KOMOREBI_CONFIG_HOME/komorebi.bar.monitor0.json", ...], one file per monitor`,
    ]);
    const notPath = judge(list(3, '', 'a.json'), { '/home/me/.config/komorebi/a.json': '{}' });
    expect(notPath.configs.map((c) => c.index)).toEqual([2]);
    expect(notPath.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'bar_configurations[0]: expected the path of a bar config (a string), found 3',
      'bar_configurations[1]: expected the path of a bar config (a string), found an empty string',
    ]);
  });

  it('reads at most MAX_BAR_CONFIGURATIONS entries, and says so', () => {
    const many = Array.from({ length: MAX_BAR_CONFIGURATIONS + 3 }, (_, i) => `b${i}.json`);
    const listed = listedBarPaths(list(...many), KOMOREBI, ENV, 'linux');
    expect(listed.entries).toHaveLength(MAX_BAR_CONFIGURATIONS);
    expect(listed.problems.map((p) => [p.topic, p.message])).toEqual([['too-many', `the list has ${MAX_BAR_CONFIGURATIONS + 3} entries; the first ${MAX_BAR_CONFIGURATIONS} are read and the rest are not`]]);
  });

  it('warns that komorebi-bar refuses a file that does not end in .json, and reads it', () => {
    const found = judge(list('bar.jsonc'), { '/home/me/.config/komorebi/bar.jsonc': '{ "monitor": 0 }' });
    expect(found.configs).toHaveLength(1);
    expect(found.problems.map((p) => [p.topic, p.severity])).toEqual([['extension', 'warning']]);
  });

  it('locates a komorebi.json that cannot be parsed, and lists nothing from it', () => {
    const found = judge('{\n  "bar_configurations": ["a.json"]\n  "monitors": []\n}', {});
    expect(found.listed).toBe(false);
    expect(lines(found)).toEqual([`${KOMOREBI}:3:3: error: syntax error: comma expected\n  hint: komorebi cannot read it either; its bar_configurations are not used until it parses`]);
    const deep = judge(`{ "x": ${'['.repeat(40)}${']'.repeat(40)} }`, {});
    expect(deep.problems[0]?.message).toBe('objects and arrays nested more than 32 deep');
  });
});

describe("a bar config's monitor", () => {
  it('is 0 when absent or null, the number, or the object\'s index', () => {
    expect(barMonitorOf('{}')).toMatchObject({ ok: true, monitor: 0, given: false });
    expect(barMonitorOf('{ "monitor": null }')).toMatchObject({ ok: true, monitor: 0, given: false });
    expect(barMonitorOf('{ "monitor": 3 }')).toMatchObject({ ok: true, monitor: 3, given: true });
    expect(barMonitorOf('{ "monitor": { "index": 2, "work_area_offset": { "left": 0, "top": 1, "right": 0, "bottom": 1 } } }')).toMatchObject({ ok: true, monitor: 2 });
  });

  it('is no monitor when it is a fraction, negative, or an object without an index', () => {
    for (const text of ['{ "monitor": 1.5 }', '{ "monitor": -1 }', '{ "monitor": {} }', '{ "monitor": true }']) expect(barMonitorOf(text).ok).toBe(false);
  });
});
