/**
 * The core's side of thin feeds (src/serve/thin-feeds.ts) over real named pipes and real readers (`cat`): the host's
 * lines reach the reader, a pipe nobody opens is given up and removed, a reader that goes ends the feed and frees its
 * bar, a `cat` left waiting by a dead core is woken, and nothing planted at a pipe's name is written or followed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FrontEndView } from '../../src/app/store.js';
import type { FeedHost } from '../../src/feeds/hosts.js';
import { makeFifoSync } from '../../src/io/fifo.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { FIRST_LINE_WAIT_MS, MOST_THIN, READER_WITHIN_MS, removeDeadThinPipes, ThinFeeds, type ThinBar } from '../../src/serve/thin-feeds.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { until } from '../wait.js';

const cleanups = cleanupsAfterEach();

/** A host whose feed writes the words it is given, a line each, and says when it stops. */
function echoHost(lines: PassThrough, stopped: string[]): FeedHost {
  return {
    name: 'echo',
    clicksOnStdin: false,
    thin: true,
    help: '',
    printConfig: () => '',
    start: (c) => {
      const onLine = (b: Buffer) => c.out.write(b);
      lines.on('data', onLine);
      return { stop: () => (lines.off('data', onLine), stopped.push('stopped')) };
    },
  };
}

interface Rig {
  dir: string;
  thin: ThinFeeds;
  released: string[];
  log: string[];
  lines: PassThrough;
  stopped: string[];
}

/** `answered`: the bar's sources have answered once (ThinBar.answered); absent, the bar has no such word. */
async function rig(timers = realTimers, pid = process.pid, makeFifo?: (path: string) => Promise<void>, more: { answered?: () => boolean; listeners?: Set<() => void> } = {}): Promise<Rig> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-thin-feeds-'));
  mkdirSync(join(dir, 'run'), { mode: 0o700 });
  const released: string[] = [];
  const log: string[] = [];
  const lines = new PassThrough();
  const stopped: string[] = [];
  const bar: ThinBar = {
    view: {
      subscribe: (listener: () => void) => (more.listeners?.add(listener), () => void more.listeners?.delete(listener)),
      close: () => released.push('view'),
    } as unknown as FrontEndView,
    config: '/bar.json',
    label: 'bar.json',
    monitor: () => 0,
    ticks: () => () => undefined,
    ...(more.answered ? { answered: more.answered } : {}),
    release: () => released.push('bar'),
  };
  const thin = new ThinFeeds({
    runtime: { ok: true, path: join(dir, 'run') },
    hosts: [echoHost(lines, stopped)],
    platform: process.platform,
    openBar: async () => ({ ok: true, bar }),
    timers,
    log: (line) => log.push(line),
    version: 'test',
    tilerOptions: { exists: () => false, resolvePath: (p) => p },
    pid,
    ...(makeFifo ? { makeFifo } : {}),
  });
  cleanups.push(async () => {
    thin.close('test over');
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, thin, released, log, lines, stopped };
}

