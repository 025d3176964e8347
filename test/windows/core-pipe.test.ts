/**
 * The user's core on Windows (issue 44), under the Windows build of Node (Wine, process.platform 'win32'): tmux
 * feeds attach to one core that the first of them started, over a named pipe whose name is random and published in
 * `%LOCALAPPDATA%\tilebar\run`. What a user would notice, and what another program on the machine cannot do:
 * - two front ends, one core, which outlives the front end that started it and ends 10 s after the last one left;
 * - a pipe made first by another program and named in a planted info file (with a key that is not the core's) is
 *   not attached to: it cannot prove the key, and the front end starts a real core on a fresh name;
 * - a program that opens the core's pipe for reading only (what the pipe's default DACL lets anyone do) gets
 *   nothing and is dropped, while the front end goes on;
 * - the core killed, the front ends start one new core and go on.
 *
 * Every Windows process is started by one node.exe of the test's (fixtures/front-end-launcher.cjs): Wine sets
 * USERPROFILE and LOCALAPPDATA itself for a process started from Linux, so the front ends get theirs (in the test's
 * directory) from it, and the squatter and the readers are its own doing. The session variables are unset for
 * every run, so the core's files are named for the session `sessionOf({})` computes here. Each node.exe start
 * costs seconds under Wine: each test starts few, and every wait polls for an outcome with a patience beyond the
 * shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROTOCOL, type StatusReport } from '../../src/channel/protocol.js';
import { parseCoreInfo, type CoreInfo } from '../../src/serve/core-files.js';
import { endpointIn, WINDOWS_SESSION_VARIABLES, sessionOf } from '../../src/serve/endpoint.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { PATIENCE_MS, until } from '../wait.js';
import { found, q, ROOT, RUNNER, SKIP, windowsTilebar, type WindowsNode } from './wine.js';

const cleanups = cleanupsAfterEach();

// Under Wine each node.exe start takes seconds, more when other Wine runs share the cores.
const WINE_PATIENCE_MS = 4 * PATIENCE_MS;
const CORE_PIPE = /^\\\\\.\\pipe\\tilebar-core-[0-9a-f]{32}$/;

/** The time to the second (it changes every second: a feed that goes on says so), and memory, read by the core. */
const CONFIG = {
  left_widgets: [{ Time: { enable: true, format: { Custom: 'CORE %H:%M:%S' }, label_prefix: 'None' } }],
  right_widgets: [{ Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }],
};

/** A Linux path as node.exe under Wine sees it (the Linux root is drive Z:). */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

/** The newest `CORE hh:mm:ss` a tmux feed printed, or undefined. */
const newestClock = (out: string): string | undefined => [...out.matchAll(/CORE (\d\d:\d\d:\d\d)/g)].at(-1)?.[1];

type Answer = Record<string, unknown>;

interface WindowsSession {
  dir: string;
  /** The Linux path of `%LOCALAPPDATA%\tilebar\run`. */
  runDir: string;
  /** The core's info and key files there (the session's names). */
  infoFile: string;
  keyFile: string;
  /** Has the launcher do `order`; its answer. */
  order(order: object): Promise<Answer>;
  /** The Windows pid of run `i`. */
  pid(i: number): number;
  /** What run `i` printed so far. */
  out(i: number): string;
  info(): CoreInfo | undefined;
  log(): string;
  /** `tilebar serve --status --json` under Wine (run `status`), or undefined when it says no core runs. */
  status(): Promise<StatusReport | undefined>;
  /** Waits until the feed of run `i` shows a clock other than the one it shows now: it goes on. */
  ticks(i: number): Promise<void>;
  /** Says what the test saw, for a failure. */
  said(): string;
}

/**
 * A user in a fresh directory, with the launcher started: runs 0..feeds-1 are `feed tmux` of CONFIG, the last
 * run is `serve --status --json`. None is started yet.
 */
