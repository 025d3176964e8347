/** `preview` given hostile readings and instants: each a usage error or a bounded frame, never a crash or a stall. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';

async function dirWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-pvh-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const STORAGE_BAR = JSON.stringify({ left_widgets: [], right_widgets: [{ Storage: { enable: true, label_prefix: 'Text' } }] });
const preview = (dir: string, ...args: string[]) => cli(['preview', '--config', 'bar.json', '--format', 'text', '--icons', 'ascii', '--height', '1', ...args], { TZ: 'UTC' }, dir);

describe('tilebar preview with hostile readings', () => {
  it('shows the first 32 of 3,000 disks and says how many more', async () => {
    const disks = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`storage./mnt/d${String(i).padStart(4, '0')}`, 50]));
    const dir = await dirWith({ 'bar.json': STORAGE_BAR, 'readings.json': JSON.stringify(disks) });
    const r = await preview(dir, '--data', 'readings.json', '--width', '1000');
    expect(r.code).toBe(0);
    expect(r.out).toContain('/mnt/d0000 50%');
    expect(r.out).toContain('/mnt/d0031 50%');
    expect(r.out).not.toContain('/mnt/d0032');
    expect(r.out).toContain('+2968 more');
  });

  it('rejects a reading that is not a number or a string, however deeply nested', async () => {
    const deep = `{"cpu": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const dir = await dirWith({ 'bar.json': STORAGE_BAR, 'deep.json': deep, 'obj.json': '{"cpu": {"a": 1}}' });
    const r = await preview(dir, '--data', 'deep.json');
    expect(r).toMatchObject({ code: 2, err: 'tilebar: --data deep.json: "cpu" is an array; expected a number or a string like "2MiB"\n' });
    expect((await preview(dir, '--data', 'obj.json')).err).toContain('"cpu" is an object');
  });

  it('rejects a byte count no counter can hold instead of showing Infinity', async () => {
    const dir = await dirWith({ 'bar.json': JSON.stringify({ left_widgets: [], right_widgets: [{ Network: { enable: true, show_activity: true, show_total_activity: false } }] }) });
    const r = await preview(dir, '--set', `network.received=${'9'.repeat(400)}`);
    expect(r.code).toBe(2);
    expect(r.err).toContain('expected bytes up to 16 EiB');
    expect(r.err).toContain('(400 characters)');
    const ok = await preview(dir, '--set', 'network.received=18446744073709551616', '--width', '60');
    expect(ok.out).toContain('16.0 EiB/s');
  });

  it('rejects an --at offset that no time zone has', async () => {
    const dir = await dirWith({ 'bar.json': STORAGE_BAR });
    const r = await preview(dir, '--at', '2024-09-08T09:05:03+99:00', '--set', 'storage./=1');
    expect(r).toMatchObject({ code: 2, err: 'tilebar: --at "2024-09-08T09:05:03+99:00": the offset +99:00 is not one of a time zone (from -12:00 to +14:00)\n' });
    expect((await preview(dir, '--at', '2024-09-08T09:05:03+14:00', '--set', 'storage./=1')).code).toBe(0);
  });

  it('reads a FIFO or a directory given as --data as a usage error, without waiting', async () => {
    const dir = await dirWith({ 'bar.json': STORAGE_BAR });
    const r = await preview(dir, '--data', '.');
    expect(r).toMatchObject({ code: 2, err: 'tilebar: --data .: it is a directory\n' });
  });
});

describe('tilebar preview and NO_COLOR', () => {
  const bar = JSON.stringify({ left_widgets: [{ Cpu: { enable: true, label_prefix: 'Text', auto_select_over: 90 } }], right_widgets: [{ Memory: { enable: true, label_prefix: 'Text' } }] });

  it('prints no colour in a terminal under NO_COLOR, but still sets a selected unit apart (reverse video)', async () => {
    const dir = await dirWith({ 'bar.json': bar });
    const r = await cli(['preview', '--config', 'bar.json', '--set', 'cpu=95', '--set', 'memory=40', '--height', '1', '--width', '40'], { NO_COLOR: '1', TERM: 'xterm-256color', COLORTERM: 'truecolor' }, dir, true);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/\x1b\[[0-9;]*[34]8;/);
    expect(r.out).toContain('\x1b[7mCPU: 95%');
    expect(r.out.replace(/\x1b\[[0-9;]*m/g, '')).toBe(` CPU: 95%${' '.repeat(22)}RAM: 40%\n`);
  });

  it('colours a terminal preview at the terminal’s depth, and a piped --format ansi in 24-bit unless NO_COLOR', async () => {
    const dir = await dirWith({ 'bar.json': bar });
    const args = ['preview', '--config', 'bar.json', '--set', 'cpu=95', '--height', '1'];
    expect((await cli(args, { TERM: 'xterm-256color' }, dir, true)).out).toMatch(/\x1b\[[0-9;]*48;5;\d+m/);
    expect((await cli([...args, '--format', 'ansi'], {}, dir)).out).toMatch(/48;2;/);
    expect((await cli([...args, '--format', 'ansi'], { NO_COLOR: 'yes' }, dir)).out).not.toMatch(/[34]8;/);
  });
});
