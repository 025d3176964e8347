// The Scoop and winget manifests of a release, for the Windows zip (`tilebar-<version>-win-x64.zip`, flat:
// tilebar.exe, LICENSE, THIRD-PARTY-NOTICES.md). What they say about tilebar comes from package.json: `version`,
// `description`, `license`, and its `releases` object (`downloads`, a URL pattern with `{version}` and `{file}`;
// `homepage`; `publisher`; the `winget` package identifier; the `scoop` app name). Only the zip's name and its
// SHA-256 are the release's own, so the step that made and hashed the zip passes them in. Nothing here reads or
// writes a file but writeManifests, so test/package/manifests.test.ts checks the same text a release writes.
//
// How scripts/release.mjs uses it, once the zip is in `out` (and before SHA256SUMS is written or after: the
// manifests go in a folder of their own, so they are not artifacts and SHA256SUMS does not list them):
//
//   import { packageManagerManifests, writeManifests } from './release-manifests.mjs';
//   const zipName = `${pkg.name}-${pkg.version}-win-x64.zip`;
//   const list = packageManagerManifests({ pkg, zipName, zipSha256: sha256(join(out, zipName)) });
//   for (const path of writeManifests(join(out, 'manifests'), list)) process.stdout.write(`${path}\n`);
//
// That writes manifests/scoop/tilebar.json (for a bucket) and manifests/winget/Tilebar.Tilebar{,.installer,
// .locale.en-US}.yaml (for a pull request to winget-pkgs, under manifests/<p>/<Publisher>/<Package>/<version>/
// there). Both point at the zip where `releases.downloads` says it will be uploaded, so they are right only once
// it is.
//
// winget: the multi-file set (version, defaultLocale, installer) at ManifestVersion 1.12.0, the newest that
// winget-pkgs accepts in pull requests (1.28.0 is published, but winget-pkgs' docs stop at 1.12.0 and its
// merged manifests declare 1.12.0; test/fixtures/package-manager-schemas/SOURCES.md has the evidence).
// The YAML is written here by hand: its shape is fixed, and a release then needs no YAML package; every string
// that a YAML 1.1 or 1.2 parser would read as something else (a number, a boolean, a date…) is quoted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize } from 'node:path';

/** The winget manifest schema the files declare and are tested against. */
export const WINGET_MANIFEST_VERSION = '1.12.0';

/**
 * Windows 10 1809 (build 17763) and later, so that winget refuses the install where tilebar could not work
 * rather than after it: Node, which tilebar.exe runs on, supports Windows 10 and later (it refuses to start
 * before 8.1), and 1809 is the first Windows 10 with the pseudo-console (ConPTY) through which terminals such as
 * Windows Terminal host a console program like tilebar.
 */
const MINIMUM_OS_VERSION = '10.0.17763.0';

/** Search words on winget (at most 16 of at most 40 characters each). */
const WINGET_TAGS = ['status-bar', 'statusbar', 'terminal', 'tui', 'komorebi', 'tiling-window-manager', 'cli'];

/**
 * @typedef {object} ReleasePackageJson  What is read of package.json.
 * @property {string} name
 * @property {string} version
 * @property {string} description
 * @property {string} license          An SPDX identifier (both Scoop and winget show it as it is).
 * @property {{ downloads: string, homepage: string, publisher: string, winget: string, scoop: string }} releases
 */

/**
 * @typedef {object} Manifest  One file to write.
 * @property {string} path  Relative, with `/`: `scoop/<name>.json` or `winget/<Id>[.installer|.locale.en-US].yaml`.
 * @property {string} text  The whole file, ending in a newline.
 */

/**
 * The manifests for `pkg`'s version, whose Windows zip is `zipName` with SHA-256 `zipSha256` (hex, either case).
 * `releaseDate` (YYYY-MM-DD), when given, goes in the winget installer manifest. Throws on an input that would
 * make a manifest that points nowhere or that a package manager refuses.
 * @param {{ pkg: ReleasePackageJson, zipName: string, zipSha256: string, releaseDate?: string }} input
 * @returns {Manifest[]}
 */
