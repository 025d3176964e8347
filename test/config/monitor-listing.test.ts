/**
 * What komorebi.json gives a running bar of one monitor (config/monitor-listing.ts): the file listed for it, or
 * the one problem the bar says — komorebi.json's own first (it does not parse, is no list, cannot be read), else
 * "nothing listed is on monitor N" at the list, with an entry that cannot be read named beside it — and a hint
 * that says what to write. Pure: the texts are given.
 */
import { describe, expect, it } from 'vitest';
import { barConfigurationsOf, listedBarPaths, type BarConfigurations } from '../../src/config/bar-configurations.js';
import { listingBarMessage, listingLogLines, monitorListing, unreadableListing } from '../../src/config/monitor-listing.js';
import type { ReadOutcome } from '../../src/io/read-text-file.js';

const KOMOREBI = '/home/me/komorebi/komorebi.json';
const ENV = { HOME: '/home/me', KOMOREBI_CONFIG_HOME: '/home/me/komorebi' };
const FILES: Record<string, string> = {
  '/home/me/komorebi/zero.json': '{ "monitor": 0 }',
  '/home/me/komorebi/one.json': '{ "monitor": 1 }',
  '/home/me/komorebi/other.json': '{ "monitor": { "index": 1 } }',
};

/** komorebi.json's text judged with FILES as what each listed file holds (any other: no such file). */
function judge(text: string): BarConfigurations {
  const listed = listedBarPaths(text, KOMOREBI, ENV, 'linux');
  const reads = listed.entries.map((e): ReadOutcome => (Object.hasOwn(FILES, e.path) ? { ok: true, text: FILES[e.path]! } : { ok: false, code: 'ENOENT', problem: 'no such file' }));
  return barConfigurationsOf(KOMOREBI, listed, reads);
}

const listing = (...files: string[]) => `{\n  "bar_configurations": [\n${files.map((f) => `    "$Env:KOMOREBI_CONFIG_HOME/${f}"`).join(',\n')}\n  ]\n}\n`;

describe('what komorebi.json gives the bar of a monitor', () => {
  it('gives the file listed for the monitor, whichever it is now', () => {
    expect(monitorListing(judge(listing('zero.json', 'one.json')), 1, KOMOREBI)).toEqual({ ok: true, path: '/home/me/komorebi/one.json' });
    expect(monitorListing(judge(listing('zero.json', 'other.json')), 1, KOMOREBI)).toEqual({ ok: true, path: '/home/me/komorebi/other.json' });
    // A problem of another entry does not stop the monitor's own.
    expect(monitorListing(judge(listing('missing.json', 'one.json')), 1, KOMOREBI)).toEqual({ ok: true, path: '/home/me/komorebi/one.json' });
  });

  it('says where komorebi.json stops parsing, and what to do', () => {
    const got = monitorListing(judge('{\n  "bar_configurations": [\n    "one.json",,\n  ]\n}\n'), 1, KOMOREBI);
    if (got.ok) throw new Error('expected a problem');
    expect(got.problem).toMatchObject({ severity: 'error', topic: 'komorebi-json', file: KOMOREBI, line: 3, message: 'syntax error: value expected' });
    expect(got.problem.hint).toMatch(/not used until it parses/);
    expect(listingBarMessage(got.problem, '/home/me/komorebi/other.json', '/log')).toBe(`komorebi.json: syntax error: value expected; the bar stays on other.json (komorebi.json:3:${got.problem.col}; log: /log)`);
  });

  it('says, at the list, that nothing listed is on the monitor, which monitors have one, and how to list one', () => {
    const got = monitorListing(judge(listing('zero.json')), 1, KOMOREBI);
    if (got.ok) throw new Error('expected a problem');
    expect(got.problem).toMatchObject({ topic: 'unlisted', line: 2, col: 25, path: 'bar_configurations', message: 'no bar config listed is on monitor 1; monitor 0 has one' });
    expect(got.problem.hint).toContain('"monitor": 1');
    expect(listingBarMessage(got.problem, '/x/one.json', '/log')).toBe('komorebi.json: bar_configurations: no bar config listed is on monitor 1; monitor 0 has one; the bar stays on one.json (komorebi.json:2:25; log: /log)');
  });

  it('names an entry that cannot be read beside "nothing is on the monitor" (it may be the one meant), and logs every problem', () => {
    const got = monitorListing(judge(listing('zero.json', 'missing.json', 'gone.json')), 1, KOMOREBI);
    if (got.ok) throw new Error('expected a problem');
    expect(got.problem.message).toBe('no bar config listed is on monitor 1; monitor 0 has one; bar_configurations[1]: /home/me/komorebi/missing.json: no such file (and 1 more in the log)');
    const log = listingLogLines(1, got, '/x/one.json');
    expect(log.split('\n')[0]).toBe('komorebi.json gives monitor 1 no bar config now; the bar stays on /x/one.json:');
    expect(log).toContain(`  ${KOMOREBI}:2:25: error: bar_configurations: no bar config listed is on monitor 1`);
    expect(log).toContain(`  ${KOMOREBI}:4:5: error: bar_configurations[1]: /home/me/komorebi/missing.json: no such file\n    hint: `);
    expect(log).toContain(`  ${KOMOREBI}:5:5: error: bar_configurations[2]: /home/me/komorebi/gone.json: no such file`);
  });

  it('takes a komorebi.json with no list, or one that is no list, as nothing for the monitor', () => {
    const none = monitorListing(judge('{ "window_hiding_behaviour": "Cloak" }'), 1, KOMOREBI);
    expect(none.ok === false && none.problem.message).toBe('no bar config is listed for monitor 1 (komorebi.json has no bar_configurations)');
    const notList = monitorListing(judge('{ "bar_configurations": "one.json" }'), 1, KOMOREBI);
    expect(notList.ok === false && notList.problem.topic).toBe('not-a-list');
  });

  it('says why komorebi.json cannot be read (gone, not the user’s alone) when its watch cannot read it', () => {
    const got = monitorListing(unreadableListing(KOMOREBI, 'no such file'), 0, KOMOREBI);
    if (got.ok) throw new Error('expected a problem');
    expect(got.problem).toMatchObject({ topic: 'komorebi-json', message: 'cannot read it (no such file)' });
    expect(got.problems).toEqual([got.problem]);
  });

  it('keeps control characters of a hostile path out of the bar’s line', () => {
    const got = monitorListing(judge(listing('zero.json', 'evil\u001b[2J.json')), 1, KOMOREBI);
    if (got.ok) throw new Error('expected a problem');
    expect(listingBarMessage(got.problem, '/x/one.json', '/log')).not.toMatch(/[\u0000-\u001f]/);
  });
});
