import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { thresholdsCommand, type ThresholdsDeps } from '../../src/cli/thresholds.js';
import type { Readers, Readings } from '../../src/system/readings.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { writeBarConfig } from '../support/bar-config.js';
import { captureIo } from '../support/capture-io.js';
import { cli } from './capture.js';
import { eventually } from '../wait.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const run = promisify(execFile);

/** Readers that fail the test if the machine is read. */
const untouchable: Readers = Object.fromEntries(
  ['cpu', 'memory', 'network', 'disks', 'battery', 'update'].map((k) => [k, async () => { throw new Error(`${k} was read`); }]),
) as unknown as Readers;

async function bar(widgets: unknown[]): Promise<string> {
  return writeBarConfig(await mkdtemp(join(tmpdir(), 'tilebar-th-')), { left_widgets: [], right_widgets: widgets });
}

describe('tilebar thresholds', () => {
  it('shows Cpu and Battery selected with their rules for the example config and --set (built binary)', async () => {
    const r = await run(process.execPath, tilebarArgs('thresholds', '--config', 'config.example.json', '--set', 'cpu=95', '--set', 'battery=10'));
    const line = (w: string) => r.stdout.split('\n').find((l) => new RegExp(`^right\\[\\d\\] +${w} `).test(l)) ?? '';
    expect(line('Cpu')).toMatch(/^right\[3\] +Cpu +95% +auto_select_over 80 \(>=\) +selected +95 >= auto_select_over 80$/);
    expect(line('Battery')).toMatch(/^right\[5\] +Battery +10% discharging +auto_select_under 15 \(<=\) +selected +10 <= auto_select_under 15$/);
    expect(line('Memory')).toMatch(/not read +simulated run: no --set for memory=N$/);
  });

  it('paints each state with --color (selected, not read), and nothing without colour; -c names the config', async () => {
    const c = captureIo();
    await thresholdsCommand({ config: 'config.example.json', set: ['cpu=95', 'memory=10'], color: 'truecolor' }, c.io, { readers: untouchable });
    const cpu = c.out().split('\n').find((l) => l.includes(' Cpu ')) ?? '';
    expect(cpu).toContain('\x1b[1;38;2;243;139;168mselected\x1b[0m');
    expect(c.out().split('\n').find((l) => l.includes(' Memory ')) ?? '').not.toContain('\x1b[');
    // The columns still line up: escapes are added after padding.
    const plain = await cli(['thresholds', '-c', 'config.example.json', '--set', 'cpu=95', '--set', 'memory=10', '--color', 'none']);
    expect(plain.out).not.toContain('\x1b[');
    expect(c.out().replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain.out);
  });

  it("lists in its help every --set key the widget kinds take (the help is text; the kinds' list is the truth)", async () => {
    const { BUILTIN_WIDGETS } = await import('../../widgets/kinds.js');
    const r = await run(process.execPath, tilebarArgs('thresholds', '--help'));
    const help = r.stdout.replace(/\s+/g, ' ');
    for (const key of BUILTIN_WIDGETS.simulations.flatMap((s) => s.keys)) expect(help, key).toContain(`${key}=`);
  });

  it('reads nothing from the machine when --set is given', async () => {
    const c = captureIo();
    const code = await thresholdsCommand({ config: 'config.example.json', set: ['cpu=95', 'storage./=91', 'network.received=2MiB'] }, c.io, { readers: untouchable });
    expect(code).toBe(0);
    expect(c.out()).toMatch(/Storage \/ +91% +auto_hide_under 10 \(<=\), auto_select_over 90 \(>=\) +selected +91 >= auto_select_over 90/);
    expect(c.out()).toMatch(/Network received +2\.0 MiB\/s .* normal +2\.0 MiB\/s < auto_select\.received_over 10\.0 MiB\/s/);
  });

  it('rejects unknown or malformed --set values with exit 2', async () => {
    const unknown = await cli(['thresholds', '--config', 'config.example.json', '--set', 'cpuu=9']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--set: unknown key "cpuu"; did you mean "cpu"?');
    const bad = await cli(['thresholds', '--config', 'config.example.json', '--set', 'battery=120']);
    expect(bad.err).toContain('--set battery: expected a percentage 0–100, found "120"');
    const bytes = await cli(['thresholds', '--config', 'config.example.json', '--set', 'network.received=fast']);
    expect(bytes.err).toContain('expected bytes up to 16 EiB, like 2MiB');
  });

  it('lists disabled widgets, and exits 1 on a config with errors', async () => {
    const file = await bar([{ Cpu: { enable: false, auto_select_over: 50 } }, { Memory: { enable: true } }]);
    const r = await cli(['thresholds', '--config', file, '--set', 'memory=40']);
    expect(r.out).toMatch(/right\[0\] +Cpu +— +auto_select_over 50 \(>=\) +disabled +enable is false: nothing is polled/);
    expect(r.out).toMatch(/right\[1\] +Memory +40% +— +normal/);
    const broken = await bar([{ Cpu: { enable: true, auto_select_over: 'high' } }]);
    const e = await cli(['thresholds', '--config', broken]);
    expect(e.code).toBe(1);
    expect(e.err).toContain('right_widgets[0].Cpu.auto_select_over: expected an integer 0–255, found "high"');
  });

  it('prints rows as JSON', async () => {
    const r = await cli(['thresholds', '--config', 'config.example.json', '--set', 'cpu=81', '--json']);
    const rows = JSON.parse(r.out) as Array<{ position: string; widget: string; state: string; rules: string[] }>;
    expect(rows.find((x) => x.widget === 'Cpu')).toMatchObject({ position: 'right[3]', state: 'selected', rules: ['auto_select_over 80 (>=)'] });
  });

  it('watches: a timestamped line for each change of state, and why', async () => {
    const file = await bar([{ Cpu: { enable: true, auto_select_over: 80, data_refresh_interval: 2 } }, { Battery: { enable: true, auto_select_under: 20, data_refresh_interval: 5 } }]);
    const timers = new FakeTimers();
    const cpu = [50, 95, 97, 40];
    let battery = 50;
    const readers: Readers = {
      ...untouchable,
      cpu: async () => ({ percent: cpu.shift() ?? 40 }),
      battery: async (): Promise<Readings['battery']> => ({ batteries: [{ name: 'BAT0', percent: battery, state: 'discharging' }] }),
    };
    const stop = new AbortController();
    const c = captureIo();
    const deps: ThresholdsDeps = { readers, timers, stop: stop.signal };
    const done = thresholdsCommand({ config: file, watch: true }, c.io, deps);
    // The config is read from disk first; the first table comes with the first readings.
    await eventually(() => expect(c.out()).toContain('watching'));
    expect(c.out()).toMatch(/right\[0\] +Cpu +50% +auto_select_over 80 \(>=\) +normal/);
    await timers.advance(2_000);
    battery = 19;
    await timers.advance(4_000);
    stop.abort();
    expect(await done).toBe(0);
    const lines = c.out().split('\n').filter((l) => /^\d\d:\d\d:\d\d /.test(l));
    expect(lines.map((l) => l.slice(10))).toEqual([
      'right[0] Cpu: normal → selected (95%): 95 >= auto_select_over 80',
      'right[1] Battery: normal → selected (19% discharging): 19 <= auto_select_under 20',
      'right[0] Cpu: selected → normal (40%): 40 < auto_select_over 80',
    ]);
    expect(timers.pending()).toBe(0);
  });

  it('watches on: a failing source marks its widget as error and keeps its last value', async () => {
    const file = await bar([{ Memory: { enable: true, data_refresh_interval: 1 } }, { Cpu: { enable: true, data_refresh_interval: 1 } }]);
    const timers = new FakeTimers();
    let fail = false;
    const readers: Readers = {
      ...untouchable,
      memory: async () => {
        if (fail) throw new Error('EIO: /proc/meminfo');
        return { totalBytes: 100, usedBytes: 30 };
      },
      cpu: async () => ({ percent: 10 }),
    };
    const stop = new AbortController();
    const c = captureIo();
    const done = thresholdsCommand({ config: file, watch: true }, c.io, { readers, timers, stop: stop.signal });
    await eventually(() => expect(c.out()).toContain('watching'));
    await timers.advance(1_000);
    fail = true;
    await timers.advance(1_000);
    stop.abort();
    await done;
    expect(c.out()).toMatch(/right\[0\] Memory: normal → error \(30%\): EIO: \/proc\/meminfo; retrying in 1 s/);
  });
});

describe('tilebar thresholds --rules', () => {
  it('prints the one rule table the widgets use', async () => {
    const r = await cli(['thresholds', '--rules']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Cpu +auto_select_over +>= +selected +CPU busy %, truncated$/m);
    expect(r.out).toMatch(/^Storage +auto_hide_under +<= +hidden /m);
    expect(r.out).toMatch(/^Network +auto_select\.received_over +>= +selected +bytes\/s received, truncated +original: >$/m);
    // A header, then a row per rule of every kind: a kind added (or a rule) adds rows, and this test follows.
    expect(r.out.trim().split('\n')).toHaveLength(1 + BUILTIN_WIDGETS.rules.length);
  });
});
