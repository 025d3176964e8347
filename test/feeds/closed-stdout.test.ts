/**
 * A host that closes the feed's stdout (it quit, or restarted us) ends the feed, however quiet the bar: each
 * built `tilebar feed <host>` runs as a child with its stdout a pipe and its stdin a pipe kept open (so only
 * stdout's end tells), on a bar with nothing that changes (no clock, no readings), and after its first line the
 * test closes its read end: the feed exits with status 0, having removed what it made and said so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

/**
 * How long the test waits for the feed to end before it fails. Not a figure of the fix (a quiet feed probes its
 * stdout every second): a bound between it and the behaviour this test is here to catch, a quiet feed that lived
 * on for 30 s (tmux, Polybar, Waybar) or for as long as its stdin stayed open (i3bar).
 */
const EXIT_PATIENCE_MS = 10_000;

/** A bar that never changes: one Applications item. */
const quietBar = { left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Quiet', command: 'true' }] } }], right_widgets: [] };

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe.each(['tmux', 'polybar', 'waybar', 'i3bar'] as const)('tilebar feed %s, its stdout closed', (host) => {
  it('ends with status 0 although the bar is quiet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-closed-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeBarConfig(dir, quietBar);
    const env = childEnv({ HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CACHE_HOME: join(dir, 'cache'), TZ: 'UTC' });
    const log = join(dir, 'log');
    const args = tilebarArgs('feed', host, '--config', join(dir, 'bar.json'), '--log', log, '--update-url', 'http://127.0.0.1:9/');
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const end = exited(child);
    cleanups.push(async () => {
      child.kill('SIGKILL');
      child.stdin?.destroy();
      await end;
    });

    // Its first line is out and the bar has started (its log says so): the feed has nothing more to say.
    let wrote = false;
    child.stdout?.once('data', () => (wrote = true));
    await until(() => wrote && existsSync(log) && readFileSync(log, 'utf8').includes(`feeding ${host}`), `feed ${host} to start`);
    child.stdout?.destroy();

    const timeout = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), EXIT_PATIENCE_MS).unref());
    expect(await Promise.race([end, timeout])).toBe(0);
    // It ended as a feed ends, not cut short: its click file is gone, and its log says it stopped. Only Waybar's
    // pipes stay, for its modules' readers (feeds/waybar-pipes.ts). (i3bar's clicks come on stdin: it makes no
    // runtime directory at all.)
    const runtime = join(dir, 'tilebar');
    const left = existsSync(runtime) ? readdirSync(runtime, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory() && !e.isFIFO()) : [];
    expect(left.map((e) => e.name)).toEqual([]);
    expect(readFileSync(log, 'utf8')).toContain(`feed to ${host} stopped`);
  });
});
