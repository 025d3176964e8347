/**
 * The Scoop and winget manifests of a release (scripts/release-manifests.mjs), for this repository's package.json
 * and a made-up zip hash: each is parsed as the package manager would (YAML 1.2 for winget) and validated with ajv
 * against the schema the package manager publishes (test/fixtures/package-manager-schemas, SOURCES.md says from
 * where), then checked for what those schemas leave to the tools: `winget validate`'s rules for a zip holding a
 * portable exe (winget-cli's ManifestValidation.cpp), and what Scoop needs to install and update it.
 *
 * A validator that accepted everything would pass all of that, so the same validators and checks are shown to
 * accept real manifests that the community repositories merged (ripgrep's winget set, atuin's Scoop manifest),
 * and to reject copies of ours and theirs with one thing taken away or broken.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a plain ESM script (scripts/ is not TypeScript); its API as its JSDoc states it is below.
import * as releaseManifests from '../../scripts/release-manifests.mjs';

interface Manifest { path: string; text: string }
interface ReleasePkg {
  name: string;
  version: string;
  description: string;
  license: string;
  releases: { downloads: string; homepage: string; publisher: string; winget: string; scoop: string };
}
interface ManifestsInput { pkg: ReleasePkg; zipName: string; zipSha256: string; releaseDate?: string }
const { WINGET_MANIFEST_VERSION, packageManagerManifests, writeManifests } = releaseManifests as {
  WINGET_MANIFEST_VERSION: string;
  packageManagerManifests(input: ManifestsInput): Manifest[];
  writeManifests(outDir: string, list: Manifest[]): string[];
};

const FIXTURES = join(process.cwd(), 'test', 'fixtures', 'package-manager-schemas');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as ReleasePkg;
const ZIP = `tilebar-${pkg.version}-win-x64.zip`;
/** Stands for the zip's SHA-256: no zip is made here. Mixed case in, to see each manifest write its own case. */
const SHA = createHash('sha256').update('not a real zip').digest('hex').replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));

type Doc = Record<string, unknown>;
type WingetKind = 'installer' | 'defaultLocale' | 'version';
const WINGET_KINDS: WingetKind[] = ['installer', 'defaultLocale', 'version'];
const WINGET_VERSIONS = ['1.12.0', '1.28.0'];

const clone = <T>(value: T): T => structuredClone(value);
const fixture = (...path: string[]) => readFileSync(join(FIXTURES, ...path), 'utf8');
const loadJson = (...path: string[]) => JSON.parse(fixture(...path)) as Doc;