export function packageManagerManifests({ pkg, zipName, zipSha256, releaseDate }) {
  const { version, description, license, releases } = pkg;
  for (const [key, value] of Object.entries({ version, description, license })) {
    if (typeof value !== 'string' || value === '') throw new Error(`package.json has no ${key}`);
  }
  for (const key of /** @type {const} */ (['downloads', 'homepage', 'publisher', 'winget', 'scoop'])) {
    const value = releases?.[key];
    if (typeof value !== 'string' || value === '') throw new Error(`package.json has no releases.${key}`);
  }
  if (!/^[0-9a-fA-F]{64}$/.test(zipSha256)) throw new Error(`the zip's SHA-256 should be 64 hex digits, not ${JSON.stringify(zipSha256)}`);
  // A plain file name: it goes into a URL, and the autoupdate pattern finds the version in it.
  if (!/^[\w.+-]+\.zip$/.test(zipName)) throw new Error(`${JSON.stringify(zipName)} is not a zip's file name`);
  if (!zipName.includes(version)) throw new Error(`${zipName} does not hold the version ${version}: Scoop's autoupdate could not name the next one`);
  if (!releases.downloads.includes('{file}')) throw new Error('releases.downloads has no {file}');
  if (releaseDate !== undefined && !isDate(releaseDate)) throw new Error(`releaseDate should be YYYY-MM-DD, not ${JSON.stringify(releaseDate)}`);

  const url = releases.downloads.replaceAll('{version}', version).replaceAll('{file}', zipName);
  return [
    { path: `scoop/${releases.scoop}.json`, text: scoopManifest(pkg, zipName, url, zipSha256.toLowerCase()) },
    ...wingetManifests(pkg, url, zipSha256.toUpperCase(), releaseDate),
  ];
}

/**
 * Write `list` under `outDir` (made when missing), each file at its `path`; returns the paths written. A path
 * that is absolute or climbs out of `outDir` is refused, so a bad list cannot write elsewhere.
 * @param {string} outDir
 * @param {Manifest[]} list
 * @returns {string[]}
 */
