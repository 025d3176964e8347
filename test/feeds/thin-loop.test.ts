/**
 * The shell loops `feed <host> --print-config` prints for thin feeds (feeds/hosts.ts), run by a real `sh` with a
 * stand-in `tilebar` and `sleep` on the PATH that say what they were asked: a feed that cannot start (its
 * `--pipe` refused, then its own feed failing: a `--monitor` no bar is listed for) is tried again after 10 s,
 * not every second (a loop spinning so took a fifth of a CPU, starting Node twice a second, for as long as the
 * host ran); a feed that ended well is tried again after a second.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thinLoop, thinLoopWithClicks } from '../../src/feeds/hosts.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';

const cleanups = cleanupsAfterEach();

/** Runs `loop` (built around this folder's stand-in tilebar) until it has asked for `count` sleeps; those sleeps. */
async function sleepsOf(loopOf: (command: string) => string, feedStatus: number, count: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-thin-loop-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, 'log');
  // `--pipe` is refused (no core: as with TILEBAR_STANDALONE), so the loop runs the feed itself, which ends with feedStatus.
  writeFileSync(join(dir, 'tilebar'), `#!/bin/sh\ncase "$*" in *--pipe*) echo pipe >> ${log}; exit 1;; esac\necho feed >> ${log}\nexit ${feedStatus}\n`);
  // The loop's sleep, said and not slept: the test waits for what the loop does, not for its clock.
  writeFileSync(join(dir, 'sleep'), `#!/bin/sh\necho "sleep $1" >> ${log}\n`);
  for (const f of ['tilebar', 'sleep']) chmodSync(join(dir, f), 0o755);
  const loop = spawn('/bin/sh', ['-c', loopOf(`${join(dir, 'tilebar')} feed tmux`)], { env: { PATH: `${dir}:/usr/bin:/bin` }, stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  cleanups.push(() => {
    try {
      process.kill(-(loop.pid as number), 'SIGKILL');
    } catch {
      // Ended already.
    }
  });
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  const sleeps = () => lines().filter((l) => l.startsWith('sleep'));
  await until(() => sleeps().length >= count, () => `the loop to ask for ${count} sleeps: ${lines().join(', ')}`);
  process.kill(-(loop.pid as number), 'SIGKILL');
  return sleeps().slice(0, count);
}

describe.skipIf(process.platform === 'win32')('a thin feed’s loop', () => {
  for (const [name, loopOf] of [['tmux and Polybar', thinLoop], ['i3bar and swaybar', thinLoopWithClicks]] as const) {
    it(`waits 10 s after a feed that failed, and 1 s after one that ended well (${name})`, async () => {
      const failing = await sleepsOf(loopOf, 2, 6);
      // Each failed try: 9 s more, then the loop's second.
      expect(failing).toEqual(['sleep 9', 'sleep 1', 'sleep 9', 'sleep 1', 'sleep 9', 'sleep 1']);
      const ending = await sleepsOf(loopOf, 0, 3);
      expect(ending).toEqual(['sleep 1', 'sleep 1', 'sleep 1']);
    });
  }
});
