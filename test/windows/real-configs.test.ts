/**
 * Every public real config (../shared/fixtures/real-configs, as the conformance run reads them) checks and
 * previews — text, ansi, json, svg and png, readings given and the clock fixed — with the same bytes, stderr and
 * exit status under the Windows build of Node (Wine) as under Linux's. All of them run in one node.exe start
 * (test/windows/real-configs.mjs, through the bundle's own one-shot scripts), since each start costs seconds.
 * Skipped, saying why, where ../shared or the Windows Node is absent.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SKIP, found, q, withoutNodeVersion, type WindowsNode } from './wine.js';
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
    differing.set(l.config, `${l.config}: ${l.command} ${field} differs:\n  Linux:   ${shown(l)}\n  Windows: ${shown(w)}`);
  }
  return [...differing.values()];
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string' || absent !== '')(`the real configs under the Windows build of Node (Wine)${SKIP}${absent}`, () => {
  it('check and preview in every format with the same bytes, stderr and exit status as on Linux', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-windows-real-'));
    dirs.push(dir);

    // One node.exe start for all of them; its results go to a file (Wine fails writing to a Linux pipe).
    const started = Date.now();
    const shell = `${q(win.wine)} ${q(win.node)} ${q(SCRIPT)} ${q(FIXTURES)} windows.jsonl windows-cache > windows.out 2> windows.err < /dev/null; echo $? > windows.status`;
    const r = spawnSync('sh', ['-c', shell], { cwd: dir, env: childEnv({ ...win.env, TZ: 'UTC' }), stdio: 'ignore', timeout: 600_000 });
    if (r.error) throw r.error;
    const wallMs = Date.now() - started;
    const status = readFileSync(join(dir, 'windows.status'), 'utf8').trim();
    const stderr = readFileSync(join(dir, 'windows.err'), 'utf8');
    // Wine itself failing to start node.exe is this machine's problem, not tilebar's: skipped, saying so.
    if (status !== '0' && !existsSync(join(dir, 'windows.jsonl')) && /\bwine\b/i.test(stderr)) ctx.skip(`Wine could not start node.exe here: ${stderr.trim().split('\n')[0] ?? ''}`);
    expect(status, `the Windows run ended badly: ${stderr}`).toBe('0');
    const windows = readResults(join(dir, 'windows.jsonl'));

    execFileSync(process.execPath, [SCRIPT, FIXTURES, 'linux.jsonl', 'linux-cache'], { cwd: dir, env: childEnv({ TZ: 'UTC' }), stdio: 'ignore' });
    const linux = readResults(join(dir, 'linux.jsonl'));
    // For the record (not a test of speed): what one node.exe start over all of them costs under Wine.
    console.log(
      `test/windows/real-configs: ${linux.results.length} commands over ${new Set(linux.results.map((x) => x.config)).size} configs; Windows Node under Wine ${windows.elapsedMs} ms in process, ${wallMs} ms with its start; Linux ${linux.elapsedMs} ms`,
    );

    expect(linux.results.length, 'the Linux run checked and previewed the configs').toBeGreaterThan(0);
    expect(linux.results.filter((x) => x.command === 'preview png' && x.status === 0).every((x) => (x.bytes ?? '').length > 0), 'every PNG preview on Linux printed a picture').toBe(true);
    expect(windows.results.length, 'the Windows run did as many commands as Linux').toBe(linux.results.length);
    expect(differences(linux.results, windows.results), 'configs whose check or preview differs under the Windows Node').toEqual([]);
  }, 900_000);
});
