import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand, startCommand } from '../../src/tiler/command.js';
import { resolveVariables } from '../../src/tiler/variables.js';
import { until } from '../wait.js';
import { childEnv } from '../support/child-env.js';

const env = { HOME: '/home/me', USERPROFILE: 'C:\\Users\\me', APPDIR: '/opt/my apps', NASTY: 'x"; touch PWNED; echo \'y' };

describe('variables', () => {
  it('resolves %VAR%, $Env:VAR, ${VAR} and $VAR anywhere, and a leading ~', () => {
    expect(resolveVariables('%APPDIR%/bin/run --flag', env, 'linux')).toBe('/opt/my apps/bin/run --flag');
    expect(resolveVariables('$Env:APPDIR/x', env, 'linux')).toBe('/opt/my apps/x');
    expect(resolveVariables('cmd /c echo %APPDIR% and ${APPDIR}', env, 'linux')).toBe('cmd /c echo /opt/my apps and /opt/my apps');
    expect(resolveVariables('~/bin/app', env, 'linux')).toBe('/home/me/bin/app');
    expect(resolveVariables('~/bin/app', env, 'win32')).toBe('C:\\Users\\me/bin/app');
    expect(resolveVariables('$env:appdir', env, 'win32')).toBe('/opt/my apps');
    expect(resolveVariables('$UNSET/x %UNSET%', env, 'linux')).toBe('$UNSET/x %UNSET%');
  });
});

describe('command plans', () => {
  it('runs a simple command directly, one argument per word, values as data', () => {
    expect(planCommand('komorebic.exe toggle-pause', env, 'linux')).toEqual({ kind: 'exec', file: 'komorebic.exe', args: ['toggle-pause'] });
    expect(planCommand('"%APPDIR%/run me" --title "a b" $NASTY', env, 'linux')).toEqual({
      kind: 'exec',
      file: '/opt/my apps/run me',
      args: ['--title', 'a b', 'x"; touch PWNED; echo \'y'],
    });
    expect(planCommand('C:\\Program Files\\app.exe --flag', env, 'win32')).toEqual({ kind: 'exec', file: 'C:\\Program', args: ['Files\\app.exe', '--flag'] });
    expect(planCommand('"C:\\Program Files\\app.exe" --flag', env, 'win32')).toEqual({ kind: 'exec', file: 'C:\\Program Files\\app.exe', args: ['--flag'] });
    expect(planCommand('   ', env, 'linux')).toBeUndefined();
  });

  it('runs a command with operators in a shell, where a value with ; quotes and spaces stays text (real sh)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-cmd-'));
    const plan = planCommand('printf %s $NASTY > out.txt; printf done >> out.txt', env, 'linux');
    expect(plan?.kind).toBe('shell');
    if (plan?.kind !== 'shell') return;
    execFileSync(plan.file, plan.args, { cwd: dir, env: childEnv({ ...plan.env }) });
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(`${env.NASTY}done`);
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
  });
});

describe('starting a command: its program by a full path, never from the current directory', () => {
  /** A shell script that appends `name` to the file `record`, made executable in `dir`. */
  const tool = (dir: string, name: string, record: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\necho ${name} >> '${record}'\n`);
    chmodSync(join(dir, name), 0o755);
  };

  /**
   * A working directory (`downloads`) holding a planted `wezterm`, and an installed one in `bin`: each appends its
   * name to its own record (`<record>-planted`, `<record>-installed`).
   */
  const plantedAndInstalled = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    const cwd = join(dir, 'downloads');
    const bin = join(dir, 'bin');
    mkdirSync(cwd);
    mkdirSync(bin);
    const record = join(dir, 'ran');
    tool(cwd, 'wezterm', `${record}-planted`);
    tool(bin, 'wezterm', `${record}-installed`);
    return { dir, cwd, bin, record };
  };

  it("runs a bare name from PATH's absolute entries, not the one lying in the working directory (an empty PATH entry means it)", async () => {
    const { dir, cwd, bin, record } = await plantedAndInstalled('tilebar-start-');
    tool(cwd, 'only-here', `${record}-planted`);
    // An empty entry first, as `PATH=:/usr/bin` or a trailing colon leaves: execvp reads it as the current directory.
    const childEnv = { PATH: `:.:${bin}:/usr/bin:/bin`, HOME: dir };
    const errors: string[] = [];
    startCommand({ kind: 'exec', file: 'wezterm', args: [] }, childEnv, cwd, (m) => errors.push(m), 'linux');
    startCommand({ kind: 'exec', file: 'only-here', args: [] }, childEnv, cwd, (m) => errors.push(m), 'linux');
    await until(() => existsSync(`${record}-installed`) || existsSync(`${record}-planted`), 'a wezterm to run');
    expect(existsSync(`${record}-planted`) ? readFileSync(`${record}-planted`, 'utf8') : '', 'what ran from the working directory').toBe('');
    await until(() => errors.length > 0, 'the program found only in the working directory to be refused');
    expect(errors).toEqual(['only-here is not on PATH (the current directory is not searched)']);
    expect(readFileSync(`${record}-installed`, 'utf8')).toBe('wezterm\n');
  });

  // The second hostile round: `wezterm && true` goes to /bin/sh, which looked wezterm up itself on the PATH it was
  // given, empty entry and all, and ran the one planted in the working directory.
  it('a command with operators runs in a shell whose PATH has no entry that means the working directory', async () => {
    const { dir, cwd, bin, record } = await plantedAndInstalled('tilebar-start-shell-');
    const env = { PATH: `:.:${bin}:/usr/bin:/bin:`, HOME: dir };
    const plan = planCommand('wezterm && echo done >> ' + `'${record}-done'`, env, 'linux');
    expect(plan?.kind).toBe('shell');
    const errors: string[] = [];
    startCommand(plan!, env, cwd, (m) => errors.push(m), 'linux');
    await until(() => existsSync(`${record}-done`) || existsSync(`${record}-planted`), 'the command to run');
    expect(existsSync(`${record}-planted`) ? readFileSync(`${record}-planted`, 'utf8') : '', 'what ran from the working directory').toBe('');
    expect(readFileSync(`${record}-installed`, 'utf8')).toBe('wezterm\n');
    expect(errors).toEqual([]);
  });
});
