/**
 * Finding the programs tilebar starts (src/io/program-path.ts), decided from an injected environment and file
 * check, so Windows lookups are tested here the same as on Windows. The file check plays a disk where a relative
 * path means the current directory, as the OS would read it: a lookup that ever asked about one, or returned one,
 * would run what lies in the folder the bar was started from.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absolutePathEntries, findProgram, isAbsoluteFor, systemPowerShell, windowsExtensions, type ProgramLookup } from '../../src/io/program-path.js';

const WIN_CWD = 'C:\\Users\\me\\Downloads';
const UNIX_CWD = '/home/me/src/cloned';

/** A disk holding `files`; a path it is asked about is read from `cwd` when relative, as the OS would. Records every question. */
function disk(platform: NodeJS.Platform, cwd: string, files: readonly string[]) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const key = (f: string) => (platform === 'win32' ? p.resolve(cwd, f).toLowerCase() : p.resolve(cwd, f));
  const present = new Set(files.map(key));
  const asked: string[] = [];
  return {
    asked,
    isProgram: (f: string) => {
      asked.push(f);
      return present.has(key(f));
    },
  };
}

function lookup(platform: NodeJS.Platform, env: Record<string, string>, files: readonly string[]): ProgramLookup & { asked: string[] } {
  const d = disk(platform, platform === 'win32' ? WIN_CWD : UNIX_CWD, files);
  return { env, platform, isProgram: d.isProgram, asked: d.asked };
}

