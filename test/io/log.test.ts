/**
 * The bar's log when several tilebar processes share it (issue 31): two bars, or a bar and a feed, write one
 * file. A rotation is decided on the file's real size, one process rotates a given file, and no rotation throws
 * away lines that were never rotated: the old file `.1` is always a whole one (more than `MAX_LOG_BYTES`), never
 * the few hundred bytes a second process had just written. The writers of the last test are real processes
 * running the built module (`npm run build` first), since the race is between processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOG_BYTES, fileLog } from '../../src/io/log.js';
import { until } from '../wait.js';

const dirs: string[] = [];
const writersRunning = new Set<ChildProcess>();
afterEach(() => {
  for (const c of writersRunning) c.kill();
  writersRunning.clear();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'tilebar-log-'));
  dirs.push(d);
  return d;
};

const NOW = new Date('2025-03-01T12:00:00.000Z');
const clock = () => NOW;
const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
/** A line of `n` bytes (an entry adds its time stamp and a newline). */
const filler = (n: number) => 'f'.repeat(n);

describe.skipIf(process.platform === 'win32')('the log shared by several processes', () => {
  it('rotates on the real size: a file another process grew past the limit is rotated at this one’s next write', () => {
    const path = join(fresh(), 'tilebar.log');
    const log = fileLog(path, { now: clock });
    log('bar started');
    // Another tilebar writes the file past the limit; this one has counted only its own few bytes.
    appendFileSync(path, `${filler(100)}\n`.repeat(Math.ceil(MAX_LOG_BYTES / 100) + 10));
    const grown = size(path);
    log('config reloaded');
    expect(size(`${path}.1`)).toBe(grown);
    expect(readFileSync(path, 'utf8')).toBe(`${NOW.toISOString()} config reloaded\n`);
  });

  it('rotates a file already past the limit on the first write', () => {
    const path = join(fresh(), 'tilebar.log');
    writeFileSync(path, `${filler(100)}\n`.repeat(Math.ceil(MAX_LOG_BYTES / 100) + 10), { mode: 0o600 });
    fileLog(path, { now: clock })('bar started');
    expect(size(`${path}.1`)).toBeGreaterThan(MAX_LOG_BYTES);
    expect(readFileSync(path, 'utf8')).toBe(`${NOW.toISOString()} bar started\n`);
  });

  it('a second process never rotates the file the first one has just started, so the old file keeps its megabyte', () => {
    const path = join(fresh(), 'tilebar.log');
    const bar = fileLog(path, { now: clock });
    const feed = fileLog(path, { now: clock });
    // The bar writes a megabyte and more; the feed's first write rotates it, as it should.
    for (let i = 0; size(path) <= MAX_LOG_BYTES; i++) bar(`bar ${i} ${filler(200)}`);
    feed('feed started');
    expect(size(`${path}.1`)).toBeGreaterThan(MAX_LOG_BYTES);
    // The bar has counted a megabyte of its own: its next entry must not rotate the feed's one line over it.
    bar('bar still here');
    expect(size(`${path}.1`)).toBeGreaterThan(MAX_LOG_BYTES);
    expect(readFileSync(`${path}.1`, 'utf8')).toMatch(/^\S+ bar 0 f+\n/);
    expect(readFileSync(path, 'utf8')).toBe(`${NOW.toISOString()} feed started\n${NOW.toISOString()} bar still here\n`);
  });

  it('leaves the rotation to a process holding the lock, and takes over a lock whose holder died long ago', () => {
    const path = join(fresh(), 'tilebar.log');
    const lock = `${path}.lock`;
    writeFileSync(path, `${filler(100)}\n`.repeat(Math.ceil(MAX_LOG_BYTES / 100) + 10), { mode: 0o600 });
    const grown = size(path);
    // Another process is rotating right now (its lock is fresh by this process's clock): the entry is appended.
    writeFileSync(lock, '4242\n', { mode: 0o600 });
    utimesSync(lock, NOW, NOW);
    fileLog(path, { now: clock })('while another rotates');
    expect(existsSync(`${path}.1`)).toBe(false);
    expect(size(path)).toBeGreaterThan(grown);
    expect(existsSync(lock)).toBe(true);
    // Its holder died a minute ago without removing it: the lock is taken over, the file rotated, the lock gone.
    const longAgo = new Date(NOW.getTime() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    fileLog(path, { now: clock })('after the holder died');
    expect(size(`${path}.1`)).toBeGreaterThan(MAX_LOG_BYTES);
    expect(readFileSync(path, 'utf8')).toBe(`${NOW.toISOString()} after the holder died\n`);
    expect(existsSync(lock)).toBe(false);
  });
});

/**
 * A writer: a separate Node process that logs numbered lines through the built log.ts. Each line of its stdin is
 * a number of bytes to write; it answers each with the count of lines written so far (its first line is
 * written when it starts).
 */
const WRITER = `
  const [modulePath, logPath, name] = process.argv.slice(1);
  const { fileLog } = await import(modulePath);
  const { createInterface } = await import('node:readline');
  const log = fileLog(logPath);
  let n = 0;
  const next = () => {
    const line = name + ' ' + String(n++).padStart(7, '0') + ' ' + 'x'.repeat(40);
    log(line);
    return line.length + 26;
  };
  createInterface({ input: process.stdin }).on('line', (bytes) => {
    for (let written = 0; written < Number(bytes); ) written += next();
    process.stdout.write('wrote ' + n + '\\n');
  });
  next();
  process.stdout.write('ready\\n');
`;

interface Writer {
  readonly name: string;
  /** Write `bytes` more; resolves with the number of lines written so far. */
  write(bytes: number): Promise<number>;
  end(): Promise<void>;
}

async function startWriter(logPath: string, name: string): Promise<Writer> {
  const modulePath = pathToFileURL(join(process.cwd(), 'dist/src/io/log.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, modulePath, logPath, name], { stdio: ['pipe', 'pipe', 'inherit'] });
  writersRunning.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => child.on('exit', () => resolve(void writersRunning.delete(child))));
  await until(() => out.includes('ready\n') || child.exitCode !== null, `${name} to start`);
  let answers = 0;
  return {
    name,
    async write(bytes) {
      child.stdin.write(`${bytes}\n`);
      answers++;
      await until(() => (out.match(/wrote \d+\n/g) ?? []).length >= answers || child.exitCode !== null, `${name} to write`);
      const all = [...out.matchAll(/wrote (\d+)\n/g)];
      if (all.length < answers) throw new Error(`${name} ended early: ${out}`);
      return Number(all[answers - 1]?.[1]);
    },
    end() {
      child.stdin.end();
      return ended;
    },
  };
}

/** Where `numbers` stops running one by one up to `last`, in words; undefined when it does not. */
function firstGap(numbers: readonly number[], last: number): string | undefined {
  const at = numbers.findIndex((n, k) => k > 0 && n !== (numbers[k - 1] ?? 0) + 1);
  if (at >= 0) return `line ${numbers[at - 1]} is followed by ${numbers[at]}`;
  const end = numbers.at(-1);
  return end === last ? undefined : `the last line kept is ${end}, the last written ${last}`;
}

const LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (w[12]) (\d{7}) x{40}$/;

describe.skipIf(process.platform === 'win32')('two processes writing one log at once', () => {
  it('keep every line whole, and rotation never throws away a line that was not rotated yet', async () => {
    const path = join(fresh(), 'tilebar.log');
    // Started one after the other, each having written its first line, so each has its own count from the start.
    const writers = [await startWriter(path, 'w1'), await startWriter(path, 'w2')];
    // Each writes 2 MiB in two steps of a megabyte, both at once in each step. Processes that counted their own
    // bytes (issue 31) would both rotate at the first entry of the second step, a few lines apart, and the second
    // rotation would put those few lines in place of the first one's megabyte.
    const steps = [MAX_LOG_BYTES, MAX_LOG_BYTES];
    let counts: number[] = [];
    for (const bytes of steps) counts = await Promise.all(writers.map((w) => w.write(bytes)));
    await Promise.all(writers.map((w) => w.end()));

    // 4 MiB written, one old file of about 1 MiB kept: the oldest whole files are dropped, as the bound says.
    const old = existsSync(`${path}.1`) ? readFileSync(`${path}.1`, 'utf8') : '';
    const current = readFileSync(path, 'utf8');
    expect(old.length, 'the old file is a whole one, not what another process had just started').toBeGreaterThan(MAX_LOG_BYTES);
    expect(old.length + current.length).toBeGreaterThanOrEqual(MAX_LOG_BYTES);
    const kept = `${old}${current}`.split('\n');
    expect(kept.pop()).toBe('');
    const seen = new Map<string, number[]>([['w1', []], ['w2', []]]);
    for (const line of kept) {
      const m = LINE.exec(line);
      expect(m, `a torn or interleaved line: ${JSON.stringify(line.slice(0, 120))}`).not.toBeNull();
      seen.get(m?.[1] ?? '')?.push(Number(m?.[2]));
    }
    writers.forEach((w, i) => {
      const numbers = seen.get(w.name) ?? [];
      const last = (counts[i] ?? 0) - 1;
      // Whatever is kept of a writer runs without a gap from its first kept line to the last it wrote.
      expect(firstGap(numbers, last), `${w.name}'s lines kept (${numbers.length} of ${last + 1})`).toBeUndefined();
    });
  });
});
