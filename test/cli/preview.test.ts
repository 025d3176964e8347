import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';
import { writeBarConfig } from '../support/bar-config.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const run = promisify(execFile);
const DONE_WHEN = ['preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03', '--set', 'cpu=95', '--width', '160'];
const env = childEnv({ TZ: 'UTC' });

describe('tilebar preview', () => {
  it('prints the same frame every time for a fixed instant and readings (built binary)', async () => {
    const a = await run(process.execPath, tilebarArgs(...DONE_WHEN, '--format', 'text'), { env });
    const b = await run(process.execPath, tilebarArgs(...DONE_WHEN, '--format', 'text'), { env });
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toContain('\x1b');
    expect(a.stdout).toContain('CPU: 95%');
    // The example's Time widget is in Europe/London: 09:05:03 UTC is 10:05:03 BST.
    expect(a.stdout).toContain('10:05:03');
    expect(a.stdout).toContain('Sun 08 Sep');
  });

  it('shows Cpu as selected in JSON, with its colours', async () => {
    const r = await run(process.execPath, tilebarArgs(...DONE_WHEN, '--format', 'json'), { env });
    const data = JSON.parse(r.stdout) as { sections: Record<string, Array<{ kind: string; units: Array<{ state: string; text: string; colours: Record<string, string> }> }>>; theme: string };
    const cpu = data.sections.right?.find((w) => w.kind === 'Cpu')?.units[0];
    expect(cpu).toMatchObject({ state: 'selected', colours: { bg: '#f38ba8', fg: '#11111b' } });
    expect(cpu?.text).toContain('CPU: 95%');
    expect(data.theme).toBe('Pastel/Mocha');
  });

  it('writes colours with --format ansi even through a pipe, at the depth asked for', async () => {
    const ansi = await cli([...DONE_WHEN, '--format', 'ansi', '--height', '1'], { TZ: 'UTC' });
    expect(ansi.out).toMatch(/\x1b\[[0-9;]*48;2;30;30;46m/);
    expect(ansi.out.split('\n').filter(Boolean)).toHaveLength(1);
    const c256 = await cli([...DONE_WHEN, '--format', 'ansi', '--color', '256'], { TZ: 'UTC' });
    expect(c256.out).toMatch(/\x1b\[[0-9;]*48;5;\d+m/);
    expect(c256.out).not.toContain('48;2;');
  });

  it('takes readings from a --data file, and sizes from --width and --height', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-pv-'));
    await writeFile(join(dir, 'readings.json'), JSON.stringify({ cpu: 12, memory: 91, 'storage./': 50, update: '9.9.9' }));
    await writeBarConfig(dir, {
      left_widgets: [{ Memory: { enable: true, auto_select_over: 90 } }],
      right_widgets: [{ Cpu: { enable: true } }, { Storage: { enable: true } }, { Update: { enable: true } }],
    });
    const r = await cli(['preview', '--config', 'bar.json', '--data', 'readings.json', '--width', '70', '--height', '3', '--format', 'text', '--icons', 'ascii'], {}, dir);
    expect(r.code).toBe(0);
    const lines = r.out.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ M RAM: 91% +C CPU: 12% H \/ 50% \^ Update available! v9\.9\.9$/);
    const bad = await cli(['preview', '--config', 'bar.json', '--data', 'nope.json'], {}, dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--data nope.json: no such file');
  });

  it('never runs a command named in the config', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-pv-'));
    const marker = join(dir, 'ran');
    await writeBarConfig(dir, {
      left_widgets: [{ Applications: { enable: true, items: [{ name: 'Touch', command: `touch ${marker}` }] } }],
      right_widgets: [],
      mouse: { on_primary_double_click: `touch ${marker}`, on_middle_click: `touch ${marker}` },
    });
    const r = await cli(['preview', '--config', 'bar.json', '--set', 'cpu=1', '--format', 'json'], {}, dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).sections.left[0].units[0].text).toBe('Touch');
    expect(existsSync(marker)).toBe(false);
  });

  it('rejects a bad --at and a bad --width', async () => {
    const at = await cli(['preview', '--config', 'config.example.json', '--at', 'yesterday', '--set', 'cpu=1']);
    expect(at.code).toBe(2);
    expect(at.err).toContain('--at must be an ISO-8601 time like 2024-09-08T09:05:03, not "yesterday"');
    const width = await cli(['preview', '--config', 'config.example.json', '--width', '0', '--set', 'cpu=1']);
    expect(width.err).toContain('--width must be a whole number from 1 to 1000, not "0"');
  });
});

describe('tilebar preview --tiler-state', () => {
  it('shows the Tiler widgets from a saved notification, and "no window manager" without one, as the bar where there is none', async () => {
    const { stateDoc } = await import('../tiler/fake-wm.js');
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-pv-'));
    await writeFile(join(dir, 'state.json'), JSON.stringify(stateDoc({ workspaces: [{ name: 'a' }, { name: 'b', containers: [[{ title: 'Firefox', exe: 'firefox.exe' }]] }], focused: 1 })));
    await writeBarConfig(dir, { left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false }, layout: { enable: true, display: 'Text' }, focused_container: { enable: true } } }], right_widgets: [] });
    const r = await cli(['preview', '--config', 'bar.json', '--tiler-state', 'state.json', '--set', 'cpu=1', '--format', 'text', '--width', '40', '--height', '1'], {}, dir);
    expect(r.out).toBe(' a b BSP Firefox\n');
    const json = await cli(['preview', '--config', 'bar.json', '--tiler-state', 'state.json', '--set', 'cpu=1', '--format', 'json', '--width', '40'], {}, dir);
    expect(JSON.parse(json.out).sections.left[0].units.map((u: { id: string }) => u.id)).toEqual(['tiler:workspaces', 'tiler:layout', 'tiler:focused']);
    const none = await cli(['preview', '--config', 'bar.json', '--set', 'cpu=1', '--format', 'text', '--width', '40', '--height', '1'], {}, dir);
    expect(none.out).toBe(' no window manager\n');
    await writeFile(join(dir, 'bad.json'), '{"hello": 1}');
    const bad = await cli(['preview', '--config', 'bar.json', '--tiler-state', 'bad.json', '--set', 'cpu=1'], {}, dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--tiler-state bad.json: not a window-manager state: it has no "monitors"');
  });
});

describe('tilebar preview without --width', () => {
  const READINGS = ['cpu=37', 'memory=52', 'battery=81', 'storage./=64', 'media.artist=A', 'media.title=S', 'keyboard=us'].flatMap((s) => ['--set', s]);
  const args = ['preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03', '--format', 'json', '--height', '1', ...READINGS];

  it('shows the whole bar at the narrowest width where nothing gives way: no blank columns between the sections', async () => {
    const r = await cli(args, { TZ: 'UTC' });
    expect(r.code, r.err).toBe(0);
    const frame = JSON.parse(r.out) as { width: number; gaveWay: string[]; rows: string[] };
    expect(frame.gaveWay).toEqual([]);
    // One column less and something gives way.
    const narrower = JSON.parse((await cli([...args, '--width', String(frame.width - 1)], { TZ: 'UTC' })).out) as { gaveWay: string[] };
    expect(narrower.gaveWay.length).toBeGreaterThan(0);
    // Between units there are the bar's own gaps, never a run of blank columns.
    expect(frame.rows[0]?.trim()).not.toMatch(/ {5,}/);
  });

  it('in a terminal, is at most the terminal’s width', async () => {
    const r = await cli(args, { TZ: 'UTC' }, undefined, true, 70);
    expect((JSON.parse(r.out) as { width: number }).width).toBe(70);
  });
});
