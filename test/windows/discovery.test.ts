/**
 * Config discovery with Windows paths under the Windows build of Node (Wine): komorebi's default place,
 * `%USERPROFILE%\komorebi.bar.json`, for a user whose name has a space and letters beyond ASCII; then
 * `%KOMOREBI_CONFIG_HOME%` written with backslashes and a drive letter (and a trailing backslash), or with forward
 * slashes; the cache of validated models under `%LOCALAPPDATA%\tilebar\`. Wine passes the Unix environment
 * through (but sets USERPROFILE and LOCALAPPDATA itself: the runs are started from a node.exe, windows-env.cjs),
 * and Git Bash sets a HOME of its own on Windows: the profile must win over a HOME.
 *
 * Wine shows the Linux root as drive Z:, so a temporary directory /tmp/x is `Z:\tmp\x` to node.exe. All runs
 * go in one shell (each node.exe start costs seconds under Wine).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNNER, SKIP, found, runBundleWithWindowsEnv, wineCouldNotStart, type WindowsNode } from './wine.js';
import { writeBarConfig } from '../support/bar-config.js';

/** A Linux path as node.exe under Wine sees it. */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

const config = (word: string) => `{\n  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word}" }, "label_prefix": "None" } } ],\n  "right_widgets": []\n}\n`;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string')(`config discovery with Windows paths under ${RUNNER} (Wine)${SKIP}`, () => {
  it('uses %USERPROFILE%\\komorebi.bar.json, then %KOMOREBI_CONFIG_HOME%, names the file, and caches under %LOCALAPPDATA%', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-wine-discover-'));
    dirs.push(dir);
    const profile = join(dir, 'Users', 'Zoë Müller');
    const komorebiHome = join(dir, 'dotfiles', 'komorebi config');
    for (const [folder, word] of [[profile, 'FROM PROFILE'], [komorebiHome, 'FROM KOMOREBI HOME']] as const) {
      await mkdir(folder, { recursive: true });
      await writeBarConfig(folder, config(word), 'komorebi.bar.json');
    }
    const user = { USERPROFILE: windowsPath(profile), LOCALAPPDATA: windowsPath(join(profile, 'AppData', 'Local')), HOME: '/root' };
    const preview = ['preview', '--at', '2024-09-08T09:05:03Z', '--width', '80', '--format', 'text'];
    const printed = runBundleWithWindowsEnv(win, dir, [
      { args: ['check'], env: user },
      { args: preview, env: user },
      { args: ['check'], env: { ...user, KOMOREBI_CONFIG_HOME: `${windowsPath(komorebiHome)}\\` } },
      { args: preview, env: { ...user, KOMOREBI_CONFIG_HOME: windowsPath(komorebiHome).replaceAll('\\', '/') } },
    ]);
    const broken = wineCouldNotStart(printed);
    if (broken) ctx.skip(broken);
    const [checkProfile, previewProfile, checkKomorebi, previewKomorebi] = printed;

    expect(checkProfile).toMatchObject({ status: 0 });
    expect(checkProfile?.stderr).toContain(`tilebar: using ${windowsPath(profile)}\\komorebi.bar.json (home directory)`);
    expect(previewProfile, JSON.stringify(previewProfile)).toMatchObject({ status: 0 });
    expect(previewProfile?.stdout).toContain('FROM PROFILE');
    expect(checkKomorebi?.stderr).toContain(`tilebar: using ${windowsPath(komorebiHome)}\\komorebi.bar.json ($KOMOREBI_CONFIG_HOME)`);
    expect(previewKomorebi?.stdout).toContain('FROM KOMOREBI HOME');

    // The validated models were cached under %LOCALAPPDATA%\tilebar\cache, and nowhere in the directory besides.
    const models = join(profile, 'AppData', 'Local', 'tilebar', 'cache', 'models');
    expect(existsSync(models) ? readdirSync(models).length : 0, `cached models in ${models}`).toBeGreaterThan(0);
    expect(readdirSync(profile).sort()).toEqual(['AppData', 'komorebi.bar.json']);
  }, 300_000);
});
