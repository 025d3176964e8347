#!/usr/bin/env node
// `npm run release`: this version's artifacts, in one folder (release/<version>/, or `--out DIR`):
// - tilebar-<version>.tgz, the npm package. Packed from a staging copy whose package.json has no scripts and no
//   development dependencies: npm counts `prepare` as an install script, so a package carrying it makes every
//   `npm install` of it warn (npm 11: "install scripts not yet covered by allowScripts") and ask to be allowed,
//   although nothing needs to run. What the package holds is what npm packs of this checkout (package.json's
//   `files`), built first: packed once without scripts, unpacked, its package.json replaced, and packed again.
// - SHA256SUMS, one line per artifact, as `sha256sum -c` reads it.
// The build runs in this checkout (scripts/bundle.mjs), so a test runs this script in a copy of its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** `--out DIR`, the only option. */
function outDir(argv) {
  const at = argv.indexOf('--out');
  if (at < 0) return join(root, 'release', pkg.version);
  const dir = argv[at + 1];
  if (!dir) throw new Error('--out needs a folder');
  return resolve(dir);
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}`);
  return r.stdout;
}

/** The package.json a user installs: everything but what only a checkout uses. */
function publishedManifest() {
  const { scripts: _scripts, devDependencies: _dev, overrides: _overrides, ...published } = pkg;
  return published;
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

const out = outDir(process.argv.slice(2));
run(process.execPath, [join(root, 'scripts', 'bundle.mjs')], root);

mkdirSync(out, { recursive: true });
const stage = mkdtempSync(join(out, '.stage-'));
try {
  // The bundle is built: npm's `prepare` would only build it again.
  const [whole] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], root));
  if (!whole?.filename) throw new Error('npm pack named no tarball');
  run('tar', ['-xzf', join(stage, whole.filename), '-C', stage], stage);
  const pkgDir = join(stage, 'package');
  writeFileSync(join(pkgDir, 'package.json'), `${JSON.stringify(publishedManifest(), null, 2)}\n`);
  // npm's own settings from the environment still apply (a registry, a cache); no lifecycle script is left to run.
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', out], pkgDir));
  if (!packed?.filename) throw new Error('npm pack named no tarball');
} finally {
  rmSync(stage, { recursive: true, force: true });
}

const artifacts = readdirSync(out).filter((name) => name.endsWith('.tgz') && name.startsWith(`${pkg.name}-${pkg.version}`)).sort();
writeFileSync(join(out, 'SHA256SUMS'), artifacts.map((name) => `${sha256(join(out, name))}  ${name}\n`).join(''));
for (const name of [...artifacts, 'SHA256SUMS']) {
  const { size } = statSync(join(out, name));
  process.stdout.write(`${relative(process.cwd(), join(out, name)) || name}  ${(size / 1024).toFixed(0)} KB\n`);
}
