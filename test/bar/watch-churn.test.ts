/**
 * Issue 40, finding 8: files of other names churning in a directory the bar watches must not cost the bar a
 * wake-up each. Another user (`nobody`, through setpriv, when the suite runs as root) creating and deleting
 * files in a shared `XDG_CONFIG_HOME` at full speed, or the user's own program appending to `~/.xsession-errors`
 * (HOME is watched: `~/komorebi.bar.json` is a discovery place), took two thirds of a feed's CPU. What a test can
 * count without timing anything: whether the kernel still has the directory watched for this process after
 * thousands of such events (/proc/self/fdinfo), and how many paths the watch looked at for them. The figures of
 * CPU before and after are bench/watch-churn.mjs's.
 *
 * Real directories, real churn from another process; fake timers, so the watch's rest ends, and the stat poll
 * runs, only when the test says.
 */
import { spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLL_MS, watchConfigFile, type ConfigFileEvent } from '../../src/bar/config-file.js';
import { EVENTS_PER_SECOND, WATCH_REST_MS } from '../../src/bar/name-watch.js';
import { watchPathAppearance, type PathKind } from '../../src/bar/path-appearance.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { saveConfig, writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { isWatchedByThisProcess } from '../support/inotify.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { childEnv } from '../support/child-env.js';

const asRoot = process.getuid?.() === 0;
const cleanups = cleanupsAfterEach();
/** Far more events than the watch's budget for one second (and fewer than the kernel queues: 16384). */
const CHURN = 2_000;

/** Runs `script` (node, argv: `args`) to its end, as `nobody` when `asNobody`; its environment built from nothing. */
function runNode(script: string, args: string[], asNobody: boolean): Promise<void> {
  const command = asNobody
    ? ['setpriv', `--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', process.execPath]
    : [process.execPath];
  const child = spawn(command[0]!, [...command.slice(1), '-e', script, ...args], { env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`churn ended with ${code}: ${stderr}`))));
  });
}

/** `pairs` creates and deletes of files named junk-* in `dir`. */
const createAndDelete = (dir: string, pairs: number, asNobody: boolean) =>
  runNode(
    `const fs = require('node:fs'); const [dir, n] = [process.argv[1], Number(process.argv[2])];
     for (let i = 0; i < n; i++) { const p = dir + '/junk-' + (i % 16); fs.writeFileSync(p, 'x'); fs.unlinkSync(p); }`,
    [dir, String(pairs)],
    asNobody,
  );

/**
 * `count` lines appended, one write each, to `files` in turn. More than one file: the kernel merges a
 * modification event into the one before it while that is still unread and the same (same file), so appends to
 * one file reach a reader that lags (both cores busy) as a handful of events, and whether the budget was passed
 * would depend on the machine's speed; events of two files in turn are never merged.
 */
const appendLines = (files: string[], count: number) =>
  runNode(
    `const fs = require('node:fs'); const fds = process.argv.slice(2).map((f) => fs.openSync(f, 'a'));
     for (let i = 0; i < Number(process.argv[1]); i++) fs.writeSync(fds[i % fds.length], 'Xlib: extension missing on display :0\\n');`,
    [String(count), ...files],
    false,
  );

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-churn-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  // `nobody` reaches the shared directory inside.
  chmodSync(dir, 0o711);
  return dir;
}

describe.skipIf(process.platform !== 'linux')('watches under churn of other files', () => {
  it('another user creating and deleting other names in a shared XDG_CONFIG_HOME: discovery stops being woken by it, looks at nothing for it, and still sees tilebar/bar.json appear', async () => {
    const shared = join(await tempDir(), 'shared');
    await mkdir(shared);
    chmodSync(shared, 0o1777);
    const file = join(shared, 'tilebar', 'bar.json');
    const timers = new FakeTimers();
    const looked: string[] = [];
    const kindOf = async (p: string): Promise<PathKind> => {
      looked.push(p);
      return stat(p).then((s) => (s.isDirectory() ? 'directory' : 'other'), () => 'none' as const);
    };
    const seen: string[][] = [];
    const lines: string[] = [];
    const watch = watchPathAppearance([file], (e) => void seen.push([...e]), { timers, log: (l) => void lines.push(l), kindOf });
    cleanups.push(() => watch.close());
    await eventually(() => expect(isWatchedByThisProcess(shared)).toBe(true));
    // The first look is done once the path itself has been looked at.
    await eventually(() => expect(looked).toContain(file));
    const lookedBefore = looked.length;

    await createAndDelete(shared, CHURN, asRoot);
    await eventually(() => expect(isWatchedByThisProcess(shared), `${shared} still watched after ${CHURN} creates and deletes of other names`).toBe(false));
    expect(looked.slice(lookedBefore)).toEqual([]);
    expect(lines).toEqual([`config discovery: files in ${shared} changed more than ${EVENTS_PER_SECOND} times in a second; its watch rests meanwhile (looked at every ${POLL_MS / 1000} s)`]);

    // While it rests, the stat poll sees the user's file appear.
    await saveConfig(file, '{}');
    await timers.advance(POLL_MS);
    await eventually(() => expect(seen).toEqual([[file]]));
  });

  it("the user's own program appending to another file in HOME: the config's watch stops being woken by it, edits still show, and the watch comes back once it is quiet", async () => {
    const home = await tempDir();
    const file = await writeBarConfig(home, 'one', 'komorebi.bar.json');
    const timers = new FakeTimers();
    const texts: string[] = [];
    const lines: string[] = [];
    const watch = await watchConfigFile(file, (e: ConfigFileEvent) => void (e.kind === 'text' ? texts.push(e.text) : undefined), { timers, log: (l) => void lines.push(l), initialText: 'one' });
    cleanups.push(() => watch.close());
    await eventually(() => expect(isWatchedByThisProcess(home)).toBe(true));

    await appendLines([join(home, '.xsession-errors'), join(home, '.xsession-errors.old')], CHURN);
    await eventually(() => expect(isWatchedByThisProcess(home), `${home} still watched after ${CHURN} appends to another file in it`).toBe(false));
    expect(texts).toEqual([]);
    expect(lines).toEqual([`config watcher: files in ${home} changed more than ${EVENTS_PER_SECOND} times in a second; its watch rests meanwhile (the file is still checked every ${POLL_MS / 1000} s)`]);

    // An edit while the watch rests shows at the next stat poll.
    await saveConfig(file, 'two');
    await timers.advance(POLL_MS);
    await eventually(() => expect(texts).toEqual(['two']));

    // Quiet since: once the rest is over the directory is watched again, and an edit shows by the watch alone.
    await timers.advance(WATCH_REST_MS);
    await eventually(() => expect(isWatchedByThisProcess(home)).toBe(true));
    await saveConfig(file, 'three');
    await eventually(() => expect(texts).toEqual(['two', 'three']));
  });
});
