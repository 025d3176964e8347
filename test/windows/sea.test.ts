/**
 * test/windows/sea.ts builds a Windows program from one JS file (a Node single-executable application), and it
 * runs under Wine with the arguments it was given. Skipped, saying why, where Wine, the Windows Node or postject
 * is missing (`node scripts/windows-node.mjs` puts them in the CI cache).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seaExe, type WindowsNodeWithSea } from './sea.js';
import { found, q, SKIP } from './wine.js';
import { childEnv } from '../support/child-env.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string')(`a Windows .exe made from a JS file, under Wine${SKIP}`, () => {
  it('runs as a Windows program, with its arguments, and is taken from the cache the second time', async (ctx) => {
    const win = found as WindowsNodeWithSea;
    const script = join(import.meta.dirname, 'fixtures', 'sea-hello.cjs');
    const built = seaExe(win, script);
    if ('skip' in built) {
      console.warn(`test/windows: skipped: ${built.skip}`);
      ctx.skip();
      return;
    }
    expect(seaExe(win, script)).toEqual(built);
    const dir = await mkdtemp(join(tmpdir(), 'tb-sea-'));
    dirs.push(dir);
    const out = join(dir, 'said.json');
    spawnSync('sh', ['-c', `${q(win.wine)} ${q(built.exe)} focus-workspace 2 'two words' > run.out 2> run.err < /dev/null`], {
      cwd: dir,
      env: childEnv({ ...win.env, SEA_HELLO_OUT: out }),
      timeout: 240_000,
    });
    expect(existsSync(out), readFileSync(join(dir, 'run.err'), 'utf8')).toBe(true);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({ platform: 'win32', args: ['focus-workspace', '2', 'two words'] });
  }, 600_000);
});
