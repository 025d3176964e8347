/**
 * A host that stops reading (frozen, its pipe full) is owed only the newest line: in process, each feed writes to
 * a real named pipe that the test leaves unread while the bar's clock runs through thousands of seconds (a line
 * each), and what the feed queues reaches its own bound (HOST_QUEUE_BYTES: ours, not Node's high-water mark, which
 * differs between Node's lines) and stays below it and one line; once the test reads the pipe, the host gets the
 * line of the clock's last second — for i3bar, inside a protocol that still parses: the header, `[`, complete
 * status lines.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import { HOST_QUEUE_BYTES } from '../../src/feeds/newest-line-writer.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { readAvailable } from './pipe-read.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const cleanups = cleanupsAfterEach();

/** Seconds of the clock while the host reads nothing: each a line of a kilobyte or more, megabytes in all. */
const STALLED_SECONDS = 2_000;

/** Ten items (a long line) and a clock showing seconds: a new line every second. */
const config = {
  left_widgets: [{ Applications: { enable: true, display: 'Text', items: Array.from({ length: 10 }, (_, i) => ({ name: `Application number ${i}`, command: 'true' })) } }],
  right_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }],
};

/** A named pipe: its write end as a feed's stdout (a socket over it, as Node makes stdout), its read end ours. */
async function namedPipe(dir: string) {
  const path = join(dir, 'host.fifo');
  execFileSync('mkfifo', ['-m', '600', path]);
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const out = new Socket({ fd: openSync(path, constants.O_WRONLY), readable: false, writable: true });
  let read = '';
  /** Everything the host has read so far, after reading what is in the pipe now. */
  const readNow = () => (read += readAvailable(readFd));
  cleanups.push(() => {
    out.destroy();
    closeSync(readFd);
  });
  return { out, readNow };
}

const clockOf = (timers: FakeTimers) => new Date(timers.wallNow()).toISOString().slice(11, 19);
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';
/** The longest line in `text`, in bytes with its newline. */
const longestLine = (text: string) => Math.max(...text.split('\n').map((l) => Buffer.byteLength(l) + 1));

describe.each(['tmux', 'polybar', 'i3bar'] as const)('a stalled host (feed %s)', (host) => {
  it('costs a bounded queue, and gets the newest line once it reads again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-stall-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeBarConfig(dir, config);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC', XDG_RUNTIME_DIR: dir }), cwd: dir, isTTY: false, platform: 'linux' };
    const { out, readNow } = await namedPipe(dir);
    const timers = new FakeTimers();
    // Fake time, and a turn of the event loop after each step: the live core does real I/O between ticks.
    const tick = async (ms: number) => {
      await timers.advance(ms);
      await new Promise((r) => setImmediate(r));
    };
    const stop = new AbortController();
    const done = feedCommand(host, { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: new PassThrough(), readers: {}, timers, stop: stop.signal, log: () => undefined });
    cleanups.push(() => done);
    cleanups.push(() => stop.abort());

    // The bar runs, and its clock reaches the host (half-way through each second: its line is out by then).
    await eventually(async () => {
      await tick(500);
      expect(lastLine(readNow())).toContain(clockOf(timers));
    });
    // The host stops reading; the clock goes on for STALLED_SECONDS.
    for (let i = 0; i < STALLED_SECONDS; i++) await tick(1000);
    // The feed filled its queue up to its bound, and then held the newest line instead of queueing more.
    const queued = out.writableLength;
    expect(queued).toBeGreaterThanOrEqual(HOST_QUEUE_BYTES);

    // It reads again: what it gets ends with the line of the clock's second now (the bar's newest line). Time
    // moves on a little while it reads: the live core's last steps may wait on real I/O, then on its timers.
    await eventually(async () => {
      await tick(10);
      expect(lastLine(readNow())).toContain(clockOf(timers));
    });
    const newest = clockOf(timers);
    // At most one line went in after the queue reached the bound (a line is far smaller than the bound).
    expect(queued).toBeLessThan(HOST_QUEUE_BYTES + longestLine(readNow()));
    if (host === 'i3bar') {
      const [header, ...rest] = readNow().split('\n');
      expect(JSON.parse(header ?? '')).toMatchObject({ version: 1, click_events: true });
      // The endless array, closed here: valid JSON only if `[` opened it and each line is a whole element.
      const lines = JSON.parse(`${rest.join('\n')}]`) as unknown[][];
      expect(JSON.stringify(lines.at(-1))).toContain(newest);
    }
  });
});
