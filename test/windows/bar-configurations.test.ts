/**
 * komorebi's bar_configurations under the Windows build of Node (Wine): komorebi.json in `%USERPROFILE%`, its
 * entries written as komorebi users write them (`$Env:USERPROFILE\…` in another letter case, `~/…`, `$HOME\…`,
 * each `%USERPROFILE%` on Windows), `check` saying which monitor each bar is on, and `preview --monitor 1`
 * drawing monitor 1's bar. Wine shows the Linux root as drive Z:.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNNER, SKIP, found, runBundleWithWindowsEnv, wineCouldNotStart, type WindowsNode } from './wine.js';
import { writeBarConfig } from '../support/bar-config.js';

/** A Linux path as node.exe under Wine sees it. */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

const config = (monitor: number, word: string) => `{\n  "monitor": ${monitor},\n  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word}" }, "label_prefix": "None" } } ],\n  "right_widgets": []\n}\n`;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string')(`bar_configurations with Windows paths under ${RUNNER} (Wine)${SKIP}`, () => {
  it("checks each listed config with the monitor its bar is on, and previews monitor 1's bar", async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-wine-barconf-'));
    dirs.push(dir);
    const profile = join(dir, 'Users', 'Zoë Müller');
    await mkdir(join(profile, 'bars'), { recursive: true });
    await writeBarConfig(profile, JSON.stringify({ bar_configurations: ['$env:userprofile\\bars\\bar.0.json', '~/bars/bar.1.json', '$HOME\\bars\\missing.json'] }), 'komorebi.json');
    await writeBarConfig(join(profile, 'bars'), config(0, 'MONITOR ZERO'), 'bar.0.json');
    await writeBarConfig(join(profile, 'bars'), config(1, 'MONITOR ONE'), 'bar.1.json');
    const user = { USERPROFILE: windowsPath(profile), LOCALAPPDATA: windowsPath(join(profile, 'AppData', 'Local')), HOME: '/root' };
    const preview = ['preview', '--at', '2024-09-08T09:05:03Z', '--width', '80', '--format', 'text', '--monitor', '1'];
    const printed = runBundleWithWindowsEnv(win, dir, [
      { args: ['check'], env: user },
      { args: preview, env: user },
    ]);
    const broken = wineCouldNotStart(printed);
    if (broken) ctx.skip(broken);
    const [check, monitorOne] = printed;
    const bars = `${windowsPath(profile)}\\bars`;
    expect(check?.stderr).toContain(`tilebar: using the bar_configurations of ${windowsPath(profile)}\\komorebi.json: 2 files to check`);
    expect(check?.stdout).toContain(`${bars}\\bar.0.json: is the bar of monitor 0 (bar_configurations[0])`);
    expect(check?.stdout).toContain(`${bars}\\bar.1.json: is the bar of monitor 1 (bar_configurations[1])`);
    expect(check?.stdout).toContain(`error: bar_configurations[2]: ${bars}\\missing.json: no such file`);
    expect(check).toMatchObject({ status: 1 });
    expect(monitorOne, JSON.stringify(monitorOne)).toMatchObject({ status: 0 });
    expect(monitorOne?.stdout).toContain('MONITOR ONE');
  }, 300_000);
});
