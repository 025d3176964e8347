/**
 * A feed whose bar changes once a minute does its work on the bar's heartbeat and nowhere else: in process, on fake
 * timers, `tilebar feed i3bar` of an item and a clock of minutes writes one status line when the minute turns and
 * none between; the timers it runs in a minute are the heartbeat's, one a second — its look at its host (a blank
 * line, at a heartbeat with nothing written since the one before) and at its parent ride on those — and one
 * safety look at its config file, which its watch sees (no stat poll every 2 s).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SAFETY_POLL_MS } from '../../src/bar/config-file.js';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const cleanups = cleanupsAfterEach();

/** An item and a clock of hours and minutes: a new line once a minute. */
const config = {
  left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Quiet', command: 'true' }] } }],
  right_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M' } } }],
};

describe.skipIf(process.platform !== 'linux')('a quiet feed (i3bar, a clock of minutes)', () => {
  it('writes one status line a minute, and wakes for nothing but its heartbeat and a look at its config a minute', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-quiet-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeBarConfig(dir, config);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: false, platform: 'linux' };
    // Half a minute past 09:00: the clock shows 09:00 at first, 09:01 thirty seconds later.
    const timers = new FakeTimers(Date.UTC(2026, 10, 21, 9, 0, 30));
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const stop = new AbortController();
    const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: new PassThrough(), readers: {}, timers, stop: stop.signal, log: () => undefined });
    cleanups.push(() => done);
    cleanups.push(() => stop.abort());
    const statusLines = () => text.split('\n').filter((l) => l.includes('full_text'));
    await eventually(() => expect(statusLines()).toHaveLength(1));
    expect(statusLines()[0]).toContain('09:00');
    // Started: its first look at the config is done, and the heartbeat runs.
    await eventually(async () => {
      await timers.advance(0);
      expect(timers.pending()).toBeGreaterThan(0);
    });

    const wakesBefore = timers.wakes.length;
    for (let s = 0; s < 60; s++) await timers.advance(1000);
    const wakes = timers.wakes.slice(wakesBefore);

    expect(statusLines()).toHaveLength(2);
    expect(statusLines()[1]).toContain('09:01');
    // The heartbeat, every second, on the second; and the config's safety look, once.
    const heartbeats = wakes.filter((ms) => ms <= 1000);
    expect(heartbeats.length).toBeGreaterThanOrEqual(59);
    expect(heartbeats.length).toBeLessThanOrEqual(61);
    expect(wakes.filter((ms) => ms > 1000)).toEqual([SAFETY_POLL_MS]);
    // Its host was looked at on them: blank lines (whitespace in i3bar's array), never a status line again.
    expect(text.split('\n').filter((l) => l === '').length).toBeGreaterThanOrEqual(20);
  });
});
