/**
 * A running bar on Linux starts no process per poll: `tilebar run` with the example config in a tmux pane,
 * attached to the core it starts, as users run it, under `strace -f` (which follows the pane into the core it
 * spawns), and a thin tmux feed (the shell loop and `cat` of `feed tmux --print-config`, under a second strace)
 * attached to the same core, every process creation and program start counted from the bar's FROM_S-th to its
 * TO_S-th second — some thirty polls of its CPU, network and memory sources, thirty lines into the feed's pipe. The count is printed, and with
 * TILEBAR_RECORD_SPAWNS=1 kept in bench/linux-spawns.json (the Windows count: test/windows/spawn-count.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { thinLoop } from '../../src/feeds/hosts.js';
import { childEnv } from '../support/child-env.js';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coresOf } from '../serve/core-session.js';
import { tilebarCommand } from '../support/tilebar-command.js';
import { until } from '../wait.js';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';

const FROM_S = 10;
const TO_S = 40;

/** strace, and leave to trace a child here (a container may forbid ptrace): why not, or ''. */
function straceMissing(): string {
  const r = spawnSync('strace', ['-f', '-qq', '-e', 'trace=execve', '-o', '/dev/null', 'true'], { stdio: 'ignore' });
  if (r.error) return ' (skipped: no strace)';
  return r.status === 0 ? '' : ' (skipped: strace cannot trace here)';
}

export interface Creation {
  /** Seconds since the epoch. */
  at: number;
  what: string;
}

/**
 * The processes created and programs started in an `strace -f -ttt` trace: `execve` calls, and `clone`,
 * `clone3`, `fork` and `vfork` calls that make a process (not a thread: CLONE_THREAD), each once (a call strace
 * shows cut in two is counted at its start).
 */
