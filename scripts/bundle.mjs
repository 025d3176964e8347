#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (ESM, code-split per command): one file per command instead of
// hundreds of modules to resolve and compile at start-up (see bench/: ~300 ms of module loading saved).
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shebangOf } from './node-launch.mjs';

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
for (const file of ['package.json', 'package-lock.json', 'scripts/bundle.mjs', 'scripts/node-launch.mjs']) identity.update(readFileSync(join(root, file)));
/**
 * A dependency's module with text replaced for the build: each `from` must occur exactly once, so a dependency
 * that has changed shape fails the build here, naming the plugin that patches it, rather than shipping half a patch.
 */
function patched(path, plugin, replacements) {
  let source = readFileSync(path, 'utf8');
  for (const [from, to] of replacements) {
    if (source.split(from).length !== 2) throw new Error(`${path}: has changed shape (${from.slice(0, 60)} is not there once); see ${plugin} in scripts/bundle.mjs`);
    source = source.replace(from, () => to);
  }
  return source;
}
/**
 * Yoga's Emscripten loader fetches its inlined WebAssembly (a data: URL) with the global `fetch` whenever one
 * exists, and Node 20's `fetch` loads undici on first call: ~45 ms of compiling Node's internal modules before
 * the first frame and ~10 MB of memory for the bar's life, to decode a base64 string. The loader's factory gets
 * a `fetch` parameter that is undefined, which sends it down its own synchronous path (decode, then
 * WebAssembly.instantiate); the global is untouched for everything else. A Yoga whose loader no longer has this
 * shape fails the build here, and test/cli/start-up-modules.test.ts checks that a preview loads no undici.
 *
 * `sync` is for the one-shot commands' CommonJS scripts, which cannot wait at their top level as Yoga's module
 * does (`await loadYoga()`): the loader also hands its data URL to an `instantiateWasm` hook, which compiles and
 * instantiates the module synchronously (Node allows it on the main thread), so Yoga is ready when the loader
 * returns, as the asynchronous path would have it one microtask later.
 */
const yogaLoader = (sync) => ({
  name: 'yoga-loader',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => ({
      loader: 'js',
      contents: patched(args.path, 'yogaLoader', [
        ['var loadYoga = (() => {', 'var loadYoga = ((fetch) => {'],
        ['})();\nexport default loadYoga;', '})(undefined);\nexport default loadYoga;'],
        // The data URL the hook below reads (`H`): there, once.
        ...(sync ? [['var H;H="data:application/octet-stream;base64,', 'var H;H="data:application/octet-stream;base64,'], ['if(h.instantiateWasm)try{', 'if(h.instantiateWasm)try{h.wasmDataUrl=H;']] : []),
      ]),
    }));
    if (!sync) return;
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) => ({
      loader: 'js',
      contents: patched(args.path, 'yogaLoader', [
        [
          'const Yoga = wrapAssembly(await loadYoga());',
          `const Yoga = wrapAssembly((() => {
  const module = {
    instantiateWasm(imports, receive) {
      const url = module.wasmDataUrl;
      receive(new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')), imports));
      return {};
    },
  };
  loadYoga(module).catch(() => undefined);
  if (!module.calledRun) throw new Error('Yoga did not start synchronously');
  return module;
})());`,
        ],
      ]),
    }));
  },
});
/**
 * slice-ansi (Ink's clipping of a line that overflows its box) builds an Intl.Segmenter when its module loads,
 * and the first one in a process loads ICU's break-iteration data: ~17 ms of every preview and of the bar's
 * first frame, though a bar's lines are cut to fit before Ink sees them. It is built on the first cut instead.
 */
const sliceAnsiLazySegmenter = {
  name: 'slice-ansi-lazy-segmenter',
  setup(b) {
    b.onLoad({ filter: /slice-ansi[\\/]tokenize-ansi\.js$/ }, (args) => {
      const source = patched(args.path, 'sliceAnsiLazySegmenter', [
        [
          "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
          "let graphemeSegmenter;\nconst GRAPHEME_SEGMENTER = { segment: (text) => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(text) };",
        ],
      ]);
      if (!source.includes('GRAPHEME_SEGMENTER.segment(')) throw new Error(`${args.path}: slice-ansi no longer segments as expected; see sliceAnsiLazySegmenter in scripts/bundle.mjs`);
      return { contents: source, loader: 'js' };
    });
  },
};
/**
 * Ink 8's line-by-line update (log-update's incremental path) builds an Intl.Segmenter when its module loads, which
 * every Ink program loads: the same ICU data as above, for a path that runs only when a changed line keeps a styled
 * prefix. It is built on its first use instead.
 */