async function session(win: WindowsNode, feeds: number): Promise<WindowsSession> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-win-core-'));
  const profile = join(dir, 'profile');
  const local = join(profile, 'AppData', 'Local');
  mkdirSync(local, { recursive: true });
  writeFileSync(join(dir, 'bar.json'), JSON.stringify(CONFIG));
  const user = { USERPROFILE: windowsPath(profile), LOCALAPPDATA: windowsPath(local), TZ: 'UTC' };
  const feed = { args: ['feed', 'tmux', '-c', windowsPath(join(dir, 'bar.json'))], env: user, cwd: windowsPath(dir) };
  const runs = [...Array.from({ length: feeds }, () => feed), { args: ['serve', '--status', '--json'], env: user, cwd: windowsPath(dir) }];
  const statusRun = feeds;
  const plan = join(dir, 'plan.json');
  // No session variable (nor TILEBAR_STANDALONE, which child-env.ts sets for every child): the front ends attach,
  // and the core's files are those of sessionOf({}).
  writeFileSync(plan, JSON.stringify({ ...windowsTilebar(), runs, unset: [...WINDOWS_SESSION_VARIABLES, 'TILEBAR_STANDALONE'] }));
  const launcherCommand = `${q(win.wine)} ${q(win.node)} ${q(join(ROOT, 'test/windows/fixtures/front-end-launcher.cjs'))} ${q(windowsPath(plan))} > launcher.out 2> launcher.err < /dev/null`;
  const launcher: ChildProcess = spawn('sh', ['-c', launcherCommand], { cwd: dir, env: childEnv({ ...win.env, TILEBAR_STANDALONE: undefined }), stdio: 'ignore' });
  let launcherEnded = false;
  launcher.once('exit', () => (launcherEnded = true));
  const runDir = join(local, 'tilebar', 'run');
  const endpoint = endpointIn(runDir, sessionOf({}, 'win32'), 'linux');
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  let orders = 0;
  const corePids = new Set<number>();
  const s: WindowsSession = {
    dir,
    runDir,
    infoFile: endpoint.info,
    keyFile: endpoint.key,
    async order(order) {
      const n = orders++;
      // Whole or not at all: the launcher reads it as soon as it is there.
      writeFileSync(join(dir, `do-${n}.tmp`), JSON.stringify(order));
      renameSync(join(dir, `do-${n}.tmp`), join(dir, `do-${n}.json`));
      const done = join(dir, `done-${n}.json`);
      await until(() => existsSync(done) || launcherEnded, () => `the launcher to do ${JSON.stringify(order)}${s.said()}`, WINE_PATIENCE_MS);
      return JSON.parse(read(done) || '{}') as Answer;
    },
    pid: (i) => Number(read(join(dir, `${i}.pid`))),
    out: (i) => read(join(dir, `${i}.out`)),
    info() {
      const bytes = existsSync(endpoint.info) ? readFileSync(endpoint.info) : undefined;
      const parsed = bytes ? parseCoreInfo(bytes) : undefined;
      if (parsed?.ok) corePids.add(parsed.info.pid);
      return parsed?.ok ? parsed.info : undefined;
    },
    log: () => read(join(local, 'tilebar', 'tilebar.log')),
    async status() {
      const answer = await s.order({ once: statusRun });
      if (answer.status !== 0) return undefined;
      const report = JSON.parse(String(answer.out)) as StatusReport;
      corePids.add(report.pid);
      return report;
    },
    async ticks(i) {
      const now = newestClock(s.out(i));
      await until(() => newestClock(s.out(i)) !== undefined && newestClock(s.out(i)) !== now, () => `feed ${i} to show a new time${s.said()}`, WINE_PATIENCE_MS);
    },
    said: () =>
      `\nlauncher: ${read(join(dir, 'launcher.err'))}\n${runs
        .map((_, i) => `run ${i}: ${(s.out(i).trimEnd().split('\n').at(-1) ?? '').slice(0, 200)} | ${read(join(dir, `${i}.err`)).slice(0, 500)}`)
        .join('\n')}\n${runDir}: ${existsSync(runDir) ? readdirSync(runDir).join(' ') : '(none)'}\nlog:\n${s.log()}`,
  };
  cleanups.push(async () => {
    if (!launcherEnded) {
      s.info();
      // The cores this test saw (a detached process: the launcher's end does not end it), then every run.
      for (const pid of corePids) await s.order({ killPid: pid }).catch(() => undefined);
      await s.order({ stop: true }).catch(() => undefined);
      await until(() => launcherEnded, 'the launcher to end', WINE_PATIENCE_MS).catch(() => launcher.kill('SIGKILL'));
    }
    // Any core the test did not see through a status (one started while another was being killed, a squatted
    // session's): a Wine process of this test's folder, ended from Linux, so Wine's server ends with it.
    for (const pid of wineCoresOf(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    await until(() => wineCoresOf(dir).length === 0, 'the cores to end', WINE_PATIENCE_MS).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });
  await until(() => existsSync(join(dir, 'launcher.ready')) || launcherEnded, () => `the launcher to start${s.said()}`, WINE_PATIENCE_MS);
  return s;
}

/** The Linux pids of the `tilebar serve` processes under Wine whose environment names the test's folder `dir`. */
function wineCoresOf(dir: string): number[] {
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      // Wine hands a Windows program its variables as Windows paths (Z:\tmp\…), or as they were given.
      const mine = environ.includes(dir) || environ.includes(`Z:${dir.replaceAll('/', '\\')}`);
      return cmd.includes('serve') && cmd.includes('--spawned-by') && mine ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

/** Starts feed `i` and waits until it shows the bar. */
async function startFeed(s: WindowsSession, i: number): Promise<void> {
  await s.order({ start: i });
  await until(() => newestClock(s.out(i)) !== undefined, () => `feed ${i} to show the bar${s.said()}`, WINE_PATIENCE_MS);
}

/** Waits until the core's status lists exactly these front ends (Windows pids), and gives it. */
async function attached(s: WindowsSession, pids: number[]): Promise<StatusReport> {
  let report: StatusReport | undefined;
  await until(
    async () => {
      report = await s.status();
      return JSON.stringify(report?.frontEnds.map((f) => f.pid).sort()) === JSON.stringify([...pids].sort());
    },
    () => `the core to list front ends ${pids.join(', ')}; it says ${JSON.stringify(report?.frontEnds)}${s.said()}`,
    WINE_PATIENCE_MS,
  );
  return report as StatusReport;
}

/** How many cores began serving, by the log. */
const coresServed = (log: string) => log.match(/core: serving this session's bars at /g)?.length ?? 0;

const skip = typeof found === 'string' ? SKIP : '';

describe.skipIf(skip !== '')(`the user's core over a named pipe, ${RUNNER} under Wine${skip}`, () => {
  it('two feeds attach to one core on a random, published pipe; it outlives the feed that started it and ends 10 s after the last', async () => {
    const s = await session(found as WindowsNode, 2);
    await startFeed(s, 0);
    await startFeed(s, 1);
    const report = await attached(s, [s.pid(0), s.pid(1)]);
    expect(report.frontEnds.map((f) => f.role)).toEqual([
      { kind: 'feed', host: 'tmux' },
      { kind: 'feed', host: 'tmux' },
    ]);
    expect(report.sources.map((x) => x.key)).toContain('memory');
    const info = s.info() as CoreInfo;
    expect(info.pipe).toMatch(CORE_PIPE);
    expect(info.pid).toBe(report.pid);
    expect(info.protocol).toBe(PROTOCOL);
    // One core, started by the first feed: the second found it.
    expect(coresServed(s.log()), s.said()).toBe(1);
    expect(s.log().match(/front end: started the core/g)).toHaveLength(1);

    // The feed that started the core ends: the core goes on serving the other.
    await s.order({ kill: 0 });
    const after = await attached(s, [s.pid(1)]);
    expect(after.pid).toBe(info.pid);
    await s.ticks(1);

    // The last one ends: the core ends by itself, and takes its files with it.
    await s.order({ kill: 1 });
    await until(() => !existsSync(s.infoFile) && /core: stopped/.test(s.log()), () => `the core to end by itself${s.said()}`, WINE_PATIENCE_MS);
    expect(s.log()).toMatch(/core: ending: its last front end left 10 s ago/);
    expect(existsSync(s.keyFile)).toBe(false);
    expect(await s.status()).toBeUndefined();
  }, 600_000);

  it('a pipe made first by another program and named in a planted info file is not attached to: a real core takes a fresh name', async () => {
    const s = await session(found as WindowsNode, 1);
    const squatted = `\\\\.\\pipe\\tilebar-core-${randomBytes(16).toString('hex')}`;
    const record = join(s.dir, 'squatter.jsonl');
    expect(await s.order({ squat: squatted, record: windowsPath(record) })).toEqual({ listening: true });
    // What a core that died would have left, but naming the other program's pipe, with a key that is not its.
    mkdirSync(s.runDir, { recursive: true });
    writeFileSync(s.keyFile, randomBytes(32), { mode: 0o600 });
    writeFileSync(s.infoFile, JSON.stringify({ pid: 4242, app: '0.0.0', protocol: PROTOCOL, startedMs: Date.now(), pipe: squatted }), { mode: 0o600 });

    await startFeed(s, 0);
    const report = await attached(s, [s.pid(0)]);
    const info = s.info() as CoreInfo;
    expect(info.pid).toBe(report.pid);
    expect(info.pipe).toMatch(CORE_PIPE);
    expect(info.pipe).not.toBe(squatted);
    // The feed went to the other program's pipe, said hello (a nonce: nothing secret), found no proof, and left.
    const heard = readFileSync(record, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { t: string }).t);
    expect(heard).toContain('hello');
    expect(heard).not.toContain('auth');
    expect(heard).not.toContain('attach');
    expect(s.log()).toMatch(/front end: started the core \(what answers there did not prove it holds the key/);
    await s.ticks(0);
  }, 600_000);

  it('a program that opens the core’s pipe for reading only, or connects and says nothing, gets nothing and is dropped; the feed goes on', async () => {
    const s = await session(found as WindowsNode, 1);
    await startFeed(s, 0);
    await attached(s, [s.pid(0)]);
    const pipe = (s.info() as CoreInfo).pipe as string;
    const [readOnly, silent] = await Promise.all([s.order({ readOnly: pipe }), s.order({ silent: pipe })]);
    expect(readOnly, s.said()).toMatchObject({ opened: true, bytes: 0 });
    expect(silent, s.said()).toMatchObject({ opened: true, bytes: 0 });
    expect(s.log().match(/core: dropped connection \d+: not attached within 2 s/g)?.length ?? 0, s.said()).toBeGreaterThanOrEqual(2);
    console.log(`core-pipe: read-only opener ended by ${String(readOnly.ended)} after ${String(readOnly.ms)} ms; silent one by ${String(silent.ended)} after ${String(silent.ms)} ms`);
    await s.ticks(0);
    await attached(s, [s.pid(0)]);
  }, 600_000);

  it('the core killed, the feeds start one new core and go on', async () => {
    const s = await session(found as WindowsNode, 2);
    await startFeed(s, 0);
    await startFeed(s, 1);
    const before = await attached(s, [s.pid(0), s.pid(1)]);
    const old = s.info() as CoreInfo;
    expect(await s.order({ killPid: before.pid })).toEqual({ killed: true });
    await until(() => {
      const now = s.info();
      return now !== undefined && now.pid !== old.pid;
    }, () => `a new core${s.said()}`, WINE_PATIENCE_MS);
    const report = await attached(s, [s.pid(0), s.pid(1)]);
    const info = s.info() as CoreInfo;
    expect(report.pid).toBe(info.pid);
    expect(info.pipe).toMatch(CORE_PIPE);
    expect(info.pipe).not.toBe(old.pipe);
    // One new core for both, not one each.
    expect(coresServed(s.log()), s.said()).toBe(2);
    await s.ticks(0);
    await s.ticks(1);
  }, 600_000);
});