describe('finding a program on Windows', () => {
  const planted = [`${WIN_CWD}\\powershell.exe`, `${WIN_CWD}\\komorebic.exe`, `${WIN_CWD}\\bin\\komorebic.exe`, `${WIN_CWD}\\wezterm.exe`];

  it('never takes the one in the current directory, whatever relative or empty entries PATH has', () => {
    const l = lookup('win32', { Path: ';.;bin;..\\Downloads;"C:\\Program Files\\WezTerm"', PATHEXT: '.COM;.EXE;.BAT;.CMD' }, [...planted, 'C:\\Program Files\\WezTerm\\wezterm.exe']);
    expect(findProgram('wezterm', l)).toEqual({ ok: true, path: 'C:\\Program Files\\WezTerm\\wezterm.exe' });
    expect(findProgram('komorebic', l)).toEqual({ ok: false, problem: 'komorebic is not on PATH' });
    expect(l.asked.every((f) => isAbsoluteFor(f, 'win32'))).toBe(true);
  });

  it("tries PATHEXT's extensions in its order, only those Windows starts without a shell, and a name's own extension first", () => {
    const dir = 'C:\\Tools';
    const both = [`${dir}\\tool.com`, `${dir}\\tool.exe`, `${dir}\\script.cmd`, `${dir}\\app.exe`];
    expect(findProgram('tool', lookup('win32', { PATH: dir, PATHEXT: '.EXE;.COM' }, both))).toEqual({ ok: true, path: `${dir}\\tool.exe` });
    expect(findProgram('tool', lookup('win32', { PATH: dir }, both))).toEqual({ ok: true, path: `${dir}\\tool.com` });
    // Node refuses to start a .cmd without a shell: found or not, it would not start.
    expect(findProgram('script', lookup('win32', { PATH: dir }, both))).toEqual({ ok: false, problem: 'script is not on PATH' });
    expect(findProgram('app.exe', lookup('win32', { PATH: dir }, both))).toEqual({ ok: true, path: `${dir}\\app.exe` });
    expect(windowsExtensions({ PATHEXT: '.CMD;.BAT' })).toEqual(['.COM', '.EXE']);
  });

  it('refuses a relative path with a directory part, and checks an absolute one as it is', () => {
    const l = lookup('win32', { PATH: 'C:\\Windows' }, planted);
    expect(findProgram('.\\wezterm.exe', l).ok).toBe(false);
    expect(findProgram('bin\\komorebic', l).ok).toBe(false);
    expect(findProgram('C:wezterm.exe', l).ok).toBe(false);
    expect(findProgram(`${WIN_CWD}\\wezterm`, l)).toEqual({ ok: true, path: `${WIN_CWD}\\wezterm.exe` });
  });

  it("takes PowerShell from the system directory, %SystemRoot% (any case), never from PATH or the current directory", () => {
    expect(systemPowerShell({})).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(systemPowerShell({ SYSTEMROOT: 'D:\\WINNT' })).toBe('D:\\WINNT\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(systemPowerShell({ windir: 'E:\\Windows' })).toBe('E:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    // A relative SystemRoot would be read from the current directory.
    expect(systemPowerShell({ SystemRoot: 'Windows', PATH: '.' })).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
  });
});

describe('finding a program on Unix', () => {
  it('skips empty and relative PATH entries, which execvp would read as the current directory', () => {
    const l = lookup('linux', { PATH: ':.:bin:/usr/bin:' }, [`${UNIX_CWD}/gsettings`, `${UNIX_CWD}/bin/i3`, '/usr/bin/i3']);
    expect(absolutePathEntries(l.env, 'linux')).toEqual(['/usr/bin']);
    expect(findProgram('i3', l)).toEqual({ ok: true, path: '/usr/bin/i3' });
    expect(findProgram('gsettings', l)).toEqual({ ok: false, problem: 'gsettings is not on PATH' });
    expect(findProgram('./gsettings', l).ok).toBe(false);
  });
});

describe('the lookup, for any PATH and any files', () => {
  const entry = (platform: NodeJS.Platform, cwd: string) =>
    platform === 'win32'
      ? fc.constantFrom('', '.', '..', 'bin', '.\\bin', 'C:', 'C:bin', '"C:\\Tools"', 'C:\\Tools', 'D:\\bin\\', '\\\\server\\share', cwd, `${cwd}\\bin`, '%SystemRoot%')
      : fc.constantFrom('', '.', '..', 'bin', './bin', '/usr/bin', '/opt/x/', cwd, `${cwd}/bin`, '~/bin');
  const file = (platform: NodeJS.Platform, cwd: string) =>
    platform === 'win32'
      ? fc.constantFrom(`${cwd}\\tool.exe`, `${cwd}\\bin\\tool.exe`, 'C:\\Tools\\tool.exe', 'D:\\bin\\tool.com', '\\\\server\\share\\tool.exe', `${cwd}\\tool.cmd`, 'C:\\Users\\me\\tool.exe')
      : fc.constantFrom(`${cwd}/tool`, `${cwd}/bin/tool`, '/usr/bin/tool', '/opt/x/tool', '/home/me/src/tool');

  for (const platform of ['win32', 'linux'] as const) {
    const cwd = platform === 'win32' ? WIN_CWD : UNIX_CWD;
    const p = platform === 'win32' ? path.win32 : path.posix;
    it(`${platform}: returns an absolute path, asks the disk about absolute paths only, and returns one in the current directory only when PATH names that directory`, () => {
      fc.assert(
        fc.property(fc.array(entry(platform, cwd), { maxLength: 8 }), fc.array(file(platform, cwd), { maxLength: 7 }), (entries, files) => {
          const l = lookup(platform, { PATH: entries.join(platform === 'win32' ? ';' : ':') }, files);
          const found = findProgram('tool', l);
          expect(l.asked.every((f) => isAbsoluteFor(f, platform))).toBe(true);
          if (!found.ok) return;
          expect(isAbsoluteFor(found.path, platform)).toBe(true);
          const same = (a: string, b: string) => (platform === 'win32' ? p.resolve(a).toLowerCase() === p.resolve(b).toLowerCase() : p.resolve(a) === p.resolve(b));
          if (same(p.dirname(found.path), cwd)) expect(entries.some((e) => same(e, cwd))).toBe(true);
        }),
      );
    });
  }
});
