#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (ESM, code-split per command): one file per command instead of
// hundreds of modules to resolve and compile at start-up (see bench/: ~300 ms of module loading saved).
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shebangOf } from './node-launch.mjs';
import { commanderLazyChildProcess, INK_PATCHES, patched, yogaLoader } from './bundle-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Chunk names carry content hashes: start empty so old chunks do not pile up.
rmSync(join(root, 'dist', 'bundle'), { recursive: true, force: true });

// The build's identity, from everything that goes into it: cached config models (src/config/model-cache.ts)
// written by another build are never used.
const identity = createHash('sha256');
for (const dir of ['src', 'widgets', 'themes']) {
  const files = readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
  for (const file of files) identity.update(`${relative(root, file)}\0`).update(readFileSync(file));
}
for (const file of ['package.json', 'package-lock.json', 'scripts/bundle.mjs', 'scripts/bundle-patches.mjs', 'scripts/node-launch.mjs']) identity.update(readFileSync(join(root, file)));
const BUILD = identity.digest('hex').slice(0, 16);
/**
 * NODE_LAUNCH_FLAGS, the one list of the flags Node is started with, read from its TypeScript module (built
 * alone, to a string, and imported from that): the #! line is written from it.
 */
async function nodeLaunchFlags() {
  const built = await build({ entryPoints: [join(root, 'src', 'cli', 'node-launch-flags.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning' });
  const source = built.outputFiles[0].text;
  const { NODE_LAUNCH_FLAGS } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  if (!Array.isArray(NODE_LAUNCH_FLAGS) || !NODE_LAUNCH_FLAGS.every((f) => /^--[\w-]+(=[\w.:-]+)?$/.test(f))) throw new Error(`src/cli/node-launch-flags.ts: not a list of plain flags: ${JSON.stringify(NODE_LAUNCH_FLAGS)}`);
  return NODE_LAUNCH_FLAGS;
}
/** What both builds share: the ES modules (every command; `run` among them) and the one-shot commands' scripts. */
const common = {
  outdir: join(root, 'dist', 'bundle'),
  bundle: true,
  platform: 'node',
  target: 'node22.12',
  sourcemap: 'linked',
  // Whitespace and syntax only, names kept (a log's stack trace stays readable): less source for V8 to keep
  // and parse at start-up, which the Ink chunk makes matter (bench/).
  minifyWhitespace: true,
  minifySyntax: true,
  // Production React (and Ink's dependencies) in the bundle: the development builds are slower on every
  // render and twice the size (reference: INK-LIVE.md).
  define: { __TILEBAR_BUILD__: JSON.stringify(BUILD), 'process.env.NODE_ENV': '"production"' },
  // Ink's React DevTools bridge (and the WebSocket library it brings) loads only in development (DEV=true),
  // which tilebar never sets; its package is not even installed.
  // Ink measures text with the bar's own width function (src/pane/ink/string-width.ts says why).
  alias: { 'react-devtools-core': join(root, 'scripts', 'no-devtools.mjs'), ws: join(root, 'scripts', 'no-devtools.mjs'), 'string-width': join(root, 'src', 'pane', 'ink', 'string-width.ts') },
  // The PNG renderer's WebAssembly and the picture fonts are files read from their installed packages (the
  // package's only dependencies, loaded for --format png alone): their JavaScript stays with them.
  external: ['@resvg/resvg-wasm'],
  logLevel: 'warning',
  // What each chunk holds and imports: test/cli/start-up-modules.test.ts checks what `run` loads before its first frame.
  metafile: true,
  // ESM builds first: jsonc-parser's UMD build requires its parts dynamically, which a bundle cannot follow.
  mainFields: ['module', 'main'],
};
const result = await build({
  ...common,
  entryPoints: { modules: join(root, 'src', 'cli', 'main.ts') },
  // .mjs: the directory's package.json (below) makes .js files CommonJS, for the command's own script.
  outExtension: { '.js': '.mjs' },
  splitting: true,
  format: 'esm',
  plugins: [yogaLoader(false), commanderLazyChildProcess, ...INK_PATCHES],
  // CommonJS dependencies (systeminformation, jsonc-parser) call require(); give them one.
  banner: { js: "import { createRequire as __tilebarRequire } from 'node:module'; const require = __tilebarRequire(import.meta.url);" },
});

/**
 * The `tilebar` command itself, main.js: a CommonJS script, which Node starts without its ES module loader
 * (src/cli/launcher.ts says what it does). The directory's package.json says `.js` is CommonJS there.
 */
const launcher = await build({
  ...common,
  entryPoints: { main: join(root, 'src', 'cli', 'launcher.ts') },
  format: 'cjs',
  define: { ...common.define, 'import.meta.url': '__tilebarScriptUrl' },
  // Its #! line starts Node with the launch flags (src/cli/node-launch-flags.ts says why).
  banner: { js: `${shebangOf(await nodeLaunchFlags())}\nconst __tilebarScriptUrl = require('node:url').pathToFileURL(__filename).href;` },
});
writeFileSync(join(root, 'dist', 'bundle', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

/**
 * Each one-shot command as one CommonJS script (oneshot-<command>.cjs), which main.ts runs with V8's code
 * cache (src/cli/code-cache.ts says why). Its entry is the command line given that command's module alone, so
 * the script holds that command and nothing else; what the command imports lazily stays lazy (esbuild runs
 * such a module's top level when it is first imported).
 */
const ONE_SHOT = ['check', 'preview', 'thresholds', 'themes', 'schema'];
const oneShotEntries = {
  name: 'one-shot-entries',
  setup(b) {
    b.onResolve({ filter: /^one-shot:/ }, (args) => ({ path: args.path.slice('one-shot:'.length), namespace: 'one-shot' }));
    b.onLoad({ filter: /.*/, namespace: 'one-shot' }, (args) => ({
      resolveDir: join(root, 'src', 'cli'),
      loader: 'ts',
      contents: `import * as command from './${args.path}.js';\nimport { runCli } from './program.js';\nimport { validationsSoFar } from '../config/validation-count.js';\nimport type { CliIo } from './io.js';\nexport const run = (args: readonly string[], io: CliIo): Promise<number> => runCli(args, io, { ${args.path}: async () => command });\nexport const validated = (): boolean => validationsSoFar() > 0;\n`,
    }));
  },
};
/**
 * Ink's reconciler waits at its top level, in development only (DEV=true): to connect React DevTools and to
 * read its package.json for them. A script cannot wait there, and tilebar never runs Ink in development (the
 * DevTools bridge is not even bundled): both become what they are in production.
 */
const inkWithoutTopLevelAwait = {
  name: 'ink-without-top-level-await',
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, (args) => ({
      loader: 'js',
      contents: patched(args.path, 'inkWithoutTopLevelAwait', [
        ["await import('./devtools.js');", '/* no React DevTools in a one-shot command */'],
        // Ink 8 reads its package.json for DevTools in its own statement; the version it falls back on is React's.
        ['const loaded = await loadPackageJson();', 'const loaded = { name: undefined, version: undefined };'],
        ["import.meta.resolve('react-devtools-core');", "throw new Error('no React DevTools in a one-shot command');"],
      ]),
    }));
  },
};
const oneShot = await build({
  ...common,
  entryPoints: Object.fromEntries(ONE_SHOT.map((name) => [`oneshot-${name}`, `one-shot:${name}`])),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [oneShotEntries, yogaLoader(true), inkWithoutTopLevelAwait, commanderLazyChildProcess, ...INK_PATCHES],
  // A script imports with require(): Node's own modules and the PNG renderer (which has a CommonJS build), so
  // no script needs the ES module loader (vm's for scripts is still experimental in Node 20).
  supported: { 'dynamic-import': false },
  // No import.meta in a script: its URL is the script's own, as for the ES modules beside it.
  define: { ...common.define, 'import.meta.url': '__tilebarScriptUrl' },
  banner: { js: "const __tilebarScriptUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// What each script holds, for looking into their sizes.
writeFileSync(join(root, 'dist', 'oneshot-meta.json'), JSON.stringify(oneShot.metafile));
writeFileSync(join(root, 'dist', 'bundle-meta.json'), JSON.stringify(result.metafile));

/**
 * Every script and chunk in ASCII. esbuild escapes text outside strings' ASCII range except inside regular
 * expressions (systeminformation's `°`, a `×`, a `●`), and one such character makes Node decode the whole file
 * into a two-byte string: 23 ms instead of 5 for the preview's script, at every start. A `\\uXXXX` escape means
 * the same in a regular expression, a string, a template or a comment.
 */
for (const name of readdirSync(join(root, 'dist', 'bundle'))) {
  if (!/\.[cm]?js$/.test(name)) continue;
  const file = join(root, 'dist', 'bundle', name);
  const text = readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(text)) continue;
  // Inside String.raw an escape stays text: none of these characters may be there.
  for (let at = text.indexOf('String.raw`'); at >= 0; at = text.indexOf('String.raw`', at + 1)) {
    let end = at + 'String.raw`'.length;
    while (end < text.length && text[end] !== '`') end += text[end] === '\\' ? 2 : 1;
    if (/[^\x00-\x7f]/.test(text.slice(at, end))) throw new Error(`${name}: non-ASCII text in a String.raw template; see the ASCII step in scripts/bundle.mjs`);
  }
  writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

// The bundle carries other people's code: their licences go with it, one section per package it holds.
const packages = new Set();
for (const output of [result, launcher, oneShot].flatMap((r) => Object.values(r.metafile.outputs))) {
  for (const input of Object.keys(output.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(m[1]);
  }
}
const notices = [...packages].sort().map((name) => {
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  const text = licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `${pkg.license} (no licence file in the package)`;
  return `## ${name} ${pkg.version} — ${pkg.license}\n\n${text}\n`;
});
writeFileSync(
  join(root, 'dist', 'bundle', 'THIRD-PARTY-NOTICES.md'),
  `# Third-party software in tilebar's bundle\n\ntilebar's command (dist/bundle) includes the code of these packages, under their licences:\n\n${notices.join('\n')}`,
);
// The `tilebar` command: runnable as is, through its #! line.
chmodSync(join(root, 'dist', 'bundle', 'main.js'), 0o755);
