/**
 * Paths expanded by komorebi's own rule (its replace_env, research in the notes of issue 44): only a whole
 * component is a variable, in three forms; `~` and `$HOME` are the profile on Windows; names are case-blind on
 * Windows only; an unset variable stays as written and is named.
 */
import { describe, expect, it } from 'vitest';
import { expandKomorebiPath } from '../../src/config/komorebi-path.js';

const unix = (raw: string, env: Record<string, string> = {}) => expandKomorebiPath(raw, env, 'linux');
const windows = (raw: string, env: Record<string, string> = {}) => expandKomorebiPath(raw, env, 'win32');

describe("komorebi's path expansion", () => {
  it('replaces %NAME%, $Env:NAME and $NAME when each is a whole component (komorebi\'s own test cases)', () => {
    const env = { VAR: 'value' };
    expect(unix('/path/%VAR%/d', env)).toEqual({ path: '/path/value/d', unset: [] });
    expect(unix('/path/$Env:VAR/d', env)).toEqual({ path: '/path/value/d', unset: [] });
    expect(unix('/path/$VAR/d', env)).toEqual({ path: '/path/value/d', unset: [] });
    expect(windows('C:\\path\\%VAR%\\d', env).path).toBe('C:\\path\\value\\d');
    expect(windows('C:\\path\\$Env:VAR\\d', env).path).toBe('C:\\path\\value\\d');
    expect(windows('C:\\path\\$VAR\\d', env).path).toBe('C:\\path\\value\\d');
  });

  it('reads the $Env: prefix in any letter case, on every platform', () => {
    for (const prefix of ['$env:', '$ENV:', '$eNv:']) {
      expect(unix(`/a/${prefix}VAR/b`, { VAR: 'v' }).path).toBe('/a/v/b');
      expect(windows(`C:\\a\\${prefix}VAR\\b`, { VAR: 'v' }).path).toBe('C:\\a\\v\\b');
    }
  });

  it('looks names up case-blind on Windows, exactly elsewhere', () => {
    expect(windows('$Env:komorebi_config_home\\bar.json', { KOMOREBI_CONFIG_HOME: 'D:\\k' }).path).toBe('D:\\k\\bar.json');
    expect(windows('%Komorebi_Config_Home%/bar.json', { KOMOREBI_CONFIG_HOME: 'D:\\k' }).path).toBe('D:\\k\\bar.json');
    expect(unix('$Env:komorebi_config_home/bar.json', { KOMOREBI_CONFIG_HOME: '/k' })).toEqual({ path: '$Env:komorebi_config_home/bar.json', unset: [{ written: '$Env:komorebi_config_home', name: 'komorebi_config_home' }] });
  });

  it('expands nothing inside a component: $Env:FOO.json names the variable FOO.json, x$FOO none', () => {
    const env = { FOO: 'foo' };
    expect(unix('/k/$Env:FOO.json', env)).toEqual({ path: '/k/$Env:FOO.json', unset: [{ written: '$Env:FOO.json', name: 'FOO.json' }] });
    expect(unix('/k/x$FOO/bar.json', env)).toEqual({ path: '/k/x$FOO/bar.json', unset: [] });
    expect(unix('/k/pre%FOO%/bar.json', env)).toEqual({ path: '/k/pre%FOO%/bar.json', unset: [] });
  });

  it('has no ${NAME} form and expands nothing twice', () => {
    expect(unix('/k/${FOO}/b', { FOO: 'foo' })).toEqual({ path: '/k/${FOO}/b', unset: [{ written: '${FOO}', name: '{FOO}' }] });
    expect(unix('/k/$A/b', { A: '$B', B: 'b' }).path).toBe('/k/$B/b');
  });

  it('keeps an unset variable as written, and names it', () => {
    expect(unix('$Env:FOO/bar.json')).toEqual({ path: '$Env:FOO/bar.json', unset: [{ written: '$Env:FOO', name: 'FOO' }] });
    expect(windows('%FOO%\\x\\$BAR\\bar.json')).toEqual({ path: '%FOO%\\x\\$BAR\\bar.json', unset: [{ written: '%FOO%', name: 'FOO' }, { written: '$BAR', name: 'BAR' }] });
  });

  it('takes ~ and $HOME (any case) for %USERPROFILE% on Windows, wherever they are in the path, and never HOME', () => {
    const env = { USERPROFILE: 'C:\\Users\\me', HOME: '/home/me' };
    expect(windows('~\\komorebi.bar.json', env).path).toBe('C:\\Users\\me\\komorebi.bar.json');
    expect(windows('$HOME/komorebi.bar.json', env).path).toBe('C:\\Users\\me\\komorebi.bar.json');
    expect(windows('$home\\bars\\a.json', env).path).toBe('C:\\Users\\me\\bars\\a.json');
    expect(windows('D:\\x\\~\\a.json', env).path).toBe('C:\\Users\\me\\a.json');
    expect(windows('~\\a.json', { HOME: '/home/me' })).toEqual({ path: '~\\a.json', unset: [{ written: '~', name: 'USERPROFILE' }] });
    // ~user is no home.
    expect(windows('~me\\a.json', env).path).toBe('~me\\a.json');
  });

  it('takes ~ for $HOME elsewhere, and $HOME and $home as the names they are', () => {
    const env = { HOME: '/home/me', USERPROFILE: 'C:\\Users\\me' };
    expect(unix('~/.config/komorebi/bar.json', env).path).toBe('/home/me/.config/komorebi/bar.json');
    expect(unix('/x/~/bar.json', env).path).toBe('/home/me/bar.json');
    expect(unix('$HOME/bar.json', env).path).toBe('/home/me/bar.json');
    expect(unix('$home/bar.json', env)).toEqual({ path: '$home/bar.json', unset: [{ written: '$home', name: 'home' }] });
    expect(unix('~/a.json')).toEqual({ path: '~/a.json', unset: [{ written: '~', name: 'HOME' }] });
    expect(unix('~me/a.json', env).path).toBe('~me/a.json');
  });

  it('lets an absolute value replace what came before it, as PathBuf::push does', () => {
    expect(unix('/pre/$A/x.json', { A: '/abs/dir' }).path).toBe('/abs/dir/x.json');
    expect(unix('rel/$A/x.json', { A: 'a/b' }).path).toBe('rel/a/b/x.json');
    expect(windows('C:\\pre\\%A%\\x.json', { A: 'D:\\abs' }).path).toBe('D:\\abs\\x.json');
    // Rooted without a drive: the drive stays.
    expect(windows('C:\\pre\\%A%\\x.json', { A: '\\abs' }).path).toBe('C:\\abs\\x.json');
    expect(windows('%A%\\x.json', { A: '\\\\server\\share\\k' }).path).toBe('\\\\server\\share\\k\\x.json');
  });

  it('writes Windows paths with backslashes, whichever separators were used, and keeps the drive and root', () => {
    expect(windows('C:/Users/%U%/bar.json', { U: 'me' }).path).toBe('C:\\Users\\me\\bar.json');
    expect(windows('\\\\server\\share\\%U%\\bar.json', { U: 'me' }).path).toBe('\\\\server\\share\\me\\bar.json');
    expect(windows('$Env:A\\b.json', { A: 'C:/k/' }).path).toBe('C:/k/b.json');
    // On Unix a backslash is part of a name.
    expect(unix('$Env:A\\b.json', { A: '/k' })).toEqual({ path: '$Env:A\\b.json', unset: [{ written: '$Env:A\\b.json', name: 'A\\b.json' }] });
  });

  it('leaves a lone $ or %% alone, without calling it unset', () => {
    expect(unix('/a/$/%%/b', {})).toEqual({ path: '/a/$/%%/b', unset: [] });
  });
});