/** The formats the schemas use. ajv knows none without ajv-formats, and with `strict` it throws on an unknown one, so none goes unchecked. */
function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  ajv.addFormat('uri', (s: string) => /^[a-z][a-z\d+.-]*:\S+$/i.test(s) && URL.canParse(s));
  ajv.addFormat('date', (s: string) => {
    const day = new Date(`${s}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  });
  ajv.addFormat('regex', (s: string) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  });
  // winget's own, for InstallerReturnCode and the like: a 64-bit integer.
  ajv.addFormat('long', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  return ajv;
}

// Scoop's schema has an `if` whose `properties` stand without `type: object`, which strictTypes refuses.
const scoopSchema = newAjv().compile(loadJson('scoop', 'schema.json'));
/** winget's schemas by version and ManifestType (not by the header's URL: the defaultLocale `$id` is in lower case). */
const wingetSchemas = new Map(
  WINGET_VERSIONS.map((v) => {
    const ajv = newAjv();
    return [v, Object.fromEntries(WINGET_KINDS.map((k) => [k, ajv.compile(loadJson('winget', `v${v}`, `manifest.${k}.${v}.json`))])) as Record<WingetKind, ValidateFunction>];
  }),
);

function validateWinget(doc: Doc, version: string): string[] {
  const kind = doc.ManifestType as WingetKind;
  const validate = wingetSchemas.get(version)?.[kind];
  if (!validate) return [`no ${version} schema for ManifestType ${String(kind)}`];
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${kind} ${e.instancePath} ${e.message}`);
}

function validateScoop(doc: Doc): string[] {
  return scoopSchema(doc) ? [] : (scoopSchema.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

type WingetSet = Record<WingetKind, Doc> & { names: Record<WingetKind, string> };

/** A winget set's three files, told apart by ManifestType. */
function wingetSet(files: { name: string; text: string }[]): WingetSet {
  const set = { names: {} } as WingetSet;
  for (const { name, text } of files) {
    const doc = parse(text) as Doc;
    const kind = doc.ManifestType as WingetKind;
    set[kind] = doc;
    set.names[kind] = name;
  }
  return set;
}

/**
 * What `winget validate` checks beyond the schema, for this kind of package (ManifestValidation.cpp): an installer
 * type is set; an archive has a nested installer type and files; a portable's files are .exe inside the archive,
 * with unique paths and aliases. And what makes three files one package: the same identifier, version and
 * manifest version; file names from the identifier and the default locale.
 */
function wingetProblems(set: WingetSet): string[] {
  const problems: string[] = [];
  const { installer, defaultLocale, version } = set;
  for (const key of ['PackageIdentifier', 'PackageVersion', 'ManifestVersion']) {
    const values = new Set([installer[key], defaultLocale[key], version[key]]);
    if (values.size !== 1) problems.push(`the files disagree on ${key}: ${[...values].join(', ')}`);
  }
  const id = String(version.PackageIdentifier);
  if (set.names.version !== `${id}.yaml`) problems.push(`the version file is ${set.names.version}`);
  if (set.names.installer !== `${id}.installer.yaml`) problems.push(`the installer file is ${set.names.installer}`);
  if (set.names.defaultLocale !== `${id}.locale.${String(version.DefaultLocale)}.yaml`) problems.push(`the default locale file is ${set.names.defaultLocale}`);
  if (defaultLocale.PackageLocale !== version.DefaultLocale) problems.push('PackageLocale is not the DefaultLocale');

  const installers = (installer.Installers ?? []) as Doc[];
  if (installers.length === 0) problems.push('no installers');
  for (const [i, entry] of installers.entries()) {
    const field = (key: string) => entry[key] ?? installer[key];
    const type = field('InstallerType');
    if (!type) problems.push(`installer ${i} has no InstallerType`);
    if (type !== 'zip') continue;
    const nestedType = field('NestedInstallerType');
    const files = (field('NestedInstallerFiles') ?? []) as Doc[];
    if (!nestedType) problems.push(`installer ${i} is a zip without NestedInstallerType`);
    if (files.length === 0) problems.push(`installer ${i} is a zip without NestedInstallerFiles`);
    if (nestedType !== 'portable' && files.length > 1) problems.push(`installer ${i}: only a portable may have several nested files`);
    const paths = files.map((f) => String(f.RelativeFilePath));
    const aliases = files.map((f) => f.PortableCommandAlias).filter((a) => a !== undefined);
    if (new Set(paths.map((p) => p.toLowerCase())).size !== paths.length) problems.push(`installer ${i}: a nested path twice`);
    if (new Set(aliases).size !== aliases.length) problems.push(`installer ${i}: an alias twice`);
    for (const p of paths) {
      if (/^([\\/]|[a-z]:)/i.test(p) || p.split(/[\\/]/).includes('..')) problems.push(`installer ${i}: ${p} is outside the archive`);
      if (nestedType === 'portable' && !/\.exe$/i.test(p)) problems.push(`installer ${i}: portable ${p} is not an .exe`);
    }
  }
  return problems;
}

/** What Scoop needs to install the zip and to update it: a URL naming the zip, its SHA-256, the exe on PATH, and a next-version URL. */
function scoopProblems(doc: Doc, zipName: string): string[] {
  const problems: string[] = [];
  const x64 = ((doc.architecture as Doc | undefined)?.['64bit'] ?? {}) as Doc;
  const url = String(x64.url ?? doc.url);
  const hash = x64.hash ?? doc.hash;
  if (!URL.canParse(url) || basename(new URL(url).pathname) !== zipName) problems.push(`the URL ${url} does not name ${zipName}`);
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) problems.push(`the hash ${String(hash)} is not a SHA-256`);
  const bins = ([] as unknown[]).concat(doc.bin ?? x64.bin ?? []).flat();
  if (!bins.some((b) => typeof b === 'string' && /\.exe$/i.test(b))) problems.push('no exe in bin');
  const auto = (doc.autoupdate ?? {}) as Doc;
  const nextUrl = String(((auto.architecture as Doc | undefined)?.['64bit'] as Doc | undefined)?.url ?? auto.url);
  if (!doc.checkver || !nextUrl.includes('$version')) problems.push('no checkver, or no $version in autoupdate');
  else if (nextUrl.replaceAll('$version', String(doc.version)) !== url) problems.push(`autoupdate's URL ${nextUrl} is not the URL's pattern`);
  return problems;
}

const ours = packageManagerManifests({ pkg, zipName: ZIP, zipSha256: SHA, releaseDate: '2026-12-01' });
const byPath = new Map(ours.map((m) => [m.path, m.text]));
const id = pkg.releases.winget;
const scoop = JSON.parse(byPath.get(`scoop/${pkg.releases.scoop}.json`) ?? 'null') as Doc;
const winget = () => wingetSet(ours.filter((m) => m.path.startsWith('winget/')).map((m) => ({ name: basename(m.path), text: m.text })));
const RIPGREP = ['', '.installer', '.locale.en-US'].map((s) => `BurntSushi.ripgrep.MSVC${s}.yaml`);
const ripgrep = () => wingetSet(RIPGREP.map((name) => ({ name, text: fixture('examples', 'winget', name) })));
const atuin = () => loadJson('examples', 'scoop', 'atuin.json');

describe('the package managers\' schemas and examples (test fixtures)', () => {
  it('are the files published upstream, unedited, each named in SOURCES.md with its git blob', () => {
    const rows = [...fixture('SOURCES.md').matchAll(/^\| `([^`]+)` \| [^|]+\| `[^`]+` \| [0-9a-f]{40} \| ([0-9a-f]{40})/gm)];
    const listed = new Map(rows.map((m) => [m[1] ?? '', m[2] ?? '']));
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    const files = walk(FIXTURES).map((f) => relative(FIXTURES, f).split('\\').join('/')).filter((f) => f !== 'SOURCES.md').sort();
    expect([...listed.keys()].sort()).toEqual(files);
    for (const file of files) {
      const bytes = readFileSync(join(FIXTURES, file));
      const blob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
      expect(blob, file).toBe(listed.get(file));
    }
  });

  it('accept the real manifests winget-pkgs and Scoop\'s Main bucket merged, schema and tool checks alike', () => {
    const set = ripgrep();
    for (const version of WINGET_VERSIONS) for (const kind of WINGET_KINDS) expect(validateWinget(set[kind], version), `${kind} ${version}`).toEqual([]);
    expect(wingetProblems(set)).toEqual([]);
    expect(validateScoop(atuin())).toEqual([]);
    expect(scoopProblems(atuin(), 'atuin-x86_64-pc-windows-msvc.zip')).toEqual([]);
  });

  it('reject those manifests with a required field taken away or broken', () => {
    const broken: [string, (s: WingetSet) => void, WingetKind][] = [
      ['no InstallerSha256', (s) => delete ((s.installer.Installers as Doc[])[1] as Doc).InstallerSha256, 'installer'],
      ['a short InstallerSha256', (s) => (((s.installer.Installers as Doc[])[1] as Doc).InstallerSha256 = 'ABC'), 'installer'],
      ['a URL without a scheme', (s) => (((s.installer.Installers as Doc[])[0] as Doc).InstallerUrl = 'github.com/x.zip'), 'installer'],
      ['a nested zip', (s) => (s.installer.NestedInstallerType = 'zip'), 'installer'],
      ['a date that is no date', (s) => (s.installer.ReleaseDate = '2026-13-45'), 'installer'],
      ['a numeric PackageVersion', (s) => (s.installer.PackageVersion = 1), 'installer'],
      ['no Publisher', (s) => delete s.defaultLocale.Publisher, 'defaultLocale'],
      ['a one-letter License', (s) => (s.defaultLocale.License = 'M'), 'defaultLocale'],
      ['no DefaultLocale', (s) => delete s.version.DefaultLocale, 'version'],
      ['a numeric ManifestVersion', (s) => (s.version.ManifestVersion = 1.12), 'version'],
    ];
    for (const [what, breakIt, kind] of broken) {
      const set = ripgrep();
      breakIt(set);
      for (const version of WINGET_VERSIONS) expect(validateWinget(set[kind], version), `${what} ${version}`).not.toEqual([]);
    }
    const noNested = ripgrep();
    delete noNested.installer.NestedInstallerType;
    expect(validateWinget(noNested.installer, '1.12.0')).toEqual([]); // the schema lets it through…
    expect(wingetProblems(noNested)).toContain('installer 0 is a zip without NestedInstallerType'); // …winget validate does not

    const noVersion = atuin();
    delete noVersion.version;
    expect(validateScoop(noVersion)).not.toEqual([]);
    const badHash = atuin();
    ((badHash.architecture as Doc)['64bit'] as Doc).hash = 'nothex';
    expect(validateScoop(badHash)).not.toEqual([]);
    const noUrl = atuin();
    delete ((noUrl.architecture as Doc)['64bit'] as Doc).url;
    expect(validateScoop(noUrl)).not.toEqual([]);
  });
});

describe('the manifests of a release', () => {
  it('are one Scoop manifest and winget\'s three files, named from package.json', () => {
    expect(ours.map((m) => m.path)).toEqual([`scoop/${pkg.releases.scoop}.json`, `winget/${id}.yaml`, `winget/${id}.installer.yaml`, `winget/${id}.locale.en-US.yaml`]);
    for (const { text } of ours) expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
  });

  it('Scoop: valid against its schema, with the zip\'s URL and hash, the exe, and an autoupdate to the next version', () => {
    expect(validateScoop(scoop)).toEqual([]);
    expect(scoopProblems(scoop, ZIP)).toEqual([]);
    const url = pkg.releases.downloads.replace('{version}', pkg.version).replace('{file}', ZIP);
    expect(scoop).toMatchObject({
      version: pkg.version,
      description: pkg.description,
      homepage: pkg.releases.homepage,
      license: pkg.license,
      architecture: { '64bit': { url, hash: SHA.toLowerCase() } },
      bin: 'tilebar.exe',
      checkver: 'github',
      autoupdate: { architecture: { '64bit': { url: pkg.releases.downloads.replace('{file}', 'tilebar-{version}-win-x64.zip').replaceAll('{version}', '$version') } } },
    });
    // Main-bucket layout: 4 spaces.
    expect(byPath.get(`scoop/${pkg.releases.scoop}.json`)).toBe(`${JSON.stringify(scoop, null, 4)}\n`);
  });

  it('Scoop: the checks catch it without its hash, with a short one, or with a URL to another file', () => {
    const noHash = clone(scoop);
    delete ((noHash.architecture as Doc)['64bit'] as Doc).hash;
    expect(validateScoop(noHash)).toEqual([]); // Scoop's schema does not require a hash…
    expect(scoopProblems(noHash, ZIP)).toEqual(['the hash undefined is not a SHA-256']); // …but an install without one is unchecked
    const shortHash = clone(scoop);
    ((shortHash.architecture as Doc)['64bit'] as Doc).hash = SHA.slice(1);
    expect(validateScoop(shortHash)).not.toEqual([]);
    const otherFile = clone(scoop);
    ((otherFile.architecture as Doc)['64bit'] as Doc).url = `${pkg.releases.homepage}/releases/download/v${pkg.version}/tilebar-${pkg.version}-linux-x64.tar.gz`;
    expect(scoopProblems(otherFile, ZIP)).toHaveLength(2); // not the zip, and no longer autoupdate's pattern
  });

  it(`winget: each file valid against the ${WINGET_VERSIONS.join(' and ')} schemas, declared by its header and ManifestVersion`, () => {
    const set = winget();
    for (const kind of WINGET_KINDS) {
      expect(set[kind].ManifestVersion).toBe(WINGET_MANIFEST_VERSION);
      for (const version of WINGET_VERSIONS) expect(validateWinget(set[kind], version), `${kind} ${version}`).toEqual([]);
      // The header names the schema the YAML language server checks the file with, as winget-pkgs' files do.
      const text = byPath.get(`winget/${set.names[kind]}`) ?? '';
      const header = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];
      expect(header).toBe(`https://aka.ms/winget-manifest.${kind}.${WINGET_MANIFEST_VERSION}.schema.json`);
      const $id = String(loadJson('winget', `v${WINGET_MANIFEST_VERSION}`, `manifest.${kind}.${WINGET_MANIFEST_VERSION}.json`).$id);
      expect(header?.toLowerCase()).toBe($id.toLowerCase()); // the defaultLocale $id is spelt in lower case
    }
  });

  it('winget: one package of a zip holding tilebar.exe as the portable command tilebar, at the Scoop manifest\'s URL', () => {
    const set = winget();
    expect(wingetProblems(set)).toEqual([]);
    expect(set.version).toMatchObject({ PackageIdentifier: id, PackageVersion: pkg.version, DefaultLocale: 'en-US' });
    expect(set.defaultLocale).toMatchObject({
      PackageLocale: 'en-US',
      Publisher: pkg.releases.publisher,
      PackageName: pkg.name,
      PackageUrl: pkg.releases.homepage,
      License: pkg.license,
      ShortDescription: pkg.description,
      Moniker: 'tilebar',
    });
    expect(set.installer).toMatchObject({
      InstallerType: 'zip',
      NestedInstallerType: 'portable',
      NestedInstallerFiles: [{ RelativeFilePath: 'tilebar.exe', PortableCommandAlias: 'tilebar' }],
      ReleaseDate: '2026-12-01',
      Installers: [{ Architecture: 'x64', InstallerUrl: ((scoop.architecture as Doc)['64bit'] as Doc).url, InstallerSha256: SHA.toUpperCase() }],
    });
    // As winget's own tools write it: upper-case hex.
    expect(byPath.get(`winget/${id}.installer.yaml`)).toContain(`InstallerSha256: ${SHA.toUpperCase()}\n`);
    expect(packageManagerManifests({ pkg, zipName: ZIP, zipSha256: SHA }).find((m) => m.path.endsWith('.installer.yaml'))?.text).not.toContain('ReleaseDate');
  });

  it('winget: the checks catch a set with the hash taken away, no nested installer, or files that disagree', () => {
    const noHash = winget();
    delete ((noHash.installer.Installers as Doc[])[0] as Doc).InstallerSha256;
    for (const version of WINGET_VERSIONS) expect(validateWinget(noHash.installer, version)).not.toEqual([]);
    const noNested = winget();
    delete noNested.installer.NestedInstallerFiles;
    expect(wingetProblems(noNested)).toEqual(['installer 0 is a zip without NestedInstallerFiles']);
    const outside = winget();
    outside.installer.NestedInstallerFiles = [{ RelativeFilePath: '../tilebar.exe' }, { RelativeFilePath: 'LICENSE' }];
    expect(wingetProblems(outside)).toEqual(['installer 0: ../tilebar.exe is outside the archive', 'installer 0: portable LICENSE is not an .exe']);
    const otherVersion = winget();
    otherVersion.defaultLocale.PackageVersion = '9.9.9';
    expect(wingetProblems(otherVersion)).toEqual([`the files disagree on PackageVersion: ${pkg.version}, 9.9.9`]);
    const misnamed = winget();
    misnamed.names.defaultLocale = `${id}.locale.en-GB.yaml`;
    expect(wingetProblems(misnamed)).toEqual([`the default locale file is ${id}.locale.en-GB.yaml`]);
  });

  it('quote every string a YAML 1.1 or 1.2 parser would read as something else, and leave plain what it would not', () => {
    const tricky = ['yes', 'No', 'on', 'OFF', 'y', 'n', 'true', 'null', '~', '1.0', '1', '0x1F', '0o17', '1e3', '1_000', '+1', '.5', '.inf', '.NaN',
      '2026-07-15', '1:30', 'a: b', 'a:', 'x #y', '#x', "it's", '- x', '-', '@x', '`x', '*x', '&x', '!x', '%x', '{x}', '[x]', 'x, y', '|', '>', '?x', '"q"',
      ' lead', 'trail ', '=', '<<', 'a\tb'.replace('\t', ' '), 'ünïcode — dash', 'https://example.org/a?b=c&d#e'];
    for (const text of tricky) {
      const version = /^[\w.+-]+$/.test(text) ? text : '1.2.3';
      const list = packageManagerManifests({ pkg: { ...pkg, version, description: text, releases: { ...pkg.releases, publisher: text } }, zipName: `tilebar-${version}-win-x64.zip`, zipSha256: SHA });
      for (const { path, text: file } of list.filter((m) => m.path.endsWith('.yaml'))) {
        for (const yamlVersion of ['1.1', '1.2'] as const) {
          const doc = parse(file, { version: yamlVersion }) as Doc;
          expect(doc.PackageVersion, `${path} (YAML ${yamlVersion}) of ${JSON.stringify(text)}`).toBe(version);
          if (path.endsWith('.locale.en-US.yaml')) expect([doc.ShortDescription, doc.Publisher], `YAML ${yamlVersion}: ${JSON.stringify(text)}`).toEqual([text, text]);
        }
      }
    }
    const plain = winget();
    expect(byPath.get(`winget/${id}.locale.en-US.yaml`)).toContain(`\nShortDescription: ${String(plain.defaultLocale.ShortDescription)}\n`);
    expect(byPath.get(`winget/${id}.yaml`)).toContain(`\nPackageVersion: ${pkg.version}\n`);
    expect(byPath.get(`winget/${id}.installer.yaml`)).toContain(`\nReleaseDate: '2026-12-01'\n`);
  });

  it('refuse a hash, zip name, date or package.json that would make a manifest pointing nowhere', () => {
    const make = (over: Partial<ManifestsInput>) => () => packageManagerManifests({ pkg, zipName: ZIP, zipSha256: SHA, ...over });
    expect(make({ zipSha256: SHA.slice(2) })).toThrow(/64 hex/);
    expect(make({ zipSha256: `${SHA.slice(1)}g` })).toThrow(/64 hex/);
    expect(make({ zipName: 'tilebar-win-x64.zip' })).toThrow(/does not hold the version/);
    expect(make({ zipName: `tilebar-${pkg.version}-win-x64.tar.gz` })).toThrow(/not a zip/);
    expect(make({ zipName: `../tilebar-${pkg.version}.zip` })).toThrow(/not a zip/);
    expect(make({ releaseDate: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
    expect(make({ pkg: { ...pkg, releases: { ...pkg.releases, winget: '' } } })).toThrow(/releases\.winget/);
    expect(make({ pkg: { ...pkg, description: '' } })).toThrow(/no description/);
    expect(make({ pkg: { ...pkg, releases: { ...pkg.releases, publisher: 'line\nbreak' } } })).toThrow(/control character/);
  });

  it('are written by writeManifests under the folder given, and nowhere else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-manifests-'));
    try {
      const out = join(dir, 'release', 'manifests');
      const written = writeManifests(out, ours);
      expect(written).toEqual(ours.map((m) => join(out, m.path)));
      for (const m of ours) expect(readFileSync(join(out, m.path), 'utf8')).toBe(m.text);
      expect(() => writeManifests(out, [{ path: '../escape.json', text: '{}\n' }])).toThrow(/outside/);
      expect(() => writeManifests(out, [{ path: join(dir, 'abs.json'), text: '{}\n' }])).toThrow(/outside/);
      expect(readdirSync(dir)).toEqual(['release']);
      expect(readdirSync(join(dir, 'release'))).toEqual(['manifests']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
