/**
 * Another build of tilebar beside the one under test, for the tests of a core meeting a tilebar of another
 * version (serve/core-handover.ts): a copy of the built bundle, with its package.json saying `version` (the
 * bundle reads its version there at start), in a directory of the caller's. `coreFails`: the copy's `serve`
 * throws as it loads (a half-installed upgrade, or a core with a bug at start), while its front ends run.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();

/** Makes the build in `dir` and returns its main.js: what npm links as `tilebar`. */
export function otherBuild(dir: string, version: string, opts: { coreFails?: boolean } = {}): string {
  cpSync(join(ROOT, 'dist', 'bundle'), join(dir, 'dist', 'bundle'), { recursive: true });
  cpSync(join(ROOT, 'config.example.json'), join(dir, 'config.example.json'));
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, version }, null, 2));
  if (opts.coreFails) {
    const serve = readdirSync(join(dir, 'dist', 'bundle')).find((f) => /^serve-.*\.mjs$/.test(f));
    if (!serve) throw new Error('the bundle has no serve chunk');
    writeFileSync(join(dir, 'dist', 'bundle', serve), "throw new Error('this build of tilebar cannot start its core');\n");
  }
  return join(dir, 'dist', 'bundle', 'main.js');
}
