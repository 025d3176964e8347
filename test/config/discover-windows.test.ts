/**
 * Where a config is looked for on Windows: komorebi's order (`%KOMOREBI_CONFIG_HOME%`, then the user's profile),
 * and `XDG_CONFIG_HOME` only after those, and only as a Windows path with a drive letter. Git Bash, MSYS and WSL
 * interop users have one set; an MSYS `/home/me/.config` is no Windows path (`\home\me\.config` on the current
 * drive), and it was looked in before `%USERPROFILE%`.
 */
import { describe, expect, it } from 'vitest';
import { configCandidates, discoverConfig } from '../../src/config/discover.js';
import { xdgDir } from '../../src/io/user-dirs.js';

const PROFILE = 'C:\\Users\\me';
const OWN = { path: `${PROFILE}\\.config\\tilebar\\bar.json`, reason: '~/.config' };
const KOMOREBI = { path: `${PROFILE}\\komorebi.bar.json`, reason: 'home directory' };
const places = (env: Record<string, string>) => configCandidates({ USERPROFILE: PROFILE, ...env }, PROFILE, 'win32');

describe('config places on Windows with XDG_CONFIG_HOME set', () => {
  it('a POSIX one (MSYS, WSL interop) is no place: the profile\'s places alone, in their order', () => {
    expect(places({ XDG_CONFIG_HOME: '/home/me/.config' })).toEqual([OWN, KOMOREBI]);
    expect(places({ KOMOREBI_CONFIG_HOME: 'D:\\komorebi', XDG_CONFIG_HOME: '/home/me/.config' })).toEqual([{ path: 'D:\\komorebi\\komorebi.bar.json', reason: '$KOMOREBI_CONFIG_HOME' }, OWN, KOMOREBI]);
  });

  it('one without a drive letter is none either: rooted on the current drive, drive-relative, or a share', () => {
    for (const v of ['\\Users\\me\\.config', 'C:cfg', '\\\\server\\share\\cfg', '//server/share/cfg', 'cfg']) expect(places({ XDG_CONFIG_HOME: v }), v).toEqual([OWN, KOMOREBI]);
  });

  it('the profile\'s own (Git Bash sets it so) is the place it names already, listed once', () => {
    expect(places({ XDG_CONFIG_HOME: 'C:\\Users\\me\\.config' })).toEqual([OWN, KOMOREBI]);
    expect(places({ XDG_CONFIG_HOME: 'c:/users/me/.config/' })).toEqual([OWN, KOMOREBI]);
  });

  it('another Windows folder comes after %USERPROFILE%, never before', () => {
    expect(places({ XDG_CONFIG_HOME: 'D:\\cfg' })).toEqual([OWN, KOMOREBI, { path: 'D:\\cfg\\tilebar\\bar.json', reason: '$XDG_CONFIG_HOME' }]);
    expect(places({ XDG_CONFIG_HOME: 'D:/cfg' }).at(-1)?.path).toBe('D:\\cfg\\tilebar\\bar.json');
    const found = discoverConfig(undefined, { env: { USERPROFILE: PROFILE, XDG_CONFIG_HOME: 'D:\\cfg' }, home: PROFILE, platform: 'win32', exists: (p) => p === KOMOREBI.path || p === 'D:\\cfg\\tilebar\\bar.json' });
    expect(found).toEqual({ ...KOMOREBI, embedded: false });
  });

  it('is taken on Windows only as a path with a drive letter (xdgDir)', () => {
    expect(xdgDir({ XDG_CONFIG_HOME: '/home/me/.config' }, 'XDG_CONFIG_HOME', 'win32')).toBeUndefined();
    expect(xdgDir({ XDG_CACHE_HOME: '\\cache' }, 'XDG_CACHE_HOME', 'win32')).toBeUndefined();
    expect(xdgDir({ XDG_CONFIG_HOME: 'E:\\x' }, 'XDG_CONFIG_HOME', 'win32')).toBe('E:\\x');
    expect(xdgDir({ XDG_CONFIG_HOME: '/home/me/.config' }, 'XDG_CONFIG_HOME', 'linux')).toBe('/home/me/.config');
  });

  it('leaves the other platforms as they were: $XDG_CONFIG_HOME instead of ~/.config', () => {
    expect(configCandidates({ XDG_CONFIG_HOME: '/home/me/.config' }, '/home/me', 'linux')).toEqual([
      { path: '/home/me/.config/tilebar/bar.json', reason: '$XDG_CONFIG_HOME' },
      { path: '/home/me/komorebi.bar.json', reason: 'home directory' },
    ]);
  });
});
