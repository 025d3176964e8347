/**
 * Every public real config (../shared/fixtures/real-configs, as the conformance run reads them) checks and
 * previews — text, ansi, json, svg and png, readings given and the clock fixed — with the same bytes, stderr and
 * exit status under the Windows build of Node (Wine) as under Linux's. All of them run in one node.exe start
 * (test/windows/real-configs.mjs, through the bundle's own one-shot scripts), since each start costs seconds.
 * Skipped, saying why, where ../shared or the Windows Node is absent.
 *
 * With TILEBAR_WINDOWS_EXE (wine.ts), tilebar.exe has no such batch: it is started once per config and command,
 * one after the other from one node.exe (windows-env.cjs: Wine would otherwise put the cache of validated models
 * in the shared prefix's %LOCALAPPDATA%, where the Linux side keeps its in the test's folder), and its stdout,
 * stderr and exit status compared with what the Linux runs of the bundle's scripts gave.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXE, ROOT, RUNNER, SKIP, found, q, runBundleWithWindowsEnv, stdoutBytes, wineCouldNotStart, withoutNodeVersion, type WindowsNode } from './wine.js';
import { childEnv } from '../support/child-env.js';

const FIXTURES = join(ROOT, '..', 'shared', 'fixtures', 'real-configs');
const SCRIPT = join(ROOT, 'test', 'windows', 'real-configs.mjs');
const absent = existsSync(FIXTURES) ? '' : ` (skipped: ${FIXTURES} is absent; it lives in ../shared)`;
if (absent) console.warn(`test/windows/real-configs: skipped, ${FIXTURES} is absent (it lives in ../shared)`);

interface Result {
  config: string;
  command: string;
  status: number | string;
  out: string;
  bytes?: string;
  err: string;
}
interface Run {
  results: Result[];
  elapsedMs: number;
}

/** The configs, as real-configs.mjs takes them. */
const CONFIGS = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort() : [];
/** What real-configs.mjs runs of each config, by its name there, with the same arguments in the same order. */
const READINGS = ['--at', '2024-09-08T09:05:03', '--set', 'cpu=95', '--set', 'battery=10', '--width', '160'];
const COMMANDS = (config: string): [string, string[]][] => [
  ['check', ['check', '--tiler', 'komorebi', config]],
  ...['text', 'ansi', 'json', 'svg', 'png'].map((f): [string, string[]] => [`preview ${f}`, ['preview', '--config', config, ...READINGS, '--format', f]]),
];

function readResults(file: string): Run {
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Result | { elapsedMs: number });
  const last = lines.at(-1);
  return { results: lines.filter((l): l is Result => 'command' in l), elapsedMs: last && 'elapsedMs' in last ? last.elapsedMs : NaN };
}

/** Each config whose runs differ, with the first command and field that differ and both values' starts. */
function differences(linux: readonly Result[], windows: readonly Result[]): string[] {
  const byKey = new Map(windows.map((r) => [`${r.config}\0${r.command}`, r]));
  const differing = new Map<string, string>();
  for (const l of linux) {
    const w = byKey.get(`${l.config}\0${l.command}`);
    const same = (k: 'status' | 'out' | 'bytes' | 'err') => (k === 'out' ? withoutNodeVersion(l.out) === withoutNodeVersion(w?.out ?? '') : l[k] === w?.[k]);
    const field = w === undefined ? 'missing' : (['status', 'out', 'bytes', 'err'] as const).find((k) => !same(k));
    if (field === undefined || differing.has(l.config)) continue;
    const shown = (r: Result | undefined) => (r === undefined || field === 'missing' ? 'nothing' : JSON.stringify(String(r[field] ?? '')).slice(0, 300));
    // A status alone says little: what each side said on stderr goes with it (a Wine fault shows there).
    const said = field === 'status' ? `\n  stderr on Linux: ${JSON.stringify(l.err.slice(0, 300))}\n  stderr on Windows: ${JSON.stringify((w?.err ?? '').slice(0, 600))}` : '';
    differing.set(l.config, `${l.config}: ${l.command} ${field} differs:\n  Linux:   ${shown(l)}\n  Windows: ${shown(w)}${said}`);
  }
  return [...differing.values()];
}

/**
 * With tilebar.exe, the configs it runs: every one, or a deterministic subset (every EXE_EVERYth, in name order)
 * where one start per config and command would take too long under Wine. 1: all of them (measured: see the log).
 */
const EXE_EVERY = 1;
const CHOSEN = EXE ? CONFIGS.filter((_, i) => i % EXE_EVERY === 0) : CONFIGS;
const WHICH = CHOSEN.length === CONFIGS.length ? 'the real configs' : `${CHOSEN.length} of the ${CONFIGS.length} real configs (every ${EXE_EVERY}th)`;

/** A Linux path as a Windows program under Wine names it (the Linux root is drive Z:). */
const windowsPath = (linux: string) => `Z:${linux.replaceAll('/', '\\')}`;

