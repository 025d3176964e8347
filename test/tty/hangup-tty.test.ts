/**
 * A bar whose terminal closes at any moment of its start-up ends (issue 31, finding 11). 200 real `tilebar run`
 * processes, each in a tmux pane of its own (started with `exec`, as bench/idle.mjs does: the bar is the pane's
 * session leader and gets the kernel's SIGHUP), as `nobody` when the tests run as root; each tmux server is killed
 * at a random moment of the bar's first two seconds — before Node is up, while the config loads, around the first
 * frame, while the sources start. Then none of them may be left: each is found by its own config's path in its
 * command line (/proc), and the test polls until all are gone. Before the fix about one bar in four killed just
 * after its first frame lived on, idle, parent 1, its pty deleted: Ink had unmounted itself (its raw mode failed
 * on the hung-up terminal, or signal-exit thought itself alone on SIGHUP) and the end's wait for Ink never returned.
 *
 * And with what status a bar ends when its terminal closes after its first frame: 129, on every supported line
 * (Node 20, end of life, aborted (134, a core) in its ResetStdio when the terminal answered EIO). 50 panes, each
 * running the bar under a shell that ignores SIGHUP (`trap '' HUP`, so it outlives the terminal to write the bar's
 * status to a file) with core files allowed (`ulimit -c unlimited`) and its working directory in the test's: each
 * pane is killed (kill-pane or kill-window, in turn) once the bar has drawn. Node sets SIGHUP back to its default
 * at start whatever it inherited, and the bar holds it: checked in each bar's /proc/<pid>/status before its pane
 * goes. The kernel's SIGHUP goes to the session leader alone (the shell, which ignores it): the bar learns that its
 * terminal went from reads and writes that fail (EIO), and must end with 129 all the same.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, shellQuote, unprivileged } from './tmux.js';
import { until } from '../wait.js';
import { childEnv, envCommand } from '../support/child-env.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const BARS = 200;
/** Panes started and killed at once: modest, for a 2-core machine shared with other tests. */
const AT_ONCE = 4;
const START_UP_MS = 2000;
/** Panes whose bar's status is read after its terminal closed. */
const PANES = 50;
/**
 * Node 20 (end of life, not a supported line) aborts in its own ResetStdio at exit when the terminal answers EIO
 * (status 134, and a core): measured 50 of 50 panes. Fixed upstream; the lines tilebar supports end with 129.
 */
const ABORTS_ON_EIO = Number(process.versions.node.split('.')[0]) < 22;
if (ABORTS_ON_EIO) console.warn(`hangup-tty.test.ts: the status test skipped on Node ${process.version}, which aborts in ResetStdio on a closed terminal`);

let base: string | undefined;
const servers: string[] = [];
afterEach(() => {
  for (const socket of servers.splice(0)) spawnSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
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
      const bar = tilebarCommand('run', '--config', file, '--log', join(dir, `bar-${i}.log`), '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/');
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

  it.skipIf(ABORTS_ON_EIO)(`ends with status 129, never an abort: ${PANES} panes killed after their first frame`, { timeout: 900_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-hup-status-'));
    base = dir;
    chmodSync(dir, 0o777);
    // Where a core file goes: a pattern that pipes to a handler (systemd-coredump, apport) leaves none in the pane's
    // directory, and then the status alone says whether a bar aborted.
    const corePattern = readFileSync('/proc/sys/kernel/core_pattern', 'utf8').trim();
    const coresLand = !corePattern.startsWith('|');
    if (!coresLand) console.log(`core_pattern pipes to a handler (${corePattern}): the test holds the statuses alone`);
    const socket = join(dir, 'tmux');
    const tmux = (...a: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...a], { encoding: 'utf8', env: childEnv() });
    tmux('new-session', '-d', '-s', 's', '-x', '80', '-y', '1', 'sleep 100000', ';', 'set', '-g', 'status', 'off', ';', 'set', '-g', 'default-size', '80x1');
    servers.push(socket);
    const config = JSON.stringify({
      left_widgets: [{ Date: { enable: true, format: { Custom: 'HUPFRAME' }, label_prefix: 'None' } }],
      center_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }],
      right_widgets: [{ Cpu: { enable: true, data_refresh_interval: 1 } }],
    });
    const env = envCommand(childEnv({ HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), TERM: 'xterm-256color', TZ: 'UTC' }));
    const sigMask = (pid: number, name: string) => BigInt(`0x${new RegExp(`^${name}:\\s*([0-9a-f]+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0'}`);
    const HUP = 1n;
    const one = async (i: number) => {
      const paneDir = join(dir, `pane-${i}`);
      mkdirSync(paneDir);
      chmodSync(paneDir, 0o777);
      const file = join(paneDir, 'bar.json');
      await writeFile(file, config, { mode: 0o644 });
      const bar = tilebarCommand('run', '--config', file, '--log', join(paneDir, 'log'), '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/');
      const wrapper = `trap '' HUP; ulimit -c unlimited; cd ${shellQuote(paneDir)} || exit 1; ${bar} 2>err; echo $? > status`;
      const id = tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 's:', `exec ${env} ${unprivileged(`sh -c ${shellQuote(wrapper)}`)}`).trim();
      await until(() => tmux('capture-pane', '-p', '-t', id).includes('HUPFRAME'), () => `pane ${i}'s first frame; it shows:\n${tmux('capture-pane', '-p', '-t', id)}`);
      const [pid] = barsUnder(`${paneDir}/`);
      if (pid === undefined) throw new Error(`pane ${i}: its bar is not running`);
      const shell = Number(/^PPid:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      expect(sigMask(shell, 'SigIgn') & HUP, `pane ${i}: the shell around the bar ignores SIGHUP`).toBe(HUP);
      expect(sigMask(pid, 'SigIgn') & HUP, `pane ${i}: the bar does not (Node set it back to its default)`).toBe(0n);
      expect(sigMask(pid, 'SigCgt') & HUP, `pane ${i}: the bar holds SIGHUP`).toBe(HUP);
      tmux(i % 2 === 0 ? 'kill-pane' : 'kill-window', '-t', id);
      await until(() => existsSync(join(paneDir, 'status')), () => `pane ${i}'s bar to end; its stderr: ${readFileSync(join(paneDir, 'err'), 'utf8')}`);
    };
    for (let i = 0; i < PANES; i += AT_ONCE) await Promise.all(Array.from({ length: Math.min(AT_ONCE, PANES - i) }, (_, k) => one(i + k)));

    const panes = Array.from({ length: PANES }, (_, i) => {
      const paneDir = join(dir, `pane-${i}`);
      const status = readFileSync(join(paneDir, 'status'), 'utf8').trim();
      const cores = readdirSync(paneDir).filter((f) => f.startsWith('core'));
      const stderr = readFileSync(join(paneDir, 'err'), 'utf8').trim();
      return { i, status, cores, stderr };
    });
    const counts = [...new Set(panes.map((p) => p.status))].map((status) => `${panes.filter((p) => p.status === status).length} × ${status}`);
    console.log(`${process.version}: ${PANES} panes killed after their first frame: ${counts.join(', ')}`);
    expect(panes.filter((p) => p.status !== '129').map((p) => `pane ${p.i}: status ${p.status}; stderr: ${p.stderr.slice(0, 300)}`)).toEqual([]);
    if (coresLand) expect(panes.filter((p) => p.cores.length > 0).map((p) => `pane ${p.i}: ${p.cores.join(', ')}`)).toEqual([]);
  });
});
