/**
 * What a user installs: `npm run release` (scripts/release.mjs) on a copy of the repository as a clean clone has
 * it, which builds the bundle and packs it from a staging copy, then the tarball installed into a temporary prefix
 * with no repository beside it (its two dependencies from npm's cache, else the registry: `--offline` needed their
 * registry documents cached, which `npm ci` never fetches, so it failed on a fresh machine). The package holds only
 * what runs (and the licences), carries no script for npm to run or ask about, and its only dependencies are the
 * PNG renderer and its fonts; `tilebar --help`, `tilebar preview` and a PNG preview work from the install once the
 * copy it came from is gone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv, networkEnv } from '../support/child-env.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';

const repo = process.cwd();
/** What a clone holds that packing needs (no dist/: the clone has never been built). */
const CLONE = ['package.json', 'package-lock.json', 'config.example.json', 'LICENSE', 'README.md', 'tsconfig.json', 'src', 'widgets', 'themes', 'scripts'];

const npmEnv = (env: Record<string, string> = {}) => childEnv({ ...networkEnv(), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...env });

describe('the package a user installs', () => {
  it('is made by npm run release from a clean clone, holds only what runs, asks nothing of npm, and works installed alone', () => {
    const work = mkdtempSync(join(tmpdir(), 'tilebar-pack-'));
    const clone = join(work, 'clone');
    for (const entry of CLONE) cpSync(join(repo, entry), join(clone, entry), { recursive: true });
    // The clone's `npm ci` would install these; the repository's own are the same versions.
    symlinkSync(join(repo, 'node_modules'), join(clone, 'node_modules'));
    expect(existsSync(join(clone, 'dist'))).toBe(false);

    const out = join(work, 'release');
    const released = spawnSync('npm', ['run', 'release', '--silent', '--', '--out', out], { cwd: clone, encoding: 'utf8', env: npmEnv() });
    expect(released.status, released.stderr).toBe(0);
    const tarball = readdirSync(out).find((name) => name.endsWith('.tgz'));
    expect(tarball).toMatch(/^tilebar-\d+\.\d+\.\d+\.tgz$/);
    // SHA256SUMS as `sha256sum -c` reads it, naming the tarball.
    const digest = createHash('sha256').update(readFileSync(join(out, tarball ?? ''))).digest('hex');
    expect(readFileSync(join(out, 'SHA256SUMS'), 'utf8')).toBe(`${digest}  ${tarball}\n`);
    const listed = execFileSync('tar', ['-tzf', join(out, tarball ?? '')], { encoding: 'utf8' });
    const files = listed.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')).sort();
    const allowed = (f: string) =>
      ['LICENSE', 'README.md', 'config.example.json', 'package.json', 'themes/CREDITS.md', 'dist/bundle/THIRD-PARTY-NOTICES.md', 'dist/bundle/package.json'].includes(f) || /^dist\/bundle\/[\w-]+\.[cm]?js$/.test(f);
    expect(files.filter((f) => !allowed(f))).toEqual([]);
    expect(files).toContain('dist/bundle/main.js');
    // The one-shot commands' scripts, which run with a code cache (src/cli/code-cache.ts).
    expect(files).toContain('dist/bundle/oneshot-preview.cjs');
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/bundle/THIRD-PARTY-NOTICES.md');
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', join(out, tarball ?? ''), 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();

    const prefix = join(work, 'prefix');
    const installed = spawnSync('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', join(out, tarball ?? '')], { cwd: work, encoding: 'utf8', env: npmEnv() });
    expect(installed.status, installed.stderr).toBe(0);
    // No script for the user to allow (npm 11 warned of `prepare` on every install of the package that carried it).
    expect(`${installed.stdout}${installed.stderr}`).not.toMatch(/install-scripts|allow-?scripts|prepare/i);
    // A copy: nothing of it is a link back into the copy of the repository it came from, which goes now.
    rmSync(clone, { recursive: true, force: true });
    // tilebar, and beside its bundle (which carries every library it runs) only what --format png reads.
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['tilebar']);
    const deps = join(prefix, 'lib', 'node_modules', 'tilebar', 'node_modules');
    expect(readdirSync(deps).sort()).toEqual(['@resvg', 'dejavu-fonts-ttf']);
    expect(readdirSync(join(deps, '@resvg'))).toEqual(['resvg-wasm']);

    const tilebar = join(prefix, 'bin', 'tilebar');
    // npm links the command to the bundle itself: its #! line, with Node's launch flags, is what starts it.
    expect(readFileSync(tilebar, 'utf8').split('\n', 1)[0]).toBe(`#!/usr/bin/env -S node ${NODE_LAUNCH_FLAGS.join(' ')}`);
    const home = mkdtempSync(join(tmpdir(), 'tilebar-pack-home-'));
    const env = childEnv({ PATH: `${prefix}/bin:${process.env.PATH ?? ''}`, HOME: home, TZ: 'UTC' });
    expect(execFileSync(tilebar, ['--help'], { encoding: 'utf8', env })).toContain('Usage: tilebar');
    const frame = execFileSync(tilebar, ['preview', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--format', 'text', '--width', '160', '--height', '1'], { encoding: 'utf8', env, cwd: home });
    expect(frame).toContain('CPU: 95%');
    expect(frame).toContain('10:05:03');
    // The installed preview ran from its script, and cached its compiled code in the user's cache.
    expect(readdirSync(join(home, '.cache', 'tilebar', 'code')).some((e) => e.startsWith('oneshot-preview-'))).toBe(true);
    const png = execFileSync(tilebar, ['preview', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--format', 'png', '--width', '160'], { env, cwd: home });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
