/**
 * komorebi.json's `bar_configurations` on the command line: `check` with no file checks every listed config and
 * says which monitor each bar is on; `preview --monitor N` draws the bar listed for monitor N (with --config,
 * that config as monitor N's bar). komorebi.json is found through KOMOREBI_CONFIG_HOME or HOME, both set to this
 * test's temporary folders: the runner's own files are never read.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';
import { writeBarConfig } from '../support/bar-config.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';
import { stateDoc } from '../tiler/fake-wm.js';

const run = promisify(execFile);

const LEFT = { left_widgets: [{ Memory: { enable: true } }], right_widgets: [] };
const RIGHT = { left_widgets: [], right_widgets: [{ Cpu: { enable: true } }] };
const TILER = { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false } } }], right_widgets: [] };

/** A komorebi config folder (KOMOREBI_CONFIG_HOME) with komorebi.json listing `entries`, and an empty home. */
async function komorebiHome(entries: unknown[], files: Record<string, object> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-komorebi-'));
  const home = join(dir, 'home');
  const config = join(dir, 'komorebi');
  await mkdir(home);
  await writeBarConfig(config, JSON.stringify({ bar_configurations: entries }, null, 2), 'komorebi.json');
  for (const [name, content] of Object.entries(files)) await writeBarConfig(config, content, name);
  return { dir, home, config, env: { KOMOREBI_CONFIG_HOME: config, HOME: home } };
}

/** Two listed configs: bar.0.json on monitor 0 (Memory), bar.1.json on monitor 1 (Cpu, its monitor an object). */
const twoBars = () =>
  komorebiHome(['$Env:KOMOREBI_CONFIG_HOME/bar.0.json', 'bar.1.json'], {
    'bar.0.json': { monitor: 0, ...LEFT },
    'bar.1.json': { monitor: { index: 1, work_area_offset: { left: 0, top: 40, right: 0, bottom: 40 } }, ...RIGHT },
  });