/**
 * tilebar.exe over `configs`, started once per config and command in the fixtures' folder (as real-configs.mjs
 * runs each there), its cache of validated models in the test's folder: the results as real-configs.mjs writes
 * them, a PNG's stdout as its bytes.
 */
function exeResults(win: WindowsNode, dir: string, configs: readonly string[]): { results: Result[]; broken?: string } {
  const runs = configs.flatMap((config) => COMMANDS(config).map(([command, args]) => ({ config, command, args })));
  const env = { LOCALAPPDATA: windowsPath(join(dir, 'windows-cache')), TZ: 'UTC' };
  const printed = runBundleWithWindowsEnv(win, dir, runs.map(({ args }) => ({ args, env, cwd: windowsPath(FIXTURES) })), 1_800_000);
  const broken = wineCouldNotStart(printed);
  const results = runs.map(({ config, command }, i): Result => {
    const p = printed[i] ?? { stdout: '', stderr: '', status: NaN };
    const bytes = existsSync(join(dir, `${i}.out`)) ? stdoutBytes(dir, i) : Buffer.alloc(0);
    const png = command === 'preview png' && bytes.length > 0;
    return { config, command, status: p.status, out: png ? '' : p.stdout, ...(png ? { bytes: bytes.toString('base64') } : {}), err: p.stderr };
  });
  return broken ? { results, broken } : { results };
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string' || absent !== '')(`${WHICH} under ${RUNNER} (Wine)${SKIP}${absent}`, () => {
  it(`check and preview in every format with the same bytes, stderr and exit status as on Linux${EXE ? ', one tilebar.exe start per config and command' : ''}`, async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-windows-real-'));
    dirs.push(dir);

    const started = Date.now();
    let windows: Run;
    if (EXE) {
      const ran = exeResults(win, dir, CHOSEN);
      // Wine itself failing to start tilebar.exe is this machine's problem, not tilebar's: skipped, saying so.
      if (ran.broken) ctx.skip(ran.broken);
      windows = { results: ran.results, elapsedMs: NaN };
    } else {
      // One node.exe start for all of them; its results go to a file (Wine fails writing to a Linux pipe).
      const shell = `${q(win.wine)} ${q(win.node)} ${q(SCRIPT)} ${q(FIXTURES)} windows.jsonl windows-cache > windows.out 2> windows.err < /dev/null; echo $? > windows.status`;
      const r = spawnSync('sh', ['-c', shell], { cwd: dir, env: childEnv({ ...win.env, TZ: 'UTC' }), stdio: 'ignore', timeout: 600_000 });
      if (r.error) throw r.error;
      const status = readFileSync(join(dir, 'windows.status'), 'utf8').trim();
      const stderr = readFileSync(join(dir, 'windows.err'), 'utf8');
      // Wine itself failing to start node.exe is this machine's problem, not tilebar's: skipped, saying so.
      if (status !== '0' && !existsSync(join(dir, 'windows.jsonl')) && /\bwine\b/i.test(stderr)) ctx.skip(`Wine could not start node.exe here: ${stderr.trim().split('\n')[0] ?? ''}`);
      expect(status, `the Windows run ended badly: ${stderr}`).toBe('0');
      windows = readResults(join(dir, 'windows.jsonl'));
    }
    const wallMs = Date.now() - started;

    execFileSync(process.execPath, [SCRIPT, FIXTURES, 'linux.jsonl', 'linux-cache'], { cwd: dir, env: childEnv({ TZ: 'UTC' }), stdio: 'ignore' });
    const linuxRun = readResults(join(dir, 'linux.jsonl'));
    const linux = { ...linuxRun, results: linuxRun.results.filter((x) => CHOSEN.includes(x.config)) };
    // For the record (not a test of speed): what the Windows side over all of them costs under Wine.
    const windowsTook = EXE ? `tilebar.exe under Wine ${wallMs} ms for ${windows.results.length} starts` : `Windows Node under Wine ${windows.elapsedMs} ms in process, ${wallMs} ms with its start`;
    console.log(`test/windows/real-configs: ${linux.results.length} commands over ${new Set(linux.results.map((x) => x.config)).size} configs; ${windowsTook}; Linux ${linuxRun.elapsedMs} ms`);

    expect(linux.results.length, 'the Linux run checked and previewed the configs').toBeGreaterThan(0);
    expect(linux.results.filter((x) => x.command === 'preview png' && x.status === 0).every((x) => (x.bytes ?? '').length > 0), 'every PNG preview on Linux printed a picture').toBe(true);
    expect(windows.results.length, 'the Windows run did as many commands as Linux').toBe(linux.results.length);
    expect(differences(linux.results, windows.results), `configs whose check or preview differs under ${RUNNER}`).toEqual([]);
  }, 1_900_000);
});
