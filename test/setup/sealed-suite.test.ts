/**
 * The suite is sealed from the machine it runs on (issue 40): a test file's process and every child it starts
 * see a home and temp directory of the run's own and nothing else of the runner's environment, and a process a
 * test leaves behind is found by its mark, whoever it runs as. The end-of-run checks themselves are in
 * test/setup/temp-check.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { childEnv, envCommand, RUN_MARK } from '../support/child-env.js';
import { endProcesses, processesMarked } from '../support/marked-processes.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { until } from '../wait.js';

const cleanups = cleanupsAfterEach();
const run = inject('tilebarRun');
const inside = (path: string, dir: string) => !relative(dir, path).startsWith('..');

describe('a test file’s own process', () => {
  it('has its home and temp directory inside the run’s directory, and none of the user’s places', () => {
    expect(inside(tmpdir(), run.dir)).toBe(true);
    expect(inside(homedir(), tmpdir())).toBe(true);
    const places = Object.keys(process.env).filter((k) => /^(XDG_|KOMOREBI|LOCALAPPDATA|APPDATA|USERPROFILE|DISPLAY|WAYLAND|SWAYSOCK|I3SOCK|HYPRLAND|TMUX|DBUS|NO_COLOR|FORCE_COLOR|COLORTERM|TERM$|TZ$|LC_|NODE_OPTIONS)/.test(k));
    expect(places).toEqual([]);
  });

  it('was started in one locale, whatever the user’s shell says (workers fork after global setup)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().locale).toBe('en-US');
  });
});

describe('childEnv', () => {
  it('gives a child nothing of the runner’s environment but PATH, and what the test adds', () => {
    process.env.XDG_CONFIG_HOME = '/home/someone/.config';
    cleanups.push(() => delete process.env.XDG_CONFIG_HOME);
    const r = spawnSync('env', [], { env: childEnv({ TZ: 'UTC', GONE: undefined }), encoding: 'utf8' });
    const seen = Object.fromEntries(r.stdout.trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(Object.keys(seen).sort()).toEqual(['HOME', 'LANG', 'PATH', 'TILEBAR_STANDALONE', RUN_MARK, 'TMPDIR', 'TZ']);
    // A bar runs in its own process unless a test of the user's core says otherwise (and then this is gone).
    expect(seen.TILEBAR_STANDALONE).toBe('1');
    expect(Object.keys(childEnv({ TILEBAR_STANDALONE: undefined }))).not.toContain('TILEBAR_STANDALONE');
    expect(seen.PATH).toBe(process.env.PATH);
    expect(inside(seen.HOME ?? '/', tmpdir())).toBe(true);
    expect(inside(seen.TMPDIR ?? '/', tmpdir())).toBe(true);
    expect(seen[RUN_MARK]).toBe(run.id);
  });

  it('gives a child run as another user a temp directory it can write in, sticky like /tmp', () => {
    if (process.getuid?.() !== 0) return;
    const env = childEnv();
    const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', 'mktemp -p "$TMPDIR" && mktemp -d -p "$TMPDIR"'], { env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').every((p) => inside(p, env.TMPDIR ?? '/'))).toBe(true);
  });

  it('gives a shell line exactly that environment (envCommand), quotes and spaces kept', () => {
    const env = childEnv({ ODD: "it's a b" });
    const r = spawnSync('sh', ['-c', `${envCommand(env)} env`], { encoding: 'utf8' });
    expect(r.stdout).toContain("ODD=it's a b\n");
    expect(r.stdout.trim().split('\n')).toHaveLength(Object.keys(env).length);
  });
});

describe('a process left behind', () => {
  it('is found by the run’s mark through setpriv and a new session, named with its user, and ended', async () => {
    const asOther = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    const mark = `left-behind-${process.pid}`;
    // A double fork into a session of its own: no parent link leads back to the test.
    const child = spawn('setsid', ['-f', ...asOther, 'sleep', '600'], { env: childEnv({ TILEBAR_TEST_SESSION: mark }), stdio: 'ignore' });
    await new Promise((r) => child.once('exit', r));
    cleanups.push(() => endProcesses(processesMarked('TILEBAR_TEST_SESSION', mark).found));
    // Once setpriv has become nobody and run sleep (it is found by its mark from its first instant, as setsid).
    let found = processesMarked('TILEBAR_TEST_SESSION', mark).found;
    await until(() => (found = processesMarked('TILEBAR_TEST_SESSION', mark).found).some((p) => p.command === 'sleep 600'), 'the sleep to be found');
    expect(found).toEqual([expect.objectContaining({ user: asOther.length > 0 ? 'nobody' : expect.any(String), command: 'sleep 600' })]);
    expect(processesMarked(RUN_MARK, run.id).found.map((p) => p.pid)).toContain(found[0]?.pid);
    await endProcesses(found);
    expect(processesMarked('TILEBAR_TEST_SESSION', mark).found).toEqual([]);
  });
});

describe('the tests’ sources', () => {
  it('hand no child the runner’s environment (childEnv from test/support/child-env.ts instead)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    // Scripts a child runs (.mjs, .cjs) read their own process.env: that is the environment they were given.
    const spreads = files('test').filter((f) => /\.\.\.process\.env\b|env:\s*process\.env\b|entries\(process\.env\)/.test(readFileSync(f, 'utf8')));
    // childEnv's own module reads named variables of the runner's (PATH, the network's) to hand them on.
    expect(spreads.filter((f) => f !== join('test', 'support', 'child-env.ts'))).toEqual([]);
  });
});
