/**
 * A bar whose terminal closes at any moment of its start-up ends (issue 31, finding 11). 200 real `tilebar run`
 * processes, each in a tmux pane of its own (started with `exec`, as bench/idle.mjs does: the bar is the pane's
 * session leader and gets the kernel's SIGHUP), as `nobody` when the tests run as root; each tmux server is killed
 * at a random moment of the bar's first two seconds — before Node is up, while the config loads, around the first
 * frame, while the sources start. Then none of them may be left: each is found by its own config's path in its
 * command line (/proc), and the test polls until all are gone. Before the fix about one bar in four killed just
 * after its first frame lived on, idle, parent 1, its pty deleted: Ink had unmounted itself (its raw mode failed
 * on the hung-up terminal, or signal-exit thought itself alone on SIGHUP) and the end's wait for Ink never returned.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, shellQuote, unprivileged } from './tmux.js';
import { until } from '../wait.js';
import { childEnv, envCommand } from '../support/child-env.js';

const main = join(process.cwd(), 'dist/bundle/main.js');
const BARS = 200;
/** Panes started and killed at once: modest, for a 2-core machine shared with other tests. */
const AT_ONCE = 4;
const START_UP_MS = 2000;

let base: string | undefined;
afterEach(() => {
  if (!base) return;
  for (const pid of barsUnder(base)) spawnSync('kill', ['-KILL', String(pid)]);
  rmSync(base, { recursive: true, force: true });
  base = undefined;
});

/** The bars still running whose config lies under `dir`. */
function barsUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.startsWith(dir) && a.endsWith('.json')) && !/^State:\s+Z/m.test(readFileSync(`/proc/${entry}/status`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return pids;
}

describe.skipIf(!hasTmux)('a bar whose terminal closes while it starts (real tmux panes)', () => {
  it(`ends, whatever the moment: ${BARS} bars, each pane killed within its first ${START_UP_MS / 1000} s`, { timeout: 900_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-hangup-'));
    base = dir;
    // The bars run as nobody when we are root: they read their configs and write their logs in here.
    chmodSync(dir, 0o777);
    const config = JSON.stringify({
      left_widgets: [],
      center_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }],
      right_widgets: [{ Cpu: { enable: true, data_refresh_interval: 1 } }, { Memory: { enable: true, data_refresh_interval: 1 } }],
    });
    const killedAt = new Map<string, number>();
    const one = async (i: number) => {
      const file = join(dir, `bar-${i}.json`);
      await writeFile(file, config, { mode: 0o644 });
      const env = envCommand(childEnv({ HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), TERM: 'xterm-256color', TZ: 'UTC' }));
      const bar = [process.execPath, main, 'run', '--config', file, '--log', join(dir, `bar-${i}.log`), '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/'].map(shellQuote).join(' ');
      const socket = join(dir, `tmux-${i}`);
      execFileSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'b', '-x', '80', '-y', '1', `exec ${env} ${unprivileged(bar)}`]);
      const delay = Math.random() * START_UP_MS;
      await new Promise((r) => setTimeout(r, delay));
      spawnSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
      killedAt.set(file, delay);
    };
    for (let i = 0; i < BARS; i += AT_ONCE) await Promise.all(Array.from({ length: Math.min(AT_ONCE, BARS - i) }, (_, k) => one(i + k)));

    const left = () => barsUnder(dir);
    const report = () => {
      const pids = left();
      const lines = pids.map((pid) => {
        const file = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((a) => a.endsWith('.json')) ?? '';
        let log = '';
        try {
          log = readFileSync(file.replace(/\.json$/, '.log'), 'utf8').trim().split('\n').at(-1) ?? '';
        } catch {
          // No log yet.
        }
        return `  pid ${pid}, pane killed ${Math.round(killedAt.get(file) ?? NaN)} ms after its start; last log line: ${log}`;
      });
      return `${pids.length} of ${BARS} bars still running after their terminal closed:\n${lines.join('\n')}`;
    };
    await until(() => left().length === 0, report).catch((e: unknown) => {
      expect.fail(e instanceof Error ? e.message : String(e));
    });
  });
});
