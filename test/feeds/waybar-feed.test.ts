/**
 * `tilebar feed waybar` in process, on the live core, its pipes read as a module's `cat` reads them: each module's
 * JSON line (pango text, the state as a CSS class, a tooltip saying why or the item's command, the percentage),
 * only the newest line in a pipe, a click in the inbox launching the item under it, and a broken config shown,
 * located, in the tilebar module while the modules keep the last good bar.
 */
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { writeBarConfig } from '../support/bar-config.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { eventually, until } from '../wait.js';
import { readAvailable } from './pipe-read.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const cleanups = cleanupsAfterEach();

/** What a module's `cat` would read from its pipe now (nothing waits: the pipe is opened without blocking). */
function readPipe(path: string): string[] {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    return readAvailable(fd)
      .split('\n')
      .filter((l) => l !== '');
  } finally {
    closeSync(fd);
  }
}

describe('tilebar feed waybar', () => {
  it('serves each module its line, acts on clicks from the inbox, and shows a broken config in its own module', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-waybar-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const touched = join(dir, 'touched');
    const config = {
      left_widgets: [{ Applications: { enable: true, display: 'Text', show_command_on_hover: true, items: [{ name: 'One', command: 'true' }, { name: 'Touch', command: `touch ${touched}` }] } }],
      right_widgets: [{ Cpu: { enable: true, auto_select_over: 80, label_prefix: 'Text' } }],
    };
    const bar = await writeBarConfig(dir, config);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC', XDG_RUNTIME_DIR: dir }), cwd: dir, isTTY: false, platform: 'linux' };
    const { out, written } = collectingWritable();
    const stop = new AbortController();
    const done = feedCommand('waybar', { config: bar, log: join(dir, 'log') }, io, { out, readers: { cpu: async () => ({ percent: 95 }) }, stop: stop.signal, log: () => undefined });
    cleanups.push(() => done);
    cleanups.push(() => stop.abort());
    const pipes = join(dir, 'tilebar', 'waybar-');

    // The Cpu module: its value, selected past its threshold (a class for CSS), why in its tooltip, its percentage.
    let cpu: Record<string, unknown> = {};
    await eventually(() => {
      const line = readPipe(join(pipes, 'right-0')).at(-1);
      cpu = JSON.parse(line ?? '{}') as Record<string, unknown>;
      expect(cpu.percentage).toBe(95);
    });
    expect(cpu.text).toMatch(/<span [^>]*>.*95.*<\/span>/);
    expect(cpu.class).toEqual(['tilebar', 'cpu', 'selected']);
    expect(cpu.tooltip).toMatch(/95 &gt;= auto_select_over 80/);
    // Read once, the pipe is empty: a later cat gets only a newer line, never a backlog.
    expect(readPipe(join(pipes, 'right-0'))).toEqual([]);

    // The second item's module (show_command_on_hover): its command as the tooltip.
    const touch = JSON.parse(readPipe(join(pipes, 'left-0-1')).at(-1) ?? '{}') as Record<string, unknown>;
    expect(touch.text).toContain('Touch');
    expect(touch.tooltip).toBe(`touch ${touched}`);

    // A click, as the module's on-click appends it.
    await writeFile(join(pipes, 'clicks'), 'left-0-1 1\n');
    await until(() => existsSync(touched), 'the click to launch Touch');

    // The tilebar module is empty while the config is good; a broken save shows there, located.
    expect(JSON.parse(written().split('\n')[0] ?? '{}')).toEqual({ text: '', class: ['tilebar'] });
    await writeFile(bar, JSON.stringify({ ...config, right_widgets: [{ Cpu: { enable: 'yes' } }] }));
    await eventually(() => {
      const own = JSON.parse(written().trim().split('\n').at(-1) ?? '{}') as { text?: string; class?: string[] };
      expect(own.class).toEqual(['tilebar', 'error']);
      expect(own.text).toMatch(/right_widgets\[0\]/);
    });
  });
});
