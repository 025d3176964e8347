/**
 * The long-lived Windows helpers' common part (src/system/windows/line-helper.ts), over a fake helper process
 * (a Linux node script) and fake timers: a helper that keeps dying is started again less and less often (5 s
 * doubling up to 5 min), sooner again once it has answered well, and said once in the log; floods and
 * over-long lines are dropped whole; closing kills it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lineHelper, lineSplitter, restartDelay, MAX_HELPER_LINE, MOST_RESTART_MS, type LineHelper, type SpawnHelper } from '../../src/system/windows/line-helper.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';

const FAKE = join(import.meta.dirname, 'fake-line-helper.mjs');
let helper: LineHelper | undefined;
afterEach(() => helper?.close());

/** Runs the fake helper whatever command is asked for, counting the starts. */
function fakeSpawn(...args: string[]): SpawnHelper & { starts: number } {
  const f = Object.assign(() => {
    f.starts += 1;
    return spawn(process.execPath, [FAKE, ...args], { stdio: 'pipe', cwd: process.env.TMPDIR });
  }, { starts: 0 });
  return f;
}

describe('a long-lived helper', () => {
  it('that keeps exiting is started again after 5, 10, 20 … s up to 5 min, said once in the log', async () => {
    const timers = new FakeTimers();
    const logs: string[] = [];
    const ends: string[] = [];
    const spawnFake = fakeSpawn('exit', '3');
    helper = lineHelper({ name: 'test: the helper', command: { file: 'powershell.exe', args: [] }, timers, log: (m) => logs.push(m), onLine: () => undefined, onEnd: (why) => ends.push(why), keepRunning: true, spawn: spawnFake });
    const waits: number[] = [];
    for (let n = 1; n <= 9; n++) {
      await eventually(() => expect(ends).toHaveLength(n));
      const before = spawnFake.starts;
      let waited = 0;
      while (spawnFake.starts === before) {
        await timers.advance(1000);
        waited += 1000;
      }
      waits.push(waited / 1000);
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300]);
    expect(logs).toEqual(['test: the helper exited (3); starting it again in 5 s, then less often while it keeps failing (at most every 5 min)']);
  });

  it('that answered well before it died is started again after the shortest wait', async () => {
    const timers = new FakeTimers();
    const ends: string[] = [];
    const spawnFake = fakeSpawn('say-exit', '4');
    const lines: string[] = [];
    helper = lineHelper({
      name: 'test: the helper', command: { file: 'x', args: [] }, timers, log: () => undefined, keepRunning: true, spawn: spawnFake,
      onLine: (line) => {
        lines.push(line);
        helper?.answered();
      },
      onEnd: (why) => ends.push(why),
    });
    for (let n = 1; n <= 4; n++) {
      await eventually(() => expect(ends).toHaveLength(n));
      await timers.advance(restartDelay(1));
      await eventually(() => expect(spawnFake.starts).toBe(n + 1));
    }
    expect(lines.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('asked per request is started again only by a request after its back-off, never by a timer', async () => {
    const timers = new FakeTimers();
    const logs: string[] = [];
    const ends: string[] = [];
    const spawnFake = fakeSpawn('exit', '1');
    helper = lineHelper({ name: 'test: the helper', command: { file: 'x', args: [] }, timers, log: (m) => logs.push(m), onLine: () => undefined, onEnd: (why) => ends.push(why), keepRunning: false, spawn: spawnFake });
    expect(spawnFake.starts).toBe(0);
    expect(helper.ensure()).toBe(true);
    await eventually(() => expect(ends).toHaveLength(1));
    // A poll a second for a minute: one more start (at 5 s), then one at 15 s, 35 s…
    for (let s = 0; s < 60; s++) {
      await timers.advance(1000);
      helper.ensure();
      await eventually(() => expect(ends).toHaveLength(spawnFake.starts));
    }
    expect(spawnFake.starts).toBe(4);
    expect(timers.pending()).toBe(0);
    expect(logs).toHaveLength(1);
  });

  it('drops a flood (a line over the bound) whole and reads the next line', async () => {
    const timers = new FakeTimers();
    const lines: string[] = [];
    helper = lineHelper({ name: 'test', command: { file: 'x', args: [] }, timers, log: () => undefined, onLine: (l) => lines.push(l), keepRunning: true, spawn: fakeSpawn('flood') });
    await eventually(() => expect(lines).toEqual(['good']));
  });

  it('splits lines across chunks and drops the over-long whole, even in pieces', () => {
    const lines: string[] = [];
    const feed = lineSplitter((l) => lines.push(l));
    feed('one\r\ntw');
    feed('o\n');
    feed('y'.repeat(MAX_HELPER_LINE + 1));
    feed('yyy\nthree\n');
    feed(`${'z'.repeat(MAX_HELPER_LINE + 1)}\nfour\n`);
    expect(lines).toEqual(['one', 'two', 'three', 'four']);
  });

  it('a helper that cannot be started is said once and tried again after the back-off', async () => {
    const timers = new FakeTimers();
    const logs: string[] = [];
    helper = lineHelper({ name: 'test: the helper', command: { file: '/nonexistent/powershell.exe', args: [] }, timers, log: (m) => logs.push(m), onLine: () => undefined, keepRunning: true });
    await eventually(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toMatch(/^test: the helper .*ENOENT.*; starting it again in 5 s/);
    await timers.advance(5000);
    await timers.advance(10_000);
    expect(logs).toHaveLength(1);
    expect(restartDelay(100)).toBe(MOST_RESTART_MS);
  });

  it('is killed when closed', async () => {
    const timers = new FakeTimers();
    const pidFile = join(process.env.TMPDIR ?? '/tmp', `helper-${process.pid}.pid`);
    helper = lineHelper({ name: 'test', command: { file: 'x', args: [] }, timers, log: () => undefined, onLine: () => undefined, keepRunning: true, spawn: fakeSpawn('pid', pidFile) });
    // Read only once written whole: a file made but not yet written reads '', which Number() takes for pid 0 —
    // and kill(0, 0) asks about this whole process group, which is always there (it failed so with both cores busy).
    const pid = await eventually(() => {
      const written = Number(readFileSync(pidFile, 'utf8'));
      expect(Number.isSafeInteger(written) && written > 0, `pid file holds "${written}"`).toBe(true);
      return written;
    });
    helper.close();
    await eventually(() => expect(() => process.kill(pid, 0)).toThrow());
    expect(timers.pending()).toBe(0);
  });
});
