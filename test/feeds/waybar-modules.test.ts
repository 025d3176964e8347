/**
 * Every Waybar module shows its widget's current content, whenever its reader starts. Each test runs the module's
 * command exactly as `feed waybar --print-config` prints it (a real shell, a real `cat`, a real FIFO), and runs it
 * once: Waybar up to 0.9.17 (Debian 12's) makes each module's pipe without close-on-exec, so every other module's
 * `cat` and the feed itself inherit its write end; when a module's command ends, Waybar never reads the end of
 * its output and never starts it again (seen under a headless sway: 18 of the example's 33 module threads waiting
 * on pipes whose `cat` had gone, because their pipes were not made yet when Waybar started them). Fixed upstream
 * in 0.9.18 ("Open command pipes as close-on-exec"); a module's command must not count on it.
 * Also: `--print-config` gives each widget the modules it will need, not only those its first look showed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { writeBarConfig } from '../support/bar-config.js';
import { until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const cleanups = cleanupsAfterEach();

const EXAMPLE = join(process.cwd(), 'config.example.json');

function ioIn(dir: string, out: (text: string) => void = () => undefined): CliIo {
  return { out, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC', XDG_RUNTIME_DIR: dir, XDG_CACHE_HOME: dir }), cwd: dir, isTTY: false, platform: 'linux' };
}

/** The Waybar config `feed waybar --print-config` prints for `config`, in the session of `dir`. */
async function printed(config: string, dir: string): Promise<Record<string, unknown>> {
  let text = '';
  const status = await feedCommand('waybar', { config, log: join(dir, 'print-log'), printConfig: true }, ioIn(dir, (t) => (text += t)), { readers: {}, log: () => undefined });
  expect(status).toBe(0);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A module's command run as Waybar runs it (its own process group, output read line by line), once. */
function startModule(exec: string, dir: string): { lines: string[]; ended: () => boolean; child: ChildProcess } {
  const child = spawn('/bin/sh', ['-c', exec], { cwd: dir, env: childEnv(), detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const lines: string[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l !== ''));
  });
  let ended = false;
  child.on('exit', () => (ended = true));
  cleanups.push(() => stopGroup(child));
  return { lines, ended: () => ended, child };
}

/** Ends a module's command as Waybar does (SIGTERM to its process group) and waits for it. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // gone already
  }
  await exited;
}

/** A feed of `bar`, in process, until the returned function is called. */
function startFeed(bar: string, dir: string): () => Promise<void> {
  const stop = new AbortController();
  const done = feedCommand('waybar', { config: bar, log: join(dir, 'log') }, ioIn(dir), { readers: { cpu: async () => ({ percent: 5 }) }, stop: stop.signal, log: () => undefined });
  const end = async () => {
    stop.abort();
    await done;
  };
  cleanups.push(end);
  return end;
}

const shows = (lines: readonly string[], text: string) => lines.some((l) => (JSON.parse(l) as { text?: string }).text?.includes(text));

describe('Waybar modules', () => {
  it('show their line when started before the feed, started again, or left running while the feed restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-waybar-modules-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // An item's line never changes: the feed writes it once.
    const bar = await writeBarConfig(dir, { left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'One', command: 'true' }, { name: 'Touch', command: 'true' }] } }], right_widgets: [] });
    const command = ((await printed(bar, dir))['custom/tilebar-left-0-1'] as { exec: string }).exec;

    // Waybar starts every module at once, before the feed (one of its modules) has made their pipes.
    const early = startModule(command, dir);
    let stopFeed = startFeed(bar, dir);
    await until(() => shows(early.lines, 'Touch') || early.ended(), 'the early module to show Touch or end');
    expect(early.ended(), 'the module started before its pipe was there ended, and Waybar ≤ 0.9.17 would never start it again').toBe(false);
    expect(shows(early.lines, 'Touch')).toBe(true);

    // Waybar ends a module's command (a reload, a restart) and starts it again: the new reader gets the line too.
    await stopGroup(early.child);
    const again = startModule(command, dir);
    await until(() => shows(again.lines, 'Touch') || again.ended(), () => `the module started again to show Touch (it read ${JSON.stringify(again.lines)})`);
    expect(shows(again.lines, 'Touch')).toBe(true);

    // The feed ends and Waybar starts another: the module's reader goes on, and shows the new feed's line.
    await stopFeed();
    const before = again.lines.length;
    stopFeed = startFeed(bar, dir);
    await until(() => again.lines.length > before || again.ended(), 'the running module to read the new feed’s line, or end');
    expect(again.ended(), 'the module ended with the feed').toBe(false);
    expect(shows(again.lines.slice(before), 'Touch')).toBe(true);
    await stopFeed();
  });

  it('--print-config gives the example’s Media widget its control buttons and Network both directions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-waybar-print-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const config = await printed(EXAMPLE, dir);
    // center[1] is Media (IconAndControls): its icon, previous, play/pause and next, each a module of its own.
    expect(config['modules-center']).toEqual(expect.arrayContaining(['custom/tilebar-center-1', 'custom/tilebar-center-1-1', 'custom/tilebar-center-1-2', 'custom/tilebar-center-1-3']));
    // right[1] is Network with show_activity and show_default_interface: received, sent and the interface.
    expect(config['modules-right']).toEqual(expect.arrayContaining(['custom/tilebar-right-1', 'custom/tilebar-right-1-1', 'custom/tilebar-right-1-2']));
  });
});
