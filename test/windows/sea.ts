/**
 * Windows programs of the tests' own making, for what tilebar starts on Windows (a fake komorebic.exe, fake
 * helpers): one CommonJS file built into a Node single-executable application — the blob made by
 * `node --experimental-sea-config`, injected by postject into a copy of the Windows node.exe.
 *
 * Measured here: the blob Linux's node v20.20.2 makes is byte for byte the one node.exe 20.20.2 makes under Wine,
 * and runs there; so the blob is made by this Node when its version is node.exe's (fast), else by node.exe under
 * Wine (its output to a file, as Wine fails writing to a Linux pipe). Injecting takes postject ~10 s of CPU, so each
 * exe is kept in the CI cache under node.exe's version and the hash of what made it (the script, node.exe,
 * postject's): the suite run on another Node line (TILEBAR_WINDOWS_NODE) keeps its own builds beside these.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { q, type WindowsNode } from './wine.js';
import { childEnv } from '../support/child-env.js';

/** The Windows Node as the setup script reports it, with postject when it put it in the cache. */
export interface WindowsNodeWithSea extends WindowsNode {
  postject?: string;
}

/** The fuse node.exe looks for to know a blob was injected (the same from Node 20 to 26), and the resource it reads the blob from. */
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const RESOURCE = 'NODE_SEA_BLOB';

function failed(what: string, r: ReturnType<typeof spawnSync>): string {
  const said = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-1)[0] ?? '';
  return `${what} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}${said ? `: ${said}` : ''})`;
}

/** Makes `blob` from `main` in `work`: with this Node when it is node.exe's version, else with node.exe under Wine. */
function makeBlob(win: WindowsNode, work: string): string | undefined {
  writeFileSync(join(work, 'sea.json'), JSON.stringify({ main: 'main.js', output: 'blob', disableExperimentalSEAWarning: true }));
  const sameNode = process.version === `v${win.version}`;
  const r = sameNode
    ? spawnSync(process.execPath, ['--experimental-sea-config', 'sea.json'], { cwd: work, encoding: 'utf8', timeout: 120_000 })
    : spawnSync('sh', ['-c', `${q(win.wine)} ${q(win.node)} --experimental-sea-config sea.json > made.out 2> made.err < /dev/null`], {
        cwd: work,
        env: childEnv(win.env),
        encoding: 'utf8',
        timeout: 240_000,
      });
  if (r.status !== 0 || !existsSync(join(work, 'blob'))) return failed(sameNode ? 'node --experimental-sea-config' : 'node.exe --experimental-sea-config under Wine', r);
  return undefined;
}

/**
 * The path of a Windows .exe that runs `script` (one CommonJS file that requires only Node's own modules), built
 * once and then taken from the cache; or why it cannot be built here, in one line.
 */
export function seaExe(win: WindowsNodeWithSea, script: string): { exe: string } | { skip: string } {
  if (!win.postject) return { skip: 'postject is not in the CI cache (run node scripts/windows-node.mjs)' };
  const source = readFileSync(script);
  const hash = createHash('sha256').update(source).update(`\0${win.node}\0${win.postject}`).digest('hex').slice(0, 16);
  const cache = join(dirname(win.prefix), 'sea');
  const name = basename(script).replace(/\.[^.]*$/, '');
  const exe = join(cache, `${name}-${win.version}-${hash}.exe`);
  if (existsSync(exe)) return { exe };
  const work = join(cache, `build-${process.pid}-${hash}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    writeFileSync(join(work, 'main.js'), source);
    const blobFailed = makeBlob(win, work);
    if (blobFailed) return { skip: blobFailed };
    const made = join(work, 'made.exe');
    copyFileSync(win.node, made);
    chmodSync(made, 0o755);
    const r = spawnSync(process.execPath, [win.postject, made, RESOURCE, join(work, 'blob'), '--sentinel-fuse', SENTINEL], {
      cwd: work,
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (r.status !== 0) return { skip: failed('postject', r) };
    // Whole or not at all: another test file may be building the same exe at the same time.
    renameSync(made, exe);
    // Each is 70–100 MB: the builds of an older version of this script for this node.exe go (and those of before
    // the version was in the name).
    const older = new RegExp(`^${name.replace(/[^\w]/g, '\\$&')}-(${win.version.replaceAll('.', '\\.')}-)?[0-9a-f]{16}\\.exe$`);
    for (const old of readdirSync(cache)) if (older.test(old) && join(cache, old) !== exe) rmSync(join(cache, old), { force: true });
    return { exe };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
