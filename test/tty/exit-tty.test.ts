/**
 * How `tilebar` ends, as a shell sees it: `q` is success, Ctrl-C 130 and SIGTERM 143 (as for a process killed
 * by the signal), each restoring the terminal; a reader that goes away from a pipe ends any command quietly
 * with 0 and no stack trace.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { writeBarConfig } from '../support/bar-config.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';

let pane: Pane | undefined;
afterEach(() => pane?.close());

function pidOf(marker: string): number {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd[0] === process.execPath && cmd.includes(marker)) return Number(entry);
    } catch {
      // Gone while we looked.
    }
  }
  throw new Error('not running');
}

describe.skipIf(!hasTmux)('tilebar run ends as a shell expects (real tmux pane)', () => {
  for (const [how, status] of [
    ['q', 0],
    ['C-c', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${how} → status ${status}, terminal restored`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tilebar-exit-'));
      const file = await writeBarConfig(dir, { left_widgets: [{ Date: { enable: true, format: { Custom: 'EXITTEST' }, label_prefix: 'None' } }], right_widgets: [] });
      const command = `sh -c ${shellQuote(`${tilebarCommand('run', '--config', file, '--log', join(dir, 'log'))}; echo "status=$?"`)}`;
      pane = openPane(command, { width: 60, height: 3 });
      await pane.waitFor('EXITTEST');
      if (how === 'SIGTERM') process.kill(pidOf(file), 'SIGTERM');
      else pane.sendKeys(how);
      const screen = await pane.waitFor('status=');
      expect(screen).toContain(`status=${status}`);
      // Back on the main screen: the bar's frame is gone with the alternate screen.
      expect(screen).not.toContain('EXITTEST');
    });
  }
});

describe('a reader that goes away from a pipe', () => {
  for (const args of [['schema'], ['themes', '--json'], ['themes'], ['check', 'config.example.json'], ['thresholds', '--rules']]) {
    it(`ends tilebar ${args.join(' ')} quietly with status 0`, async () => {
      const child = spawn(process.execPath, tilebarArgs(...args), { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      // Read the first chunk, then close the pipe, as `| head -1` does.
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(code).toBe(0);
      expect(err).toBe('');
    });
  }
});