describe('tilebar check with bar_configurations', () => {
  it('checks every listed config and says which monitor each bar is on', async () => {
    const k = await twoBars();
    const r = await cli(['check'], k.env);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`tilebar: using the bar_configurations of ${join(k.config, 'komorebi.json')}: 2 files to check\n`);
    const bar0 = join(k.config, 'bar.0.json');
    const bar1 = join(k.config, 'bar.1.json');
    expect(r.out).toContain(`${bar0}: is the bar of monitor 0 (bar_configurations[0])\n${bar0}: ok (`);
    expect(r.out).toContain(`${bar1}: is the bar of monitor 1 (bar_configurations[1])\n${bar1}: ok (`);
    expect(r.out).toContain('  left   Memory\n');
    expect(r.out).toContain('  right  Cpu\n');
    expect(r.out).toMatch(/2 files: 2 loaded, 0 rejected\n$/);
  });

  it('finds komorebi.json in ~/.config/komorebi when KOMOREBI_CONFIG_HOME is not set', async () => {
    const k = await twoBars();
    await writeBarConfig(join(k.home, '.config', 'komorebi'), JSON.stringify({ bar_configurations: [join(k.config, 'bar.1.json')] }), 'komorebi.json');
    const r = await cli(['check'], { HOME: k.home });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${join(k.config, 'bar.1.json')}: is the bar of monitor 1 (bar_configurations[0])`);
  });

  it('fails when a listed config has errors, and still checks the others', async () => {
    const k = await komorebiHome(['bar.0.json', 'bar.1.json'], { 'bar.0.json': LEFT, 'bar.1.json': { monitor: 1, left_widgets: [{ Cpu: { enable: 'yes' } }], right_widgets: [] } });
    const r = await cli(['check'], k.env);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(k.config, 'bar.0.json')}: ok (`);
    expect(r.out).toContain(`${join(k.config, 'bar.1.json')}: rejected (`);
  });

  it('reports a missing entry and a variable that is not set by index and path, fails, and checks the rest', async () => {
    const k = await komorebiHome(['bar.0.json', 'missing.json', '$Env:TILEBAR_TEST_UNSET/bar.json'], { 'bar.0.json': LEFT });
    const komorebiJson = join(k.config, 'komorebi.json');
    const r = await cli(['check'], k.env);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${komorebiJson}:4:5: error: bar_configurations[1]: ${join(k.config, 'missing.json')}: no such file\n  hint: correct the path, or remove the entry`);
    expect(r.out).toContain(`${komorebiJson}:5:5: error: bar_configurations[2]: $Env:TILEBAR_TEST_UNSET is not set (path "$Env:TILEBAR_TEST_UNSET/bar.json")\n  hint: set TILEBAR_TEST_UNSET where komorebi and tilebar start`);
    expect(r.out).toContain(`${join(k.config, 'bar.0.json')}: ok (`);
    expect(r.out).toMatch(new RegExp(`1 file: 1 loaded, 0 rejected; ${komorebiJson.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: 2 errors, 0 warnings\\n$`));
  });

  it('says a file\'s own problems once, in its own report (its "monitor_index", its JSON)', async () => {
    const k = await komorebiHome(['bar.0.json'], { 'bar.0.json': { monitor_index: 1, ...LEFT } });
    const r = await cli(['check'], k.env);
    expect(r.code).toBe(0);
    expect(r.out.match(/monitor_index/g)).toHaveLength(2); // the warning and its hint, from the file's own check
    expect(r.out).toContain(`${join(k.config, 'bar.0.json')}: is the bar of monitor 0 (bar_configurations[0])`);
  });

  it('keeps a config named on the command line or with --config winning, and discovery where there is no list', async () => {
    const k = await twoBars();
    const own = await writeBarConfig(k.dir, RIGHT, 'own.json');
    const named = await cli(['check', own], k.env);
    expect(named.out).not.toContain('bar_configurations');
    expect(named.out).toContain(`${own}: ok (`);
    const flagged = await cli(['check', '--config', own], k.env);
    expect(flagged.err).toBe(`tilebar: using ${own} (--config)\n`);
    const none = await cli(['check'], { HOME: k.home });
    expect(none.err).toBe('tilebar: using the embedded default config (no config file was found)\n');
    expect(none.code).toBe(0);
  });

  it('takes [] as no list, with a warning, and uses discovery', async () => {
    const k = await komorebiHome([]);
    const r = await cli(['check'], k.env);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${join(k.config, 'komorebi.json')}:2:25: warning: bar_configurations: the list is empty`);
    expect(r.err).toBe('tilebar: using the embedded default config (no config file was found)\n');
  });

  it('fails, naming the value, when KOMOREBI_CONFIG_HOME is no folder', async () => {
    const k = await twoBars();
    const r = await cli(['check'], { HOME: k.home, KOMOREBI_CONFIG_HOME: join(k.dir, 'nowhere') });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`error: KOMOREBI_CONFIG_HOME is set to "${join(k.dir, 'nowhere')}", which is not a directory\n  hint: komorebi refuses to start with it`);
  });

  it('gives --json a report of komorebi.json and each file its entry and monitor', async () => {
    const k = await komorebiHome(['bar.0.json', 'gone.json'], { 'bar.0.json': { monitor: 2, ...LEFT } });
    const r = await cli(['check', '--json'], k.env);
    const reports = JSON.parse(r.out) as Array<Record<string, unknown>>;
    expect(reports[0]).toMatchObject({ file: join(k.config, 'komorebi.json'), komorebiJson: true, ok: false, problems: [{ topic: 'unreadable', entry: 1, severity: 'error' }] });
    expect(reports[1]).toMatchObject({ file: join(k.config, 'bar.0.json'), ok: true, barConfiguration: { komorebiJson: join(k.config, 'komorebi.json'), index: 0, monitor: 2 } });
    expect(r.code).toBe(1);
  });

  it('checks one monitor\'s listed config with --monitor, and names the monitors that have one when it has none', async () => {
    const k = await twoBars();
    const one = await cli(['check', '--monitor', '1'], k.env);
    expect(one.code).toBe(0);
    expect(one.err).toBe(`tilebar: using ${join(k.config, 'bar.1.json')} (--config)\n`);
    expect(one.out).toContain(`${join(k.config, 'bar.1.json')}: ok (`);
    expect(one.out).not.toContain('bar.0.json');
    const none = await cli(['check', '--monitor', '2'], k.env);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`--monitor 2: no bar config in the bar_configurations of ${join(k.config, 'komorebi.json')} is on monitor 2; monitors 0 and 1 have one`);
  });

  it('runs the same as the built command', async () => {
    const k = await twoBars();
    const r = await run(process.execPath, tilebarArgs('check'), { env: childEnv(k.env) });
    expect(r.stdout).toContain(`${join(k.config, 'bar.1.json')}: is the bar of monitor 1 (bar_configurations[1])`);
    expect(r.stdout).toContain('2 files: 2 loaded, 0 rejected');
  });
});