export function writeManifests(outDir, list) {
  return list.map(({ path, text }) => {
    const rel = normalize(path);
    if (isAbsolute(rel) || rel.split(/[\\/]/)[0] === '..') throw new Error(`manifest path ${path} is outside the folder`);
    const file = join(outDir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });
}

/**
 * Scoop's app manifest, in the Main bucket's style (4-space indent, its key order, lower-case hash). `checkver`
 * "github" reads the newest release of `homepage` (a GitHub repository); `autoupdate` then makes the next
 * version's URL from the same pattern, and finds its hash in that release's SHA256SUMS (Scoop looks for the line
 * that names the file), which the release publishes beside the zip.
 * @param {ReleasePackageJson} pkg
 * @param {string} zipName
 * @param {string} url
 * @param {string} sha256
 */
function scoopManifest(pkg, zipName, url, sha256) {
  const { version, description, license, releases } = pkg;
  const nextUrl = releases.downloads.replaceAll('{file}', zipName.split(version).join('{version}')).replaceAll('{version}', '$version');
  const manifest = {
    version,
    description,
    homepage: releases.homepage,
    license,
    architecture: { '64bit': { url, hash: sha256 } },
    bin: 'tilebar.exe',
    checkver: 'github',
    autoupdate: {
      architecture: { '64bit': { url: nextUrl } },
      hash: { url: '$baseurl/SHA256SUMS' },
    },
  };
  return `${JSON.stringify(manifest, null, 4)}\n`;
}

/**
 * winget's three files. Archive type, nested portable: winget unpacks the zip and links `tilebar` to the exe.
 * @param {ReleasePackageJson} pkg
 * @param {string} url
 * @param {string} sha256
 * @param {string | undefined} releaseDate
 * @returns {Manifest[]}
 */
function wingetManifests(pkg, url, sha256, releaseDate) {
  const id = pkg.releases.winget;
  const head = (/** @type {string} */ type) => [
    `# Created with tilebar's scripts/release-manifests.mjs`,
    `# yaml-language-server: $schema=https://aka.ms/winget-manifest.${type}.${WINGET_MANIFEST_VERSION}.schema.json`,
    '',
    `PackageIdentifier: ${yamlString(id)}`,
    `PackageVersion: ${yamlString(pkg.version)}`,
  ];
  const tail = (/** @type {string} */ type) => [`ManifestType: ${type}`, `ManifestVersion: ${WINGET_MANIFEST_VERSION}`];
  const lines = (/** @type {string[]} */ ...parts) => `${parts.join('\n')}\n`;

  const version = lines(...head('version'), 'DefaultLocale: en-US', ...tail('version'));
  const locale = lines(
    ...head('defaultLocale'),
    'PackageLocale: en-US',
    `Publisher: ${yamlString(pkg.releases.publisher)}`,
    `PackageName: ${yamlString(pkg.name)}`,
    `PackageUrl: ${yamlString(pkg.releases.homepage)}`,
    `License: ${yamlString(pkg.license)}`,
    `ShortDescription: ${yamlString(pkg.description)}`,
    `Moniker: ${yamlString(pkg.name)}`,
    'Tags:',
    ...WINGET_TAGS.map((tag) => `- ${yamlString(tag)}`),
    ...tail('defaultLocale'),
  );
  const installer = lines(
    ...head('installer'),
    `MinimumOSVersion: ${MINIMUM_OS_VERSION}`,
    'InstallerType: zip',
    'NestedInstallerType: portable',
    'NestedInstallerFiles:',
    '- RelativeFilePath: tilebar.exe',
    '  PortableCommandAlias: tilebar',
    ...(releaseDate === undefined ? [] : [`ReleaseDate: ${yamlString(releaseDate)}`]),
    'Installers:',
    '- Architecture: x64',
    `  InstallerUrl: ${yamlString(url)}`,
    `  InstallerSha256: ${sha256}`,
    ...tail('installer'),
  );
  return [
    { path: `winget/${id}.yaml`, text: version },
    { path: `winget/${id}.installer.yaml`, text: installer },
    { path: `winget/${id}.locale.en-US.yaml`, text: locale },
  ];
}

/** @param {string} text */
function isDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/**
 * `text` as a YAML scalar that every parser reads back as this string: plain when it is made only of characters
 * that cannot start or end a YAML construct and reads as no other type in YAML 1.1 (yes/no/on/off, 1_000,
 * sexagesimal 1:30, timestamps) or 1.2; otherwise single-quoted (the one escape there is '' for ').
 * @param {string} text
 */
function yamlString(text) {
  // Line breaks and other control characters would need a double-quoted escape; nothing here has them.
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new Error(`${JSON.stringify(text)} has a control character`);
  const plainChars = /^[A-Za-z0-9_./()+-](?:[A-Za-z0-9 _./:,()+=@-]*[A-Za-z0-9_./()+=-])?$/.test(text);
  const misread =
    /^[-+]?(?:[\d_.]|\.inf|\.nan)/i.test(text) || // numbers of every kind, 1.1 sexagesimals and dates: all start so
    /^(?:y|n|yes|no|on|off|true|false|null)$/i.test(text) ||
    text === '-' || text.startsWith('- ') ||
    /: /.test(text) || // a key
    /:$/.test(text);
  // Versions and dates start with a digit and are quoted by the first rule, but a version such as 0.1.0 reads
  // as a string everywhere: kept plain, as winget's own tools write it.
  const dottedVersion = /^\d+(?:\.\d+){2,3}$/.test(text);
  if (plainChars && (!misread || dottedVersion)) return text;
  return `'${text.replaceAll("'", "''")}'`;
}
