#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (ESM, code-split per command): one file per command instead of
// hundreds of modules to resolve and compile at start-up (see bench/: ~300 ms of module loading saved).
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shebangOf } from './node-launch.mjs';
import { commanderLazyChildProcess, INK_PATCHES, inkWithoutTopLevelAwait, yogaLoader } from './bundle-patches.mjs';
import { buildIdentity, commonBuildOptions, ONE_SHOT, oneShotEntries, packageNotices, writeAscii } from './build-parts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Chunk names carry content hashes: start empty so old chunks do not pile up.
rmSync(join(root, 'dist', 'bundle'), { recursive: true, force: true });

const BUILD = buildIdentity(root);
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
  ...commonBuildOptions(root, BUILD),
  outdir: join(root, 'dist', 'bundle'),
  sourcemap: 'linked',
  // The PNG renderer's WebAssembly and the picture fonts are files read from their installed packages (the
  // package's only dependencies, loaded for --format png alone): their JavaScript stays with them.
  external: ['@resvg/resvg-wasm'],
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
 * cache (src/cli/code-cache.ts says why): scripts/build-parts.mjs's oneShotEntries.
 */
const oneShot = await build({
  ...common,
  entryPoints: Object.fromEntries(ONE_SHOT.map((name) => [`oneshot-${name}`, `one-shot:${name}`])),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [oneShotEntries(root), yogaLoader(true), inkWithoutTopLevelAwait, commanderLazyChildProcess, ...INK_PATCHES],
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

// Every script and chunk in ASCII (writeAscii says why).
for (const name of readdirSync(join(root, 'dist', 'bundle'))) {
  if (/\.[cm]?js$/.test(name)) writeAscii(join(root, 'dist', 'bundle', name));
}

// The bundle carries other people's code: their licences go with it, one section per package it holds.
const notices = packageNotices(root, [result, launcher, oneShot].map((r) => r.metafile));
writeFileSync(
  join(root, 'dist', 'bundle', 'THIRD-PARTY-NOTICES.md'),
  `# Third-party software in tilebar's bundle\n\ntilebar's command (dist/bundle) includes the code of these packages, under their licences:\n\n${notices.join('\n')}`,
);
// The `tilebar` command: runnable as is, through its #! line.
chmodSync(join(root, 'dist', 'bundle', 'main.js'), 0o755);
