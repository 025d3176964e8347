// What the npm package's build (scripts/bundle.mjs) and the single executables' (scripts/sea.mjs) share: the
// esbuild options both builds start from, the build's identity, every script in ASCII, and the notices of the
// packages a build holds.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The esbuild options of every tilebar build (each adds its entries, format and patches): the same program,
 * whichever package carries it.
 */
export function commonBuildOptions(root, build) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node22.12',
    // Whitespace and syntax only, names kept (a log's stack trace stays readable): less source for V8 to keep
    // and parse at start-up, which the Ink chunk makes matter (bench/).
    minifyWhitespace: true,
    minifySyntax: true,
    // Production React (and Ink's dependencies) in the bundle: the development builds are slower on every
    // render and twice the size (reference: INK-LIVE.md).
    define: { __TILEBAR_BUILD__: JSON.stringify(build), 'process.env.NODE_ENV': '"production"' },
    // Ink's React DevTools bridge (and the WebSocket library it brings) loads only in development (DEV=true),
    // which tilebar never sets; its package is not even installed.
    // Ink measures text with the bar's own width function (src/pane/ink/string-width.ts says why).
    alias: { 'react-devtools-core': join(root, 'scripts', 'no-devtools.mjs'), ws: join(root, 'scripts', 'no-devtools.mjs'), 'string-width': join(root, 'src', 'pane', 'ink', 'string-width.ts') },
    logLevel: 'warning',
    // What each output holds and imports: test/cli/start-up-modules.test.ts checks what `run` loads before its
    // first frame, and the notices name the packages held.
    metafile: true,
    // ESM builds first: jsonc-parser's UMD build requires its parts dynamically, which a bundle cannot follow.
    mainFields: ['module', 'main'],
  };
}

/**
 * The build's identity, from everything that goes into it: cached config models (src/config/model-cache.ts) and
 * code caches written by another build are never used.
 */
export function buildIdentity(root) {
  const identity = createHash('sha256');
  for (const dir of ['src', 'widgets', 'themes']) {
    const files = readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? e.path, e.name))
      .sort();
    for (const file of files) identity.update(`${relative(root, file)}\0`).update(readFileSync(file));
  }
  for (const file of ['package.json', 'package-lock.json', 'scripts/bundle.mjs', 'scripts/bundle-patches.mjs', 'scripts/build-parts.mjs', 'scripts/node-launch.mjs', 'scripts/sea.mjs']) identity.update(readFileSync(join(root, file)));
  return identity.digest('hex').slice(0, 16);
}

/**
 * A script in ASCII. esbuild escapes text outside strings' ASCII range except inside regular expressions
 * (systeminformation's `°`, a `×`, a `●`), and one such character makes Node decode the whole file into a
 * two-byte string: 23 ms instead of 5 for the preview's script, at every start. A `\\uXXXX` escape means the same
 * in a regular expression, a string, a template or a comment.
 */
export function writeAscii(file) {
  const text = readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(text)) return;
  // Inside String.raw an escape stays text: none of these characters may be there.
  for (let at = text.indexOf('String.raw`'); at >= 0; at = text.indexOf('String.raw`', at + 1)) {
    let end = at + 'String.raw`'.length;
    while (end < text.length && text[end] !== '`') end += text[end] === '\\' ? 2 : 1;
    if (/[^\x00-\x7f]/.test(text.slice(at, end))) throw new Error(`${file}: non-ASCII text in a String.raw template; see writeAscii in scripts/build-parts.mjs`);
  }
  writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** The notices of the packages whose code esbuild put in the outputs of `metafiles`: one section per package, with its licence. */
export function packageNotices(root, metafiles) {
  const packages = new Set();
  for (const output of metafiles.flatMap((m) => Object.values(m.outputs))) {
    for (const input of Object.keys(output.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m) packages.add(m[1]);
    }
  }
  return [...packages].sort().map((name) => {
    const dir = join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
    const text = licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `${pkg.license} (no licence file in the package)`;
    return `## ${name} ${pkg.version} — ${pkg.license}\n\n${text}\n`;
  });
}

/** The commands that have a script of their own (oneshot-<command>.cjs), which runs with V8's code cache. */
export const ONE_SHOT = ['check', 'preview', 'thresholds', 'themes', 'schema'];

/**
 * esbuild entries `one-shot:<command>`: the command line given that command's module alone, so the script holds
 * that command and nothing else (what the command imports lazily stays lazy: esbuild runs such a module's top
 * level when it is first imported); and `one-shot:all`, every command, for the single executable's `run`, `feed`
 * and the rest. Each exports `run(args, io)` and `validated()` (src/cli/code-cache.ts: OneShotScript).
 */
export function oneShotEntries(root) {
  const commands = (command) =>
    command === 'all'
      ? `import { lazyCommands as commands } from './commands.js';\n`
      : `import * as command from './${command}.js';\nconst commands = { ${command}: async () => command };\n`;
  return {
    name: 'one-shot-entries',
    setup(b) {
      b.onResolve({ filter: /^one-shot:/ }, (args) => ({ path: args.path.slice('one-shot:'.length), namespace: 'one-shot' }));
      b.onLoad({ filter: /.*/, namespace: 'one-shot' }, (args) => ({
        resolveDir: join(root, 'src', 'cli'),
        loader: 'ts',
        contents: `${commands(args.path)}import { runCli } from './program.js';\nimport { validationsSoFar } from '../config/validation-count.js';\nimport type { CliIo } from './io.js';\nexport const run = (args: readonly string[], io: CliIo): Promise<number> => runCli(args, io, commands);\nexport const validated = (): boolean => validationsSoFar() > 0;\n`,
      }));
    },
  };
}
