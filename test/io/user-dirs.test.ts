/**
 * Where tilebar looks for a config and keeps its cache and log, on Windows: komorebi's places (`%USERPROFILE%`,
 * `%KOMOREBI_CONFIG_HOME%`) and `%LOCALAPPDATA%`, with Windows paths (drive letters, backslashes, spaces and
 * letters beyond ASCII in the user's name), decided by pure functions of an injected environment.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configReadOptions } from '../../src/app/config-place.js';
import { configCandidates, discoverConfig } from '../../src/config/discover.js';
import { modelCacheDir } from '../../src/config/model-cache.js';
import { codeCacheDir, tilebarCacheDir } from '../../src/io/cache-dir.js';
import { NoHome, tilebarLogPath, userHome } from '../../src/io/user-dirs.js';

const PROFILE = 'C:\\Users\\Zoë Müller';
const LOCAL = `${PROFILE}\\AppData\\Local`;
// Wine passes the Unix environment through (HOME=/root), and Git Bash sets HOME too: komorebi's home is the profile.
const WINDOWS_ENV = { USERPROFILE: PROFILE, LOCALAPPDATA: LOCAL, HOME: '/root' };

describe('the places of a Windows user', () => {
  it("takes %USERPROFILE% as the home, not a HOME another layer set (Wine's Unix one, Git Bash's)", () => {
    expect(userHome(WINDOWS_ENV, 'win32', () => 'C:\\fallback')).toBe(PROFILE);
    expect(userHome({ HOME: '/root' }, 'win32', () => 'C:\\Users\\os')).toBe('C:\\Users\\os');
    expect(userHome(WINDOWS_ENV, 'linux', () => '/fallback')).toBe('/root');
    expect(userHome({}, 'linux', () => '/fallback')).toBe('/fallback');
  });

  it("finds komorebi's %USERPROFILE%\\komorebi.bar.json, and %KOMOREBI_CONFIG_HOME% first", () => {
    const home = userHome(WINDOWS_ENV, 'win32', () => 'C:\\fallback');
    const found = (env: Record<string, string>, ...existing: string[]) =>
      discoverConfig(undefined, { env, home, platform: 'win32', exists: (p) => existing.includes(p) });
    expect(found(WINDOWS_ENV, `${PROFILE}\\komorebi.bar.json`)).toEqual({ path: `${PROFILE}\\komorebi.bar.json`, reason: 'home directory', embedded: false });
    const komorebiHome = { ...WINDOWS_ENV, KOMOREBI_CONFIG_HOME: 'D:\\dotfiles\\komorebi config\\' };
    expect(found(komorebiHome, `${PROFILE}\\komorebi.bar.json`, 'D:\\dotfiles\\komorebi config\\komorebi.bar.json')).toMatchObject({
      path: 'D:\\dotfiles\\komorebi config\\komorebi.bar.json',
      reason: '$KOMOREBI_CONFIG_HOME',
    });
    // Forward slashes, as some users write them, come out as Windows paths.
    expect(configCandidates({ KOMOREBI_CONFIG_HOME: 'C:/Users/Zoë Müller/.config/komorebi' }, home, 'win32')[0]?.path).toBe(`${PROFILE}\\.config\\komorebi\\komorebi.bar.json`);
    expect(configCandidates(WINDOWS_ENV, home, 'win32').map((c) => c.path)).toEqual([`${PROFILE}\\.config\\tilebar\\bar.json`, `${PROFILE}\\komorebi.bar.json`]);
  });

  it('keeps the cache and the log under %LOCALAPPDATA%\\tilebar (else the profile\'s AppData\\Local)', () => {
    expect(tilebarCacheDir(WINDOWS_ENV, 'win32', PROFILE)).toBe(`${LOCAL}\\tilebar\\cache`);
    expect(modelCacheDir(WINDOWS_ENV, 'win32', PROFILE)).toBe(`${LOCAL}\\tilebar\\cache\\models`);
    expect(tilebarLogPath(WINDOWS_ENV, 'win32', PROFILE)).toBe(`${LOCAL}\\tilebar\\tilebar.log`);
    expect(tilebarLogPath({}, 'win32', PROFILE)).toBe(`${LOCAL}\\tilebar\\tilebar.log`);
    // Elsewhere: $XDG_STATE_HOME, else ~/.local/state.
    expect(tilebarLogPath({ XDG_STATE_HOME: '/s' }, 'linux', '/h')).toBe('/s/tilebar/tilebar.log');
    expect(tilebarLogPath({}, 'linux', '/h')).toBe('/h/.local/state/tilebar/tilebar.log');
  });

  it('for any user name and drive: every place is an absolute Windows path inside the profile or the given folders', () => {
    const nameChar = fc.constantFrom(...'abcXYZ019 .-_éüßØæÅçñ漢字Ωд'.split(''));
    const name = fc.array(nameChar, { minLength: 1, maxLength: 20 }).map((cs) => cs.join('').trim()).filter((n) => n !== '' && !/^\.+$/.test(n) && !n.endsWith('.'));
    const drive = fc.constantFrom('C:', 'D:', 'Z:');
    fc.assert(
      fc.property(drive, name, drive, name, (d1, user, d2, folder) => {
        const profile = `${d1}\\Users\\${user}`;
        const env = { USERPROFILE: profile, KOMOREBI_CONFIG_HOME: `${d2}\\${folder}`, LOCALAPPDATA: `${profile}\\AppData\\Local`, HOME: '/root' };
        const home = userHome(env, 'win32', () => 'C:\\fallback');
        expect(home).toBe(profile);
        const places = [...configCandidates(env, home, 'win32').map((c) => c.path), tilebarCacheDir(env, 'win32', home), tilebarLogPath(env, 'win32', home)];
        for (const p of places) {
          expect(path.win32.isAbsolute(p), p).toBe(true);
          expect(p, p).not.toContain('/');
          expect(p.startsWith(`${profile}\\`) || p.startsWith(`${d2}\\${folder}\\`), p).toBe(true);
        }
      }),
    );
  });
});

describe('the trust rule for discovered configs on Windows', () => {
  // Windows has no uids: process.getuid is undefined and fs.stat gives uid 0 for every file. Who may write where
  // discovery looks is the profile's ACLs' business (%USERPROFILE% is the user's own); the rule is not applied.
  it('reads a discovered config without the rule where the bar has no uid', () => {
    const discovered = { path: `${PROFILE}\\komorebi.bar.json`, reason: 'home directory', embedded: false };
    expect(configReadOptions(discovered, undefined).trust).toBeUndefined();
    expect(configReadOptions(discovered, { uid: 1000, gid: 1000 }).trust?.user).toEqual({ uid: 1000, gid: 1000 });
  });
});

describe('XDG base directories that are relative', () => {
  // The XDG spec has a relative one ignored: taken relative to the working directory, a feed's caches and the note
  // naming its click directory would differ for every directory it is started from.
  it('are ignored, as unset ones are: the defaults under HOME are used', () => {
    const env = { XDG_CONFIG_HOME: 'cfg', XDG_CACHE_HOME: './cache', XDG_STATE_HOME: 'state/' };
    expect(configCandidates(env, '/home/u', 'linux').map((c) => c.path)).toContain('/home/u/.config/tilebar/bar.json');
    expect(tilebarCacheDir(env, 'linux', '/home/u')).toBe('/home/u/.cache/tilebar');
    expect(tilebarLogPath(env, 'linux', '/home/u')).toBe('/home/u/.local/state/tilebar/tilebar.log');
    const absolute = { XDG_CONFIG_HOME: '/x/cfg', XDG_CACHE_HOME: '/x/cache', XDG_STATE_HOME: '/x/state' };
    expect(configCandidates(absolute, '/home/u', 'linux').map((c) => c.path)).toContain('/x/cfg/tilebar/bar.json');
    expect(tilebarCacheDir(absolute, 'linux', '/home/u')).toBe('/x/cache/tilebar');
    expect(tilebarLogPath(absolute, 'linux', '/home/u')).toBe('/x/state/tilebar/tilebar.log');
    // A Windows user's (Git Bash sets its own): absolute the Windows way.
    expect(configCandidates({ XDG_CONFIG_HOME: 'D:\\cfg' }, PROFILE, 'win32').map((c) => c.path)).toContain('D:\\cfg\\tilebar\\bar.json');
  });
});

describe('a user with no home (HOME unset, no entry in the system for the uid: os.homedir throws)', () => {
  const noEntry = (): string => {
    throw Object.assign(new Error('A system error occurred: uv_os_homedir returned ENOENT (no such file or directory)'), { code: 'ERR_SYSTEM_ERROR' });
  };

  it('is told to set HOME (NoHome, which the command line says with exit 2), not handed Node\'s system error', () => {
    expect(() => userHome({}, 'linux', noEntry)).toThrow(NoHome);
    expect(() => userHome({}, 'linux', noEntry)).toThrow(/^no home directory: HOME is not set .*; set HOME to a folder of yours$/);
    expect(userHome({ HOME: '/home/u' }, 'linux', noEntry)).toBe('/home/u');
  });

  it('runs the launchers\' commands without a code cache rather than ending at their first line', () => {
    expect(codeCacheDir({}, 'linux', noEntry)).toBeUndefined();
    expect(codeCacheDir({}, 'linux', () => '/home/u')).toBe('/home/u/.cache/tilebar/code');
  });
});
