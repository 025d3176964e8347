// The single executables of a release (scripts/release.mjs): tilebar as one CommonJS script inside a copy of
// Node, with what the npm package keeps beside its script — the example config, the PNG renderer's WebAssembly and
// the picture fonts — as the executable's assets (src/install/sea.ts reads them). Node's single executable
// applications run one script and load no file beside it: the main script (src/cli/sea-main.ts) is small and runs
// each command's script, an asset too, with V8's code cache in the user's cache folder, as the npm package does.
//
// - Linux x64: Node 26's `--build-sea`, natively. The official node binary carries 33 MB of symbols for
//   debuggers; the executable is made from a stripped copy.
// - Windows x64 (tilebar.exe): the blob made by Linux's node of the same version as the node.exe it goes into
//   (22.23.3: the line whose published node.exe starts under the Wine this project tests with), injected with
//   postject. No snapshot: V8 checks it against the machine that made it, and one made on Linux is refused on
//   Windows.
// The same checkout makes the same executables, byte for byte (seaConfig says how). node.exe's Authenticode signature would no longer match once the blob
//   is in, so it is taken out first (a signature left in place is a broken one), and the PE checksum is made
//   right again after.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { commanderLazyChildProcess, INK_PATCHES, inkWithoutTopLevelAwait, yogaLoader } from './bundle-patches.mjs';
import { buildIdentity, commonBuildOptions, ONE_SHOT, oneShotEntries, packageNotices, writeAscii } from './build-parts.mjs';

/** The fuse Node looks for to know a blob was injected (the same from Node 20 to 26), and the resource holding it. */
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const RESOURCE = 'NODE_SEA_BLOB';

/** The assets, by the name the program asks for (src/install/, src/render/png.ts), and the file each is. */
export function seaAssets(root) {
  const files = {
    'config.example.json': 'config.example.json',
    '@resvg/resvg-wasm/index_bg.wasm': 'node_modules/@resvg/resvg-wasm/index_bg.wasm',
    'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf': 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
    'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf': 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
    'dejavu-fonts-ttf/ttf/DejaVuSans.ttf': 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  };
  return Object.fromEntries(Object.entries(files).map(([name, file]) => [name, join(root, file)]));
}

/**
 * The scripts, into `dir`: the executable's main script (tilebar.cjs, from src/cli/sea-main.ts: CommonJS, as a
 * single executable's main script cannot be an ES module on Node 22) and each command's script, which it carries
 * as assets (oneshot-<command>.cjs, commands.cjs for the rest); and the esbuild metafile of what they hold. The
 * package record (name, version, where it is published) is built in, as there is no package.json beside an
 * executable (src/install/package-record.ts).
 */