describe('tilebar preview --monitor', () => {
  const PREVIEW = ['preview', '--set', 'cpu=42', '--set', 'memory=17', '--format', 'text', '--icons', 'ascii', '--width', '40', '--height', '1'];

  it("draws the bar komorebi.json's bar_configurations lists for the monitor", async () => {
    const k = await twoBars();
    const zero = await cli([...PREVIEW, '--monitor', '0'], k.env);
    expect(zero.code).toBe(0);
    expect(zero.out).toContain('RAM: 17%');
    expect(zero.out).not.toContain('CPU');
    const one = await cli([...PREVIEW, '--monitor', '1'], k.env);
    expect(one.code).toBe(0);
    expect(one.out).toContain('CPU: 42%');
    expect(one.out).not.toContain('RAM');
  });

  it('gives thresholds --monitor N that monitor\'s listed bar too', async () => {
    const k = await twoBars();
    const one = await cli(['thresholds', '--monitor', '1', '--set', 'cpu=42'], k.env);
    expect(one.code).toBe(0);
    // Monitor 1's bar (bar.1.json): its Cpu on the right, and not monitor 0's Memory.
    expect(one.out).toMatch(/^right\[0\] +Cpu +42% /m);
    expect(one.out).not.toContain('Memory');
    const zero = await cli(['thresholds', '--monitor', '0', '--set', 'memory=17'], k.env);
    expect(zero.out).toMatch(/^left\[0\] +Memory +17% /m);
    expect(zero.out).not.toContain('Cpu');
  });

  it('is a usage error naming the monitors that have a bar when none is listed for it', async () => {
    const k = await twoBars();
    const r = await cli([...PREVIEW, '--monitor', '2'], k.env);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tilebar: --monitor 2: no bar config in the bar_configurations of ${join(k.config, 'komorebi.json')} is on monitor 2; monitors 0 and 1 have one\n`);
    const bad = await cli([...PREVIEW, '--monitor', 'one'], k.env);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--monitor must be a whole number from 0 to 999, not "one"');
  });

  it('says why a listed bar is not there: a missing file, a variable that is not set', async () => {
    const k = await komorebiHome(['bar.0.json', '$Env:TILEBAR_TEST_UNSET/bar.1.json', 'missing.json'], { 'bar.0.json': LEFT });
    const r = await cli([...PREVIEW, '--monitor', '1'], k.env);
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: bar_configurations[1]: $Env:TILEBAR_TEST_UNSET is not set (path "$Env:TILEBAR_TEST_UNSET/bar.1.json")');
    expect(r.err).toContain(`error: bar_configurations[2]: ${join(k.config, 'missing.json')}: no such file`);
    expect(r.err).toContain('is on monitor 1; monitor 0 has one\n');
  });

  it('draws a config named with --config as the bar of the monitor given, with that monitor of a saved state', async () => {
    const k = await twoBars();
    const bar = await writeBarConfig(k.dir, TILER, 'tiler.json');
    const first = stateDoc({ workspaces: [{ name: 'one-a' }, { name: 'one-b' }], focused: 0 });
    const second = stateDoc({ workspaces: [{ name: 'two-a' }], focused: 0 });
    const both = { ...first, state: { ...first.state, monitors: { elements: [first.state.monitors.elements[0], second.state.monitors.elements[0]], focused: 0 }, monitor_usr_idx_map: { '0': 0, '1': 1 } } };
    await writeFile(join(k.dir, 'state.json'), JSON.stringify(both));
    const args = ['preview', '--config', bar, '--tiler-state', join(k.dir, 'state.json'), '--set', 'cpu=1', '--format', 'text', '--width', '40', '--height', '1'];
    expect((await cli([...args, '--monitor', '1'], k.env)).out).toBe(' two-a\n');
    expect((await cli([...args, '--monitor', '0'], k.env)).out).toBe(' one-a one-b\n');
    expect((await cli(args, k.env)).out).toBe(' one-a one-b\n');
  });

  it("draws a monitor-1 config with a saved state of one monitor: preview connects to nothing, so nothing is \"not connected\"", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-pv-'));
    await writeBarConfig(dir, { monitor: 1, ...TILER }, 'mon2.json');
    await writeFile(join(dir, 'state.json'), JSON.stringify(stateDoc({ workspaces: [{ name: 'a' }, { name: 'b' }], focused: 1 })));
    const r = await cli(['preview', '-c', 'mon2.json', '--tiler-state', 'state.json', '--set', 'cpu=1', '--format', 'text', '--width', '40', '--height', '1'], { HOME: dir }, dir);
    expect(r.code).toBe(0);
    expect(r.out).toBe(' a b\n');
    expect(r.err).toBe("tilebar: --tiler-state state.json has no monitor 1 (it has 0); its monitor 0 is shown in monitor 1's bar\n");
  });

  it('draws the discovered config as the monitor\'s bar where no komorebi.json lists bars, and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-pv-'));
    await writeBarConfig(dir, RIGHT, 'komorebi.bar.json');
    const r = await cli([...PREVIEW, '--monitor', '3'], { HOME: dir });
    expect(r.code).toBe(0);
    expect(r.out).toContain('CPU: 42%');
    expect(r.err).toBe("tilebar: no komorebi.json lists bar_configurations; the config found as without --monitor is drawn as monitor 3's bar\n");
  });
});