export function creations(trace: string): Creation[] {
  const found: Creation[] = [];
  for (const line of trace.split('\n')) {
    const m = /^\d+ +(\d+\.\d+) (execve|clone3?|v?fork)\((.*)$/.exec(line);
    if (!m || (m[2] !== 'execve' && m[3]?.includes('CLONE_THREAD'))) continue;
    found.push({ at: Number(m[1]), what: m[2] === 'execve' ? `execve ${/^"([^"]*)"/.exec(m[3] ?? '')?.[1] ?? '?'}` : (m[2] as string) });
  }
  return found;
}

const dirs: string[] = [];
let pane: Pane | undefined;
let loop: ChildProcess | undefined;
const homes: string[] = [];
afterAll(async () => {
  await pane?.close();
  if (loop?.pid !== undefined) {
    try {
      process.kill(-loop.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const home of homes) for (const pid of coresOf(home)) process.kill(pid, 'SIGKILL');
  for (const home of homes) await until(() => coresOf(home).length === 0, 'the cores to end');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const skip = hasTmux ? straceMissing() : ' (skipped: no tmux)';

describe.skipIf(skip !== '' || process.platform !== 'linux')(`a running bar on Linux, attached to its core, under strace -f${skip}`, () => {
  it(`starts no process from its ${FROM_S}th to its ${TO_S}th second`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-spawns-'));
    dirs.push(dir);
    const home = join(dir, 'home');
    homes.push(home);
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    copyFileSync('config.example.json', join(dir, 'config.example.json'));
    const trace = join(dir, 'trace.txt');
    const log = join(dir, 'tilebar.log');
    const bar = tilebarCommand('run', '--config', join(dir, 'config.example.json'), '--log', log, '--update-url', 'http://127.0.0.1:9/');
    const command = `strace -f -qq -ttt -e trace=execve,clone,clone3,fork,vfork -o ${shellQuote(trace)} ${bar}`;
    // Attached, as users run it (child-env.ts sets TILEBAR_STANDALONE for every other test), in a home of its own.
    pane = openPane(command, { width: 160, height: 3, env: { HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), TZ: 'UTC', TILEBAR_STANDALONE: undefined } });
    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    };
    await until(() => / running .*from tilebar's core, pid \d+/.test(read(log)), () => `the bar to run attached to its core\nlog:\n${read(log)}`);
    const start = creations(read(trace))[0]?.at ?? 0;
    // The thin feed: its loop attaches (a Node process for a moment), then only its shell and cat run.
    const loopTrace = join(dir, 'loop-trace.txt');
    const feed = tilebarCommand('feed', 'tmux', '--config', join(dir, 'config.example.json'), '--log', log, '--update-url', 'http://127.0.0.1:9/');
    let lines = 0;
    loop = spawn('strace', ['-f', '-qq', '-ttt', '-e', 'trace=execve,clone,clone3,fork,vfork', '-o', loopTrace, '/bin/sh', '-c', thinLoop(feed)], {
      env: childEnv({ HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), TZ: 'UTC', TILEBAR_STANDALONE: undefined }),
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    loop.stdout?.on('data', (b: Buffer) => (lines += b.toString().split('\n').length - 1));
    // Two lines: the core writes into the pipe, and cat hands them on.
    await until(() => lines >= 2, () => `the thin feed to show the bar (${lines} lines)`);
    // The window: from the bar's FROM_S-th second, or from when the feed's cat started if that was later (a loaded
    // machine), for TO_S - FROM_S seconds — both read from the traces' own clocks.
    const isCat = (c: Creation) => c.what === 'execve /usr/bin/cat' || c.what === 'execve /bin/cat';
    await until(() => creations(read(loopTrace)).some(isCat), () => `the loop's cat in its trace:\n${read(loopTrace).slice(0, 2000)}`);
    const catAt = creations(read(loopTrace)).find(isCat)?.at ?? start;
    const from = Math.max(start + FROM_S, catAt);
    const to = from + (TO_S - FROM_S);
    // The window itself: the bar and its core poll for TO_S seconds from the bar's start; the trace is read after.
    await until(() => Date.now() / 1000 > to + 1, `the window's end`, (to - Date.now() / 1000 + 60) * 1000);
    const text = read(trace);
    const all = creations(text);
    const loopAll = creations(read(loopTrace));
    const inWindow = [...all, ...loopAll].filter((c) => c.at >= from && c.at <= to);
    // The feed's lines went on all the while (a line a second), through its cat.
    expect(lines).toBeGreaterThan(TO_S - FROM_S);
    // Not a bar that died, nor a core that did, and so started nothing.
    expect(pane.currentCommand()).not.toBe('sleep');
    expect(read(log)).not.toMatch(/lost the core/);
    expect(coresOf(home)).toHaveLength(1);
    // What it started before the window: the bar itself, and its core (the count would find a missed trace here).
    expect(all.filter((c) => c.what.startsWith('execve')).length, `programs started before the window:\n${all.map((c) => c.what).join('\n')}`).toBeGreaterThanOrEqual(2);
    console.log(`processes created from the ${FROM_S}th to the ${TO_S}th second, the pane, its core and a thin tmux feed: ${inWindow.length} ${JSON.stringify(inWindow.map((c) => c.what))}`);
    if (process.env.TILEBAR_RECORD_SPAWNS === '1') {
      writeFileSync(
        join(process.cwd(), 'bench/linux-spawns.json'),
        `${JSON.stringify({ what: `processes created and programs started by \`tilebar run\` (example config, 160x3 tmux pane), the core it attached to and a thin tmux feed (its shell loop and cat), under strace -f on Node ${process.versions.node}, from its ${FROM_S}th to its ${TO_S}th second (test/tty/spawn-count.test.ts)`, total: inWindow.length, creations: inWindow.map((c) => c.what) }, null, 2)}\n`,
      );
    }
    expect(inWindow, 'processes created while the bar polls').toEqual([]);
    pane.sendKeys('q');
  }, 180_000);
});