const inkLineUpdateLazySegmenter = {
  name: 'ink-line-update-lazy-segmenter',
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]line-update\.js$/ }, (args) => ({
      contents: patched(args.path, 'inkLineUpdateLazySegmenter', [
        [
          "const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });",
          "let graphemeSegmenter;\nconst segmenter = { segment: (text) => (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text) };",
        ],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
/**
 * commander loads node:child_process (and with it net, dgram and their bindings: ~5 ms of every command) for
 * its executable subcommands, which tilebar does not have: it is loaded on the first spawn instead.
 */
const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      // commander 15 is an ES module; process.getBuiltinModule (Node 22.3) loads the built-in in either build.
      const source = patched(args.path, 'commanderLazyChildProcess', [["import childProcess from 'node:child_process';", "const childProcess = { spawn: (...args) => process.getBuiltinModule('node:child_process').spawn(...args) };"]]);
      if (!source.includes('childProcess.spawn(')) throw new Error(`${args.path}: commander no longer uses childProcess.spawn; see commanderLazyChildProcess in scripts/bundle.mjs`);
      return { contents: source, loader: 'js' };
    });
  },
};
/**
 * Ink's output tokenizer (@alcalzone/ansi-tokenize) runs an Intl.Segmenter, built when its module loads, over
 * every line; the first Intl object in a process loads ICU's data (~15 ms of a preview in bench/oneshot.mjs, and
 * the bar's first frame pays it too). It asks src/pane/ink/graphemes.ts instead, which splits a line of
 * single-unit clusters itself (a bar's usual text) and builds the Segmenter for any other line.
 */
const tokenizerGraphemes = {
  name: 'tokenizer-graphemes',
  setup(b) {
    b.onLoad({ filter: /@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/ }, (args) => {
      const source = patched(args.path, 'tokenizerGraphemes', [
        ['const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', `import { graphemeSegments } from ${JSON.stringify(join(root, 'src', 'pane', 'ink', 'graphemes.ts'))};`],
        ['of segmenter.segment(str))', 'of graphemeSegments(str))'],
      ]);
      if (source.includes('segmenter')) throw new Error(`${args.path}: the tokenizer uses its Segmenter elsewhere; see tokenizerGraphemes in scripts/bundle.mjs`);
      return { contents: source, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
/**
 * Ink lays every frame out into a fresh Output, whose caches (each line's styled characters from the ANSI
 * tokenizer, string widths) start empty each frame: a bar that redraws every second tokenizes every unchanged cap,
 * gap and label again, and makes a new blank character object for each of its cells. The Output here shares its
 * caches across frames — the styled characters are only read, never changed — starting them afresh when they
 * hold more than `OUTPUT_CACHE_ENTRIES` texts (window titles that change all day do not grow them without
 * bound), and its blank cells share one object. A 3-row bar's tick through Ink: bench/ink-tick.mjs.
 */
const inkOutputCaches = {
  name: 'ink-output-caches',
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]output\.js$/ }, (args) => ({
      contents: patched(args.path, 'inkOutputCaches', [
        [
          'export default class Output {',
          `const OUTPUT_CACHE_ENTRIES = 4096;
let sharedCaches;
function outputCaches() {
  const c = sharedCaches;
  if (c === undefined || c.styledChars.size + c.widths.size + c.blockWidths.size > OUTPUT_CACHE_ENTRIES) sharedCaches = new OutputCaches();
  return sharedCaches;
}
const BLANK_CHAR = { type: 'char', value: ' ', fullWidth: false, styles: [] };
export default class Output {`,
        ],
        ['    caches = new OutputCaches();', '    caches = outputCaches();'],
        [
          `            row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
          '            row.push(BLANK_CHAR);',
        ],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
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
  plugins: [yogaLoader(false), sliceAnsiLazySegmenter, commanderLazyChildProcess, tokenizerGraphemes, inkOutputCaches, inkLineUpdateLazySegmenter],
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
  plugins: [oneShotEntries, yogaLoader(true), inkWithoutTopLevelAwait, sliceAnsiLazySegmenter, commanderLazyChildProcess, tokenizerGraphemes, inkOutputCaches, inkLineUpdateLazySegmenter],
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
