#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (ESM, code-split per command): one file per command instead of
// hundreds of modules to resolve and compile at start-up (see bench/: ~300 ms of module loading saved).
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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
for (const file of ['package.json', 'package-lock.json']) identity.update(readFileSync(join(root, file)));
/**
 * Yoga's Emscripten loader fetches its inlined WebAssembly (a data: URL) with the global `fetch` whenever one
 * exists, and Node 20's `fetch` loads undici on first call: ~45 ms of compiling Node's internal modules before
 * the first frame and ~10 MB of memory for the bar's life, to decode a base64 string. The loader's factory gets
 * a `fetch` parameter that is undefined, which sends it down its own synchronous path (decode, then
 * WebAssembly.instantiate); the global is untouched for everything else. A Yoga whose loader no longer has this
 * shape fails the build here, and test/cli/start-up-modules.test.ts checks that a preview loads no undici.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const head = 'var loadYoga = (() => {';
      const tail = '})();\nexport default loadYoga;';
      if (source.split(head).length !== 2 || source.split(tail).length !== 2) throw new Error(`${args.path}: Yoga's loader has changed shape; see yogaWithoutFetch in scripts/bundle.mjs`);
      return { contents: source.replace(head, 'var loadYoga = ((fetch) => {').replace(tail, '})(undefined);\nexport default loadYoga;'), loader: 'js' };
    });
  },
};
const result = await build({
  entryPoints: [join(root, 'src', 'cli', 'main.ts')],
  outdir: join(root, 'dist', 'bundle'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Whitespace and syntax only, names kept (a log's stack trace stays readable): less source for V8 to keep
  // and parse at start-up, which the Ink chunk makes matter (bench/).
  minifyWhitespace: true,
  minifySyntax: true,
  // Production React (and Ink's dependencies) in the bundle: the development builds are slower on every
  // render and twice the size (reference: INK-LIVE.md).
  define: { __TILEBAR_BUILD__: JSON.stringify(identity.digest('hex').slice(0, 16)), 'process.env.NODE_ENV': '"production"' },
  // Ink's React DevTools bridge (and the WebSocket library it brings) loads only in development (DEV=true),
  // which tilebar never sets; its package is not even installed.
  // Ink measures text with the bar's own width function (src/render/ink/string-width.ts says why).
  alias: { 'react-devtools-core': join(root, 'scripts', 'no-devtools.mjs'), ws: join(root, 'scripts', 'no-devtools.mjs'), 'string-width': join(root, 'src', 'render', 'ink', 'string-width.ts') },
  plugins: [yogaWithoutFetch],
  // The PNG renderer's WebAssembly and the picture fonts are files read from their installed packages (the
  // package's only dependencies, loaded for --format png alone): their JavaScript stays with them.
  external: ['@resvg/resvg-wasm'],
  logLevel: 'warning',
  // What each chunk holds and imports: test/cli/start-up-modules.test.ts checks what `run` loads before its first frame.
  metafile: true,
  // ESM builds first: jsonc-parser's UMD build requires its parts dynamically, which a bundle cannot follow.
  mainFields: ['module', 'main'],
  // CommonJS dependencies (systeminformation, jsonc-parser) call require(); give them one.
  banner: { js: "import { createRequire as __tilebarRequire } from 'node:module'; const require = __tilebarRequire(import.meta.url);" },
});
writeFileSync(join(root, 'dist', 'bundle-meta.json'), JSON.stringify(result.metafile));

// The bundle carries other people's code: their licences go with it, one section per package it holds.
const packages = new Set();
for (const output of Object.values(result.metafile.outputs)) {
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
// The entry is the `tilebar` command: runnable as is, through its #! line.
chmodSync(join(root, 'dist', 'bundle', 'main.js'), 0o755);
