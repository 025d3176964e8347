/**
 * SIGUSR1 and SIGUSR2 sent to a real `tilebar run` in a tmux pane (as `nobody` when the tests run as root).
 * Node 20 opens an unauthenticated inspector on SIGUSR1 when nothing listens for it: after each signal the bar
 * listens on no TCP port (its own sockets, read from /proc: another process on 9229 never counts; it runs with
 * NODE_OPTIONS=--inspect-port=0, so an inspector that opened would always find a port and be seen), lives on,
 * says what it did in its log (SIGUSR1: every source read again; SIGUSR2: the config read again), and still
 * draws: a new config's text, then the clock's seconds moving.
 */
import { chmodSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { barPid } from './bar-process.js';
import { alive, listeningPorts } from './process-sockets.js';
import { hasTmux, openPane, shellQuote, unprivileged, type Pane } from './tmux.js';
import { until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { MAIN } from '../support/tilebar-command.js';

const cleanups = cleanupsAfterEach();

const config = (word: string) =>
  JSON.stringify({
    left_widgets: [{ Date: { enable: true, format: { Custom: word }, label_prefix: 'None' } }],
    center_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }],
    right_widgets: [],
  });

describe.skipIf(!hasTmux)('tilebar run and SIGUSR1/SIGUSR2 (real tmux pane)', () => {
  it('reads its sources again on SIGUSR1 and its config on SIGUSR2, says so, opens no port, lives on and draws', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-run-sig-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o777);
    const file = await writeBarConfig(dir, config('SIGFIRST'), 'bar.json', { mode: 0o666 });
    const logFile = join(dir, 'log');
    const log = () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    };
    // A bare `node main.js`, without the command's launch flags (which leave an inspector nowhere to listen): here
    // tilebar's own listener alone stands between SIGUSR1 and the inspector.
    const bar = [process.execPath, MAIN, 'run', '--config', file, '--log', logFile, '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/'].map(shellQuote).join(' ');
    const pane: Pane = openPane(unprivileged(bar), { width: 80, height: 1, env: { NODE_OPTIONS: '--inspect-port=0', TZ: 'UTC' } });
    cleanups.push(() => pane.close());
    await pane.waitFor('SIGFIRST');
    await until(() => log().includes('running '), () => `the bar to start; its log:\n${log()}`);
    const pid = barPid(file);

    const signal = async (name: NodeJS.Signals, logged: RegExp) => {
      const before = log().length;
      process.kill(pid, name);
      await until(() => logged.test(log().slice(before)) || !alive(pid) || listeningPorts(pid).length > 0, () => `the bar to answer ${name}; its log:\n${log()}`);
      expect(listeningPorts(pid), `ports the bar listens on after ${name}`).toEqual([]);
      expect(alive(pid), `the bar lives on after ${name}`).toBe(true);
      expect(log().slice(before)).toMatch(logged);
    };
    await signal('SIGUSR1', /SIGUSR1: reading every source again/);
    // An edit the bar is told of by SIGUSR2 (its watch may see it too: either way the new text is drawn).
    await writeFile(file, config('SIGSECOND'));
    await signal('SIGUSR2', /SIGUSR2: reading the config again/);
    await pane.waitFor('SIGSECOND');
    // Still drawing: the seconds move.
    const seconds = () => /\d\d:\d\d:\d\d/.exec(pane.capture())?.[0];
    const shown = seconds();
    await until(() => seconds() !== undefined && seconds() !== shown, 'the clock to move');
    expect(listeningPorts(pid)).toEqual([]);
  });
});