export async function buildSeaScripts(root, dir) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const record = { name: pkg.name, version: pkg.version, ...(pkg.publication ? { publication: pkg.publication } : {}) };
  const common = commonBuildOptions(root, `sea-${buildIdentity(root)}`);
  const options = {
    ...common,
    outdir: dir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    define: {
      ...common.define,
      __TILEBAR_PACKAGE__: JSON.stringify(record),
      __TILEBAR_ONE_SHOT__: JSON.stringify(ONE_SHOT),
      'import.meta.url': '__tilebarScriptUrl',
    },
    // Each script whole: import() of a bundled module becomes a call of it (the PNG renderer is bundled too).
    supported: { 'dynamic-import': false },
    plugins: [oneShotEntries(root), yogaLoader(true), inkWithoutTopLevelAwait, commanderLazyChildProcess, ...INK_PATCHES],
    banner: { js: "const __tilebarScriptUrl = require('node:url').pathToFileURL(__filename).href;" },
  };
  const main = await build({ ...options, entryPoints: { tilebar: join(root, 'src', 'cli', 'sea-main.ts') } });
  const commands = await build({ ...options, entryPoints: { commands: 'one-shot:all', ...Object.fromEntries(ONE_SHOT.map((name) => [`oneshot-${name}`, `one-shot:${name}`])) } });
  const scripts = Object.fromEntries(['commands', ...ONE_SHOT.map((name) => `oneshot-${name}`)].map((name) => [`${name}.cjs`, join(dir, `${name}.cjs`)]));
  for (const file of [join(dir, 'tilebar.cjs'), ...Object.values(scripts)]) writeAscii(file);
  const metafile = { outputs: { ...main.metafile.outputs, ...commands.metafile.outputs } };
  return { main: join(dir, 'tilebar.cjs'), scripts, metafile };
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 900_000, ...options });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`);
  return r.stdout;
}

/**
 * A SEA configuration. `main` is relative to the folder the build runs in: the executable keeps the path it is
 * given (as its script's name), and a path into a temporary folder would make each build differ from the last and
 * show the builder's folders in a user's stack trace. No code cache of the main script either: V8's is not the
 * same from one build to the next, the script is small, and the commands' scripts have theirs on the user's machine.
 */
function seaConfig(fields, root, flags, scripts) {
  return {
    ...fields,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    // The flags the npm package's #! line gives Node (src/cli/node-launch-flags.ts), and none from NODE_OPTIONS:
    // an executable is a program, not a Node to be told what to load.
    execArgv: flags,
    execArgvExtension: 'none',
    assets: { ...seaAssets(root), ...scripts },
  };
}

/** The Linux executable at `out`, made with `node` (Node 26 or later: `--build-sea`) of the scripts `built` (buildSeaScripts). */
export function linuxExecutable({ root, built, node, flags, work, out }) {
  const base = join(work, 'node');
  const stripped = spawnSync('strip', ['-o', base, node], { stdio: 'ignore' });
  if (stripped.status !== 0) copyFileSync(node, base);
  const config = join(work, 'sea-linux.json');
  writeFileSync(config, JSON.stringify(seaConfig({ main: relative(work, built.main), mainFormat: 'commonjs', executable: base, output: out, useCodeCache: false }, root, flags, built.scripts)));
  run(node, ['--build-sea', config], { cwd: work });
  chmodSync(out, 0o755);
  return { stripped: stripped.status === 0 };
}

/**
 * tilebar.exe at `out`, of the scripts `built`: the blob made by `node` (Linux's build of `nodeExe`'s version), injected into a copy of
 * `nodeExe` by `postject` (its CLI script).
 */
export function windowsExecutable({ root, built, node, nodeExe, postject, flags, work, out }) {
  const config = join(work, 'sea-windows.json');
  const blob = join(work, 'tilebar-windows.blob');
  writeFileSync(config, JSON.stringify(seaConfig({ main: relative(work, built.main), output: blob, useCodeCache: false }, root, flags, built.scripts)));
  run(node, ['--experimental-sea-config', config], { cwd: work });
  const exe = join(work, 'tilebar.exe');
  writeFileSync(exe, withoutSignature(readFileSync(nodeExe)));
  run(node, [postject, exe, RESOURCE, blob, '--sentinel-fuse', SENTINEL], { cwd: work });
  const made = readFileSync(exe);
  setPeChecksum(made);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, made);
}

/** Where a PE file's optional header starts, and whether it is PE32+ (64-bit). */
function optionalHeader(pe) {
  if (pe.readUInt16LE(0) !== 0x5a4d) throw new Error('not a PE file (no MZ)');
  const signature = pe.readUInt32LE(0x3c);
  if (pe.readUInt32LE(signature) !== 0x4550) throw new Error('not a PE file (no PE signature)');
  const at = signature + 24;
  const magic = pe.readUInt16LE(at);
  if (magic !== 0x20b && magic !== 0x10b) throw new Error(`unknown optional header magic ${magic.toString(16)}`);
  return { at, plus: magic === 0x20b };
}

/**
 * `pe` with its Authenticode signature taken out: the certificate table (data directory 4, whose address is a
 * file offset) cut off the end of the file and its directory entry zeroed, as `signtool remove` does.
 */
export function withoutSignature(pe) {
  const { at, plus } = optionalHeader(pe);
  const entry = at + (plus ? 112 : 96) + 4 * 8;
  const offset = pe.readUInt32LE(entry);
  const size = pe.readUInt32LE(entry + 4);
  if (offset === 0 || size === 0) return pe;
  if (offset + size !== pe.length) throw new Error('the certificate table is not at the end of the file');
  const out = Buffer.from(pe.subarray(0, offset));
  out.writeUInt32LE(0, entry);
  out.writeUInt32LE(0, entry + 4);
  return out;
}

/** The PE checksum (as imagehlp's CheckSumMappedFile computes it) written into `pe`'s optional header. */
export function setPeChecksum(pe) {
  const field = optionalHeader(pe).at + 64;
  pe.writeUInt32LE(0, field);
  let sum = 0;
  const words = Math.floor(pe.length / 2);
  for (let i = 0; i < words; i++) {
    sum += pe.readUInt16LE(i * 2);
    sum = (sum & 0xffff) + Math.floor(sum / 0x10000);
  }
  if (pe.length % 2 === 1) {
    sum += pe[pe.length - 1];
    sum = (sum & 0xffff) + Math.floor(sum / 0x10000);
  }
  sum = (sum & 0xffff) + Math.floor(sum / 0x10000);
  pe.writeUInt32LE((sum + pe.length) >>> 0, field);
}

/**
 * The notices of an executable: the packages its script holds, the fonts it carries, and last Node.js's own
 * licence (which names what Node includes: V8, ICU, OpenSSL, libuv, …).
 */
export function executableNotices(root, metafile, program, nodeVersion, nodeLicence) {
  const fonts = packageNotices(root, [{ outputs: { fonts: { inputs: { 'node_modules/dejavu-fonts-ttf/': {} } } } }]);
  const notices = [...packageNotices(root, [metafile]), ...fonts];
  return `# Third-party software in ${program}\n\n${program} is Node.js ${nodeVersion} with tilebar's script inside. The script includes the code of these packages, and the program carries the fonts of the last one, under their licences; Node.js's own licence, which names the software Node.js includes, is the last section.\n\n${notices.join('\n')}\n## Node.js ${nodeVersion}\n\n${nodeLicence.trim()}\n`;
}