/** `cat` of a pipe, what it read so far, and whether it ended. */
function reader(path: string): { child: ChildProcess; out(): string; ended: () => boolean } {
  const child = spawn('cat', [path], { env: childEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  let ended = false;
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.once('exit', () => (ended = true));
  cleanups.push(() => void child.kill('SIGKILL'));
  return { child, out: () => out, ended: () => ended };
}

/** Whether a process waits in an open (of a FIFO without a writer): what Linux's /proc says it waits in. */
function blockedInOpen(pid: number | undefined): boolean {
  const read = (what: string) => {
    try {
      return readFileSync(`/proc/${pid}/${what}`, 'utf8');
    } catch {
      return '';
    }
  };
  // x86-64's openat is 257, arm64's 56.
  return read('wchan') === 'wait_for_partner' || /^(257|56) /.test(read('syscall'));
}

describe.skipIf(process.platform === 'win32')('thin feeds: the core writes a host’s lines into a pipe its own cat reads', () => {
  it('writes the lines to the pipe’s reader; the reader gone, the feed stops, its bar is let go and its pipe removed', async () => {
    const r = await rig();
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 4242 });
    if (!opened.ok) throw new Error(opened.why);
    expect(opened.pipe).toBe(join(r.dir, 'run', `thin-${process.pid}-1.pipe`));
    expect(r.thin.frontEnds()).toEqual([{ id: -1, role: { kind: 'feed', host: 'echo', pipe: { icons: 'ascii', reader: 4242 } }, pid: 4242, config: '/bar.json', monitor: 0 }]);
    const cat = reader(opened.pipe);
    await until(() => r.log.some((l) => l.includes('thin feed echo (read by pid 4242) shows')), 'the feed to start once cat reads');
    r.lines.write('one\n');
    await until(() => cat.out() === 'one\n', () => `cat to read the line: ${JSON.stringify(cat.out())}`);
    cat.child.kill('SIGKILL');
    await until(() => cat.ended(), 'cat to end');
    // The next line finds nobody reading (EPIPE): the feed closes.
    r.lines.write('two\n');
    await until(() => r.thin.count === 0, 'the feed to close');
    expect(r.stopped).toEqual(['stopped']);
    expect(r.released).toEqual(['view', 'bar']);
    expect(existsSync(opened.pipe)).toBe(false);
    expect(r.log.at(-1)).toMatch(/closed: its host left/);
  });

  it('gives a pipe nobody opens up after READER_WITHIN_MS, removing it and letting its bar go', async () => {
    const timers = new FakeTimers();
    const r = await rig(timers);
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    if (!opened.ok) throw new Error(opened.why);
    await timers.advance(READER_WITHIN_MS - 100);
    expect(r.thin.count).toBe(1);
    expect(existsSync(opened.pipe)).toBe(true);
    await timers.advance(200);
    expect(r.thin.count).toBe(0);
    expect(existsSync(opened.pipe)).toBe(false);
    expect(r.released).toEqual(['view', 'bar']);
    expect(r.log.at(-1)).toMatch(/nothing opened its pipe within 10 s/);
  });

  // A new core's bar has read nothing yet: its host goes on showing the line it read last (the last core's).
  it('writes the first line once the bar’s sources have answered once', async () => {
    let answered = false;
    const listeners = new Set<() => void>();
    const r = await rig(realTimers, process.pid, undefined, { answered: () => answered, listeners });
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    if (!opened.ok) throw new Error(opened.why);
    const cat = reader(opened.pipe);
    // Its reader came, and the feed waits, listening to its bar: nothing started, nothing written.
    await until(() => listeners.size === 1, 'the feed to wait for its bar’s readings');
    expect(r.log.some((l) => l.includes('shows'))).toBe(false);
    // A change with still a source to answer: it waits on.
    for (const l of listeners) l();
    expect(listeners.size).toBe(1);
    answered = true;
    for (const l of [...listeners]) l();
    await until(() => r.log.some((l) => l.includes('shows')), 'the feed to start');
    expect(listeners.size).toBe(0);
    r.lines.write('first\n');
    await until(() => cat.out() === 'first\n', () => `cat to read the line: ${JSON.stringify(cat.out())}`);
  });

  it('writes the first line after FIRST_LINE_WAIT_MS when a source has not answered by then', async () => {
    const timers = new FakeTimers();
    const listeners = new Set<() => void>();
    const r = await rig(timers, process.pid, undefined, { answered: () => false, listeners });
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    if (!opened.ok) throw new Error(opened.why);
    reader(opened.pipe);
    // The pipe is tried every 50 ms (on the test's clock) until cat has opened it.
    await until(async () => (await timers.advance(50), listeners.size === 1), 'the feed to wait for its bar’s readings');
    await timers.advance(FIRST_LINE_WAIT_MS - 1);
    expect(r.log.some((l) => l.includes('shows'))).toBe(false);
    await timers.advance(1);
    await until(() => r.log.some((l) => l.includes('shows')), 'the feed to start');
    expect(listeners.size).toBe(0);
  });

  it('closing (the core stops) ends every reader’s cat, so its loop attaches again', async () => {
    const r = await rig();
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    if (!opened.ok) throw new Error(opened.why);
    const cat = reader(opened.pipe);
    await until(() => r.thin.count === 1 && r.log.some((l) => l.includes('shows')), 'the feed to start');
    r.thin.close('the core is stopping');
    await until(() => cat.ended(), 'cat to read the end');
    expect(existsSync(opened.pipe)).toBe(false);
    expect((await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 })).ok).toBe(false);
  });

  it('a core stopping while its reader is stopped (a hidden i3bar stops its loop) finishes the line it began before the reader reads the end', async () => {
    const r = await rig();
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    if (!opened.ok) throw new Error(opened.why);
    const cat = reader(opened.pipe);
    await until(() => r.log.some((l) => l.includes('shows')), 'the feed to start');
    cat.child.kill('SIGSTOP');
    // Longer than the pipe holds: the pipe takes its start, the rest waits for the reader.
    const line = `${'x'.repeat(1024 * 1024)}\n`;
    r.lines.write(line);
    r.thin.close('the core is stopping');
    cat.child.kill('SIGCONT');
    await until(() => cat.ended(), 'cat to read the end');
    // A line cut short would be followed by the next core's first: for i3bar, JSON it cannot parse again, for good.
    expect(cat.out().length).toBe(line.length);
    expect(cat.out().endsWith('\n')).toBe(true);
    expect(existsSync(opened.pipe)).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')('wakes a cat a dead core left waiting in its open, and removes that core’s pipes (not a live one’s)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-thin-dead-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // A pid that is gone: a process that ran and ended.
    const dead = spawnSync('/bin/sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim();
    const stale = join(dir, `thin-${dead}-3.pipe`);
    const live = join(dir, `thin-${process.pid}-1.pipe`);
    makeFifoSync(stale);
    makeFifoSync(live);
    const waiting = reader(stale);
    // cat blocks in its open (Linux: the kernel's fifo wait, or the open call itself): no writer will ever come.
    await until(() => blockedInOpen(waiting.child.pid), 'cat to wait in its open of the pipe');
    expect(waiting.ended()).toBe(false);
    removeDeadThinPipes(dir);
    await until(() => waiting.ended(), 'the waiting cat to be woken');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('refuses a pipe’s name where something was planted, and neither follows nor removes it', async () => {
    const r = await rig(realTimers, 777_777);
    const target = join(r.dir, 'target');
    writeFileSync(target, 'mine');
    const planted = join(r.dir, 'run', 'thin-777777-1.pipe');
    symlinkSync(target, planted);
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    expect(opened).toMatchObject({ ok: false, why: expect.stringMatching(/its pipe could not be made/) });
    expect(readlinkSync(planted)).toBe(target);
    expect(r.released).toEqual([]);
    expect(r.thin.count).toBe(0);
  });

  it('counts no feed whose pipe is refused at once (not a pipe where one was just made), and lets its bar go', async () => {
    const r = await rig(realTimers, process.pid, async (path) => writeFileSync(path, ''));
    const opened = await r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 });
    expect(opened).toEqual({ ok: false, why: 'its pipe was refused (see the core’s log)' });
    expect(r.thin.count).toBe(0);
    expect(r.thin.frontEnds()).toEqual([]);
    expect(r.released).toEqual(['view', 'bar']);
    expect(r.log.at(-1)).toMatch(/its pipe is refused: something other than a pipe is in its place/);
  });

  it(`makes at most MOST_THIN pipes, those asked for at once included`, async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const r = await rig(realTimers, process.pid, async (path) => {
      await gate;
      makeFifoSync(path);
    });
    const asks = Array.from({ length: MOST_THIN + 3 }, () => r.thin.open({}, 'echo', { icons: 'ascii', reader: 1 }));
    open();
    const answers = await Promise.all(asks);
    expect(answers.filter((a) => a.ok)).toHaveLength(MOST_THIN);
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.why))).toEqual(Array(3).fill(`the core feeds ${MOST_THIN} thin feeds already`));
    expect(r.thin.count).toBe(MOST_THIN);
  });

  it('refuses hosts without a thin feed', async () => {
    const r = await rig();
    expect(await r.thin.open({}, 'polybar', { icons: 'ascii', reader: 1 })).toEqual({ ok: false, why: 'polybar has no thin feed' });
  });
});
