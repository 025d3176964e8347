/**
 * The right to start the user's core (src/serve/start-lock.ts), on real files and real processes: of many
 * front ends that try at once exactly one gets it; a lock whose taker is gone, or that is older than the stale
 * age (on the injected clock), or that was never finished and is old, is taken over; a live, young one is not;
 * releasing removes only one's own lock; no bytes whatever in the lock file make taking it throw.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { adoptStartLock, LOCK_STALE_MS, parseLock, takeStartLock, type LockTry } from '../../src/serve/start-lock.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { until } from '../wait.js';
import { tempDir } from './places.js';

const cleanups = cleanupsAfterEach();
const T = 1_790_000_000_000;
const fixed = (ms: number) => () => ms;
const lockIn = () => join(tempDir(cleanups), 'core-01234567.lock');
const holderOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { pid: number; startedMs: number };
const taken = (tried: LockTry) => (tried.taken ? tried.lock : undefined);

/** The pid of a process that has ended. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { env: childEnv(), encoding: 'utf8' });
  return Number(run.stdout);
}

describe.skipIf(process.platform === 'win32')('the start lock', () => {
  it('is taken by exactly one of eight takers at once, made 0600 and naming its holder', async () => {
    const path = lockIn();
    const pids = [101, 102, 103, 104, 105, 106, 107, 108];
    const tries = await Promise.all(pids.map(async (pid) => takeStartLock(path, { now: fixed(T), pid, isGone: () => false })));
    const winners = tries.filter((t) => t.taken);
    expect(winners.length).toBe(1);
    const winner = taken(winners[0]!)!;
    expect(holderOf(path)).toEqual({ pid: winner.pid, startedMs: T });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    for (const t of tries.filter((t) => !t.taken)) expect(t).toEqual({ taken: false, busy: true, holder: { pid: winner.pid, startedMs: T }, why: `pid ${winner.pid} took ${path} 0 ms ago and is starting a core` });
  });

  it('takes over a lock whose taker is gone, and says so', () => {
    const path = lockIn();
    const dead = deadPid();
    writeFileSync(path, JSON.stringify({ pid: dead, startedMs: T }));
    const tried = takeStartLock(path, { now: fixed(T + 1) });
    expect(tried).toEqual({ taken: true, lock: expect.objectContaining({ pid: process.pid, startedMs: T + 1 }), tookOver: `pid ${dead}, which took ${path}, is gone` });
    expect(holderOf(path)).toEqual({ pid: process.pid, startedMs: T + 1 });
  });

  it('leaves a live taker its lock while it is younger than the stale age, and takes it over after (or from the future)', () => {
    const path = lockIn();
    writeFileSync(path, JSON.stringify({ pid: 1, startedMs: T }));
    expect(takeStartLock(path, { now: fixed(T + LOCK_STALE_MS) })).toEqual({ taken: false, busy: true, holder: { pid: 1, startedMs: T }, why: `pid 1 took ${path} ${LOCK_STALE_MS} ms ago and is starting a core` });
    expect(holderOf(path)).toEqual({ pid: 1, startedMs: T });
    const later = takeStartLock(path, { now: fixed(T + LOCK_STALE_MS + 1) });
    expect(later.taken && later.tookOver).toBe(`pid 1 took ${path} 10 s ago, longer than the 10 s a core takes to start`);
    writeFileSync(path, JSON.stringify({ pid: 1, startedMs: T + 60_000 }));
    expect(takeStartLock(path, { now: fixed(T) }).taken).toBe(true);
  });

  it('waits for a lock still being written (empty, or not a lock), and takes it over once its file is older than the stale age', () => {
    const path = lockIn();
    writeFileSync(path, '');
    const written = statSync(path).mtimeMs;
    expect(takeStartLock(path, { now: fixed(written + 1000) })).toEqual({ taken: false, busy: true, why: `${path} is being written, or is not a lock (not JSON)` });
    const later = takeStartLock(path, { now: fixed(written + LOCK_STALE_MS + 1000) });
    expect(later.taken && later.tookOver).toBe(`${path} is not a lock (not JSON) and was last written 11 s ago`);
  });

  it('is released only by its holder: a lock taken over meanwhile stays its new holder\'s', () => {
    const path = lockIn();
    const mine = taken(takeStartLock(path, { now: fixed(T) }))!;
    expect(mine.stillOurs()).toBe(true);
    expect(mine.release()).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(mine.release()).toBe(false);

    const old = taken(takeStartLock(path, { now: fixed(T), pid: 4001, isGone: () => false }))!;
    // Judged stale (its taker hung past the stale age) and taken by another.
    const newer = taken(takeStartLock(path, { now: fixed(T + LOCK_STALE_MS + 1), pid: 4002, isGone: () => false }))!;
    expect(newer).toBeDefined();
    expect(old.stillOurs()).toBe(false);
    expect(old.release()).toBe(false);
    expect(holderOf(path)).toEqual({ pid: 4002, startedMs: T + LOCK_STALE_MS + 1 });
    expect(newer.release()).toBe(true);
  });

  it('is not removed from under a second taker: two that judge one dead lock at once get it once', () => {
    const path = lockIn();
    writeFileSync(path, JSON.stringify({ pid: 4100, startedMs: T }));
    utimesSync(path, new Date(T), new Date(T));
    let second: LockTry | undefined;
    // While the first taker judges the dead lock, the second judges it too, removes it and takes its own.
    const isGone = (pid: number) => {
      if (pid === 4100 && second === undefined) second = takeStartLock(path, { now: fixed(T + 5), pid: 4102, isGone: (p) => p === 4100 });
      return pid === 4100;
    };
    const first = takeStartLock(path, { now: fixed(T + 5), pid: 4101, isGone });
    expect(second?.taken).toBe(true);
    expect(first).toEqual({ taken: false, busy: true, holder: { pid: 4102, startedMs: T + 5 }, why: `pid 4102 took ${path} 0 ms ago and is starting a core` });
    expect(holderOf(path)).toEqual({ pid: 4102, startedMs: T + 5 });
  });

  it('is handed to the core its taker started, which releases it once it listens', () => {
    const path = lockIn();
    taken(takeStartLock(path, { now: fixed(T), pid: 4200, isGone: () => false }));
    expect(adoptStartLock(path, 4201)).toBeUndefined();
    const adopted = adoptStartLock(path, 4200)!;
    expect(adopted.stillOurs()).toBe(true);
    expect(adopted.release()).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('says why it cannot be taken at all (no directory): not busy, so no core is waited for', () => {
    const path = join(tempDir(cleanups), 'gone', 'core.lock');
    const tried = takeStartLock(path, { now: fixed(T) });
    expect(tried.taken === false && tried.busy).toBe(false);
    expect(!tried.taken && tried.why).toContain('ENOENT');
  });

  it('never throws for any bytes in the lock file', () => {
    const path = lockIn();
    const lockish = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.json().map((t) => Buffer.from(t)),
      fc.record({ pid: fc.anything(), startedMs: fc.anything() }, { requiredKeys: [] }).map((o) => Buffer.from(JSON.stringify(o) ?? '')),
      fc.uint8Array({ minLength: 4097, maxLength: 5000 }),
    );
    fc.assert(
      fc.property(lockish, fc.integer({ min: 0, max: 2 * LOCK_STALE_MS }), (bytes, after) => {
        writeFileSync(path, bytes);
        const parsed = parseLock(bytes);
        expect('why' in parsed || (Number.isInteger(parsed.pid) && parsed.pid > 0)).toBe(true);
        const tried = takeStartLock(path, { now: fixed(Date.now() + after), isGone: () => false });
        expect(tried.taken || tried.why.length > 0).toBe(true);
        if (tried.taken) tried.lock.release();
        if (existsSync(path)) unlinkSync(path);
      }),
      { numRuns: 300 },
    );
  });
});

describe.skipIf(process.platform === 'win32')('the start lock between processes', () => {
  let taker = '';
  beforeAll(async () => {
    // Kept for every test of the file (its temp directory goes when the file is done: test/setup/temp-dir.ts).
    taker = join(tempDir([]), 'lock-taker.mjs');
    await build({ entryPoints: [join(import.meta.dirname, 'lock-taker.ts')], outfile: taker, bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
  });

  /** The lines a child wrote so far. */
  function linesOf(child: ChildProcessWithoutNullStreams): () => string[] {
    let text = '';
    child.stdout.on('data', (d) => (text += String(d)));
    return () => text.split('\n').filter((l) => l !== '');
  }

  it('goes to exactly one of eight processes racing for it, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      const path = lockIn();
      const children = Array.from({ length: 8 }, () => spawn(process.execPath, [taker, path], { env: childEnv() }));
      const ended = children.map((c) => new Promise((done) => c.once('exit', done)));
      cleanups.push(() => {
        for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
        return Promise.all(ended);
      });
      const lines = children.map(linesOf);
      await until(() => lines.every((l) => l().includes('ready')), 'every taker ready');
      for (const c of children) c.stdin.write('go\n');
      await until(() => lines.every((l) => l().length === 2), 'every taker to say whether it took the lock');
      const results = lines.map((l) => JSON.parse(l()[1]!) as { pid: number; taken: boolean });
      const winners = results.filter((r) => r.taken);
      expect(winners.length, `round ${round}: ${JSON.stringify(results)}`).toBe(1);
      expect(holderOf(path).pid).toBe(winners[0]!.pid);
      for (const c of children) c.stdin.end();
      await Promise.all(ended);
    }
  });
});
