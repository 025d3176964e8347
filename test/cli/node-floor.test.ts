/**
 * The installed `tilebar` command on the Node lines around its floor (22.12): on Node 20, the last build of a line
 * that reached end of life, it says in one line which Node it needs and which it found, and exits 2 — no stack
 * trace, no half-started bar; on 22.12.0, the floor's own build, its commands run. Each Node is the official
 * build from the npm registry, pinned by scripts/supported-node.mjs and kept in the runner's cache folder (CI
 * brings both before the suite; here they are brought when missing). The command is started as a user's shell
 * starts it: the bundle's own file, through its #! line, with that Node first on PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR, SUPPORTED_LINES, isSupportedNode, oldNodeRefusal } from '../../src/cli/node-floor.js';
import { childEnv, networkEnv } from '../support/child-env.js';

const repo = process.cwd();
const main = join(repo, 'dist', 'bundle', 'main.js');
const config = join(repo, 'config.example.json');

/** The cache's node of a pinned version, or why there is none (then its tests skip, saying so). */
function pinnedNode(version: string): { node: string } | { why: string } {
  const r = spawnSync(process.execPath, [join(repo, 'scripts', 'supported-node.mjs'), '--ensure', version], {
    encoding: 'utf8',
    env: childEnv({ ...networkEnv(), TILEBAR_NODE_CACHE: process.env.TILEBAR_NODE_CACHE }),
  });
  return r.status === 0 ? { node: r.stdout.trim() } : { why: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
}

const onNode = (node: string, args: string[]) =>
  spawnSync(main, args, { encoding: 'utf8', cwd: repo, env: childEnv({ PATH: `${dirname(node)}:${process.env.PATH ?? '/usr/bin:/bin'}` }), timeout: 120_000 });

describe('the floor, in words', () => {
  it('is the same in package.json, the launcher and the scripts that bring a Node', () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${NODE_FLOOR.replace(/\.0$/, '')}`);
    const script = readFileSync(join(repo, 'scripts', 'supported-node.mjs'), 'utf8');
    expect(script).toContain(`export const FLOOR = '${NODE_FLOOR}';`);
    expect(script).toContain(`export const SUPPORTED_LINES = [${SUPPORTED_LINES.map((l) => `'${l}'`).join(', ')}];`);
  });

  it('accepts 22.12 and every later line, and refuses what is older in one line naming both', () => {
    for (const v of ['v22.12.0', 'v22.23.3', 'v23.0.0', 'v24.21.0', 'v26.12.1', 'v30.0.0']) expect(isSupportedNode(v), v).toBe(true);
    for (const v of ['v20.20.2', 'v21.7.3', 'v22.11.0', 'v18.20.0', 'v0.10.48']) expect(isSupportedNode(v), v).toBe(false);
    expect(oldNodeRefusal('v20.20.2', '/usr/bin/node')).toBe('tilebar: needs Node 22.12 or newer (the lines 22, 24 and 26); this is Node v20.20.2 (/usr/bin/node)\n');
  });
});

const node20 = pinnedNode('20.20.2');
const node22 = pinnedNode('22.12.0');

describe.skipIf('why' in node20)(`the installed command on Node 20.20.2${'why' in node20 ? ` (skipped: ${node20.why})` : ''}`, () => {
  it.each([[['--version']], [['run']], [['feed', 'i3bar']], [['check', '--config', config]], [['preview', '--config', config]], [[]]])('refuses %j in one line and exits 2', (args) => {
    const r = onNode((node20 as { node: string }).node, args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tilebar: needs Node 22\.12 or newer \(the lines 22, 24 and 26\); this is Node v20\.20\.2 \(\/\S+\/node\)\n$/);
  });
});

describe.skipIf('why' in node22)(`the installed command on Node 22.12.0, the floor${'why' in node22 ? ` (skipped: ${node22.why})` : ''}`, () => {
  const node = (node22 as { node: string }).node;

  it('says its version and the Node it runs on', () => {
    const r = onNode(node, ['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\nNode v22\.12\.0 \(linux x64\); tilebar runs on Node 22\.12 or newer/);
  });

  it('checks and previews the example config', () => {
    const check = onNode(node, ['check', '--config', config]);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain('Node here: v22.12.0; tilebar runs on Node 22.12 or newer');
    const preview = onNode(node, ['preview', '--config', config, '--format', 'text', '--width', '160']);
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/CPU/);
  });

  it("writes a feed's first lines", () => {
    // The i3bar protocol's header and the opening of its endless array, then a status line: read and ended.
    const out = execFileSync('sh', ['-c', `"${main}" feed i3bar --config "${config}" | head -n 3`], {
      encoding: 'utf8',
      env: childEnv({ PATH: `${dirname(node)}:${process.env.PATH ?? '/usr/bin:/bin'}` }),
      timeout: 120_000,
    });
    const [header = '', open = '', first = ''] = out.split('\n');
    expect(JSON.parse(header)).toMatchObject({ version: 1 });
    expect(open).toBe('[');
    expect(first).toMatch(/^\[\{/);
  });
});
