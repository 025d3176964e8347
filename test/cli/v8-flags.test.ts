/** Each command's V8 flags (src/cli/v8-flags.ts): the long-running bar's only for `run`, Yoga's where Ink draws. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DRAWING_FLAGS, LONG_RUNNING_FLAGS, flagsFor } from '../../src/cli/v8-flags.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { MAIN } from '../support/tilebar-command.js';

describe('V8 flags per command', () => {
  it('gives run the long-running flags, preview the drawing ones, and the one-shot commands none', () => {
    expect(flagsFor(['run', '--config', 'x.json'])).toEqual([...DRAWING_FLAGS, ...LONG_RUNNING_FLAGS]);
    expect(flagsFor(['--color', 'run'])).toContain('--no-opt');
    expect(flagsFor(['preview', '--format', 'text'])).toEqual(DRAWING_FLAGS);
    expect(flagsFor(['feed', 'tmux'])).toEqual(LONG_RUNNING_FLAGS);
    for (const argv of [['check', 'run.json'], ['thresholds'], ['themes'], ['schema'], ['--version'], []]) expect(flagsFor(argv), argv.join(' ')).toEqual([]);
  });

  it("starts the command with node and its launch flags alone (#!/usr/bin/env -S node …) and sets V8's inside, where V8 honours them", () => {
    // The launch flags are Node's (node-launch-flags.ts), the same for every command; V8's differ per command.
    expect(readFileSync(MAIN, 'utf8').split('\n', 1)[0]).toBe(`#!/usr/bin/env -S node ${NODE_LAUNCH_FLAGS.join(' ')}`);
    // The young generation of a process that keeps many short-lived objects alive for a while: it grows to
    // tens of MB by default, and stays at its first 1 MB semi-spaces (2 MB) once run's flags are set.
    const newSpace = (command: string) => {
      const script = `import v8 from 'node:v8';
        const m = await import(${JSON.stringify(pathToFileURL(join(process.cwd(), 'dist', 'src', 'cli', 'v8-flags.js')).href)});
        m.setV8Flags([${JSON.stringify(command)}]);
        const keep = [];
        for (let i = 0; i < 400000; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 200000) keep.splice(0, 100000); }
        console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return Number(r.stdout.trim());
    };
    expect(newSpace('run')).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(newSpace('check')).toBeGreaterThan(8 * 1024 * 1024);
  });
});
