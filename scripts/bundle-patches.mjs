// The build's patches of its dependencies' modules (scripts/bundle.mjs applies them; each says why), apart so that
// what measures or tests Ink as it ships — bench/ink-tick.mjs, test/render/ink-patches.test.ts — bundles the same.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * A dependency's module with text replaced for the build: each `from` must occur exactly once, so a dependency
 * that has changed shape fails the build here, naming the plugin that patches it, rather than shipping half a patch.
 */
export function patched(path, plugin, replacements) {
  let source = readFileSync(path, 'utf8');
  for (const [from, to] of replacements) {
    if (source.split(from).length !== 2) throw new Error(`${path}: has changed shape (${from.slice(0, 60)} is not there once); see ${plugin} in scripts/bundle-patches.mjs`);
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
export const yogaLoader = (sync) => ({
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
      if (!source.includes('GRAPHEME_SEGMENTER.segment(')) throw new Error(`${args.path}: slice-ansi no longer segments as expected; see sliceAnsiLazySegmenter in scripts/bundle-patches.mjs`);
      return { contents: source, loader: 'js' };
    });
  },
};
/**
 * wrap-ansi (Ink's wrapping of a <Text> wider than its box; version 10 came with Ink 8) builds an Intl.Segmenter when
 * its module loads: the first Intl object of a process loads ICU's break-iteration data, 6.5 ms on Node 26 here, paid
 * by every preview and the bar's first frame though a bar's texts never wrap. Built on the first wrap instead.
 */
const wrapAnsiLazySegmenter = {
  name: 'wrap-ansi-lazy-segmenter',
  setup(b) {
    b.onLoad({ filter: /wrap-ansi[\\/]index\.js$/ }, (args) => {
      const source = patched(args.path, 'wrapAnsiLazySegmenter', [
        ['const segmenter = new Intl.Segmenter();', 'let graphemeSegmenter;\nconst segmenter = { segment: (text) => (graphemeSegmenter ??= new Intl.Segmenter()).segment(text) };'],
      ]);
      if (source.split('segmenter.').length !== 2 || !source.includes('segmenter.segment(')) throw new Error(`${args.path}: wrap-ansi uses its Segmenter otherwise; see wrapAnsiLazySegmenter in scripts/bundle-patches.mjs`);
      return { contents: source, loader: 'js', resolveDir: dirname(args.path) };
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
export const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      // commander 15 is an ES module; process.getBuiltinModule (Node 22.3) loads the built-in in either build.
      const source = patched(args.path, 'commanderLazyChildProcess', [["import childProcess from 'node:child_process';", "const childProcess = { spawn: (...args) => process.getBuiltinModule('node:child_process').spawn(...args) };"]]);
      if (!source.includes('childProcess.spawn(')) throw new Error(`${args.path}: commander no longer uses childProcess.spawn; see commanderLazyChildProcess in scripts/bundle-patches.mjs`);
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
      if (source.includes('segmenter')) throw new Error(`${args.path}: the tokenizer uses its Segmenter elsewhere; see tokenizerGraphemes in scripts/bundle-patches.mjs`);
      return { contents: source, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
/**
 * Ink lays every frame out into a fresh Output, whose caches (each line's styled characters from the ANSI
 * tokenizer, string widths) start empty each frame — Ink 8 still makes them per Output: a bar that redraws every
 * second would tokenize every unchanged cap, gap and label again, and make a new blank character object for each
 * of its cells. The Output here shares its caches across frames — the styled characters are only read, never
 * changed — starting them afresh when they hold more than `OUTPUT_CACHE_ENTRIES` texts (window titles that change
 * all day do not grow them without bound), and its blank cells share one object. Two more per-frame passes of
 * Ink 8's over unchanged text are kept with them:
 * - each text written is split into its lines and each line turned back into a string (the tokenizer's
 *   styledCharsToString: a style diff between neighbouring characters, three Sets and four arrays each) before
 *   the line is tokenized again: the lines of a text are kept with its styled characters;
 * - each row of the frame is turned into a string from its cells: a row whose cells are the very objects of the
 *   row drawn there the frame before (cached characters, the shared blank) gives the string it gave then — on a
 *   3-row bar the two border rows, on any bar every frame whose change is elsewhere.
 * And the loops that write each text's characters into its row walk by index: in a bar run without TurboFan
 * (src/cli/v8-flags.ts) a `for…of` makes an iterator and a result object a character.
 * bench/alloc-frame.mjs measured what each saves (bench/README.md).
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
  if (c === undefined || c.styledChars.size + c.widths.size + c.blockWidths.size + c.lines.size > OUTPUT_CACHE_ENTRIES) sharedCaches = new OutputCaches();
  return sharedCaches;
}
const BLANK_CHAR = { type: 'char', value: ' ', fullWidth: false, styles: [] };
const ROWS_KEPT = 256;
const previousRows = [];
function rowString(cells, y) {
  const previous = previousRows[y];
  if (previous !== undefined && previous.cells.length === cells.length) {
    let same = true;
    for (let x = 0; x < cells.length; x++) {
      if (previous.cells[x] !== cells[x]) {
        same = false;
        break;
      }
    }
    if (same) return previous.text;
  }
  const text = styledCharsToString(cells.filter(item => item !== undefined)).trimEnd();
  if (y < ROWS_KEPT) previousRows[y] = { cells, text };
  return text;
}
export default class Output {`,
        ],
        [
          '    styledChars = new Map();\n',
          `    styledChars = new Map();
    lines = new Map();
    getLines(text) {
        let cached = this.lines.get(text);
        if (cached === undefined) {
            const characterLines = [[]];
            for (const character of this.getStyledChars(text)) {
                if (character.value === '\\n') {
                    characterLines.push([]);
                }
                else {
                    characterLines.at(-1).push(character);
                }
            }
            cached = characterLines.map(line => styledCharsToString(line));
            this.lines.set(text, cached);
        }
        return cached;
    }
`,
        ],
        [
          `        const characterLines = [[]];
        for (const character of this.caches.getStyledChars(text)) {
            if (character.value === '\\n') {
                characterLines.push([]);
            }
            else {
                characterLines.at(-1).push(character);
            }
        }
        let lines = characterLines.map(line => styledCharsToString(line));`,
          '        let lines = this.caches.getLines(text);',
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
        ['        for (let [index, line] of lines.entries()) {', '        for (let index = 0; index < lines.length; index++) {\n            let line = lines[index];'],
        ['            for (const transformer of transformers) {', '            for (let t = 0; t < transformers.length; t++) {\n                const transformer = transformers[t];'],
        ['            for (const character of characters) {', '            for (let c = 0; c < characters.length; c++) {\n                const character = characters[c];'],
        [
          `            .map(line => {
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })`,
          '            .map((line, y) => rowString(line, y))',
        ],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
/**
 * For each <Text> on each frame Ink asks Yoga for the room it has: its width less its left and right padding and
 * border (getMaxWidth), five calls into Yoga's WebAssembly, whose bindings make a few objects a call — the most of
 * what Yoga allocated in a frame (bench/alloc-frame.mjs). Only a text's own style could give it padding or a
 * border, and Ink's <Text> sets neither (a box's padding is the box's): a text whose style has none of the
 * properties Ink sets them from has its width, one call; any other keeps Ink's five.
 */
const inkTextMaxWidth = {
  name: 'ink-text-max-width',
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]render-node-to-output\.js$/ }, (args) => ({
      contents: patched(args.path, 'inkTextMaxWidth', [
        [
          "import getMaxWidth from './get-max-width.js';",
          `import getMaxWidth from './get-max-width.js';
// Every style property Ink sets a Yoga node's padding or border from (styles.js).
const EDGE_STYLES = ['padding', 'paddingX', 'paddingY', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'borderStyle'];
const withoutEdges = (style) => {
    for (let i = 0; i < EDGE_STYLES.length; i++) {
        if (style[EDGE_STYLES[i]]) {
            return false;
        }
    }
    return true;
};`,
        ],
        ['            const maxWidth = getMaxWidth(yogaNode);', '            const maxWidth = withoutEdges(node.style) ? yogaNode.getComputedWidth() : getMaxWidth(yogaNode);'],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
/**
 * Ink 8 sanitizes the text of every <Text> on every frame (squashTextNodes, for drawing and again for measuring):
 * its escape sequences tokenized and the SGR ones rewritten, a token object and parameter arrays each — and every
 * run of a bar is painted, so every text has escapes. The same text sanitizes to the same result: kept, up to
 * `SANITIZED_ENTRIES` texts before starting afresh.
 */
const inkSanitizeCache = {
  name: 'ink-sanitize-cache',
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]squash-text-nodes\.js$/ }, (args) => ({
      contents: patched(args.path, 'inkSanitizeCache', [
        [
          "import sanitizeAnsi from './sanitize-ansi.js';",
          `import sanitizeAnsi from './sanitize-ansi.js';
const SANITIZED_ENTRIES = 4096;
let sanitized = new Map();
const sanitizedText = (text) => {
    let result = sanitized.get(text);
    if (result === undefined) {
        if (sanitized.size >= SANITIZED_ENTRIES) sanitized = new Map();
        result = sanitizeAnsi(text);
        sanitized.set(text, result);
    }
    return result;
};`,
        ],
        ["text = sanitizeAnsi(text.replaceAll('\\r\\n', '\\n'));", "text = sanitizedText(text.replaceAll('\\r\\n', '\\n'));"],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
/**
 * Ink turns each row of a frame into a string with the tokenizer's styledCharsToString, which works out the escape
 * codes between each pair of neighbouring characters of different styles (diffAnsiCodes: three Sets and four arrays
 * a change) and after the last one — on every frame, though a bar's row changes only where its clock or a reading
 * did, between the same caps, labels and gaps. Each character's styles are an array of its own, made once per
 * tokenized text and never changed (Ink's caches keep the characters: inkOutputCaches), so the codes between two
 * of them are kept by those two arrays (weakly: gone with the characters).
 */
const tokenizerStyleTransitions = {
  name: 'tokenizer-style-transitions',
  setup(b) {
    b.onLoad({ filter: /@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/ }, (args) => ({
      contents: patched(args.path, 'tokenizerStyleTransitions', [
        [
          'export function styledCharsToString(chars) {',
          `const openings = new WeakMap();
function opening(styles) {
    let codes = openings.get(styles);
    if (codes === undefined) {
        codes = ansiCodesToString(styles);
        openings.set(styles, codes);
    }
    return codes;
}
const closings = new WeakMap();
function closing(styles) {
    let codes = closings.get(styles);
    if (codes === undefined) {
        codes = ansiCodesToString(diffAnsiCodes(styles, []));
        closings.set(styles, codes);
    }
    return codes;
}
const transitions = new WeakMap();
function transition(from, to) {
    let byTo = transitions.get(from);
    if (byTo === undefined) {
        byTo = new WeakMap();
        transitions.set(from, byTo);
    }
    let codes = byTo.get(to);
    if (codes === undefined) {
        codes = ansiCodesToString(diffAnsiCodes(from, to));
        byTo.set(to, codes);
    }
    return codes;
}
export function styledCharsToString(chars) {`,
        ],
        ['            ret += ansiCodesToString(char.styles);', '            ret += opening(char.styles);'],
        ['            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));', '            ret += transition(chars[i - 1].styles, char.styles);'],
        ['            ret += ansiCodesToString(diffAnsiCodes(char.styles, []));', '            ret += closing(char.styles);'],
      ]),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
/** The patches of Ink and of the packages it draws with, in the order the build applies them. */
/**
 * Ink's reconciler waits at its top level, in development only (DEV=true): to connect React DevTools and to
 * read its package.json for them. A script (a one-shot command's, the single executable's) cannot wait there, and tilebar never runs Ink in development (the
 * DevTools bridge is not even bundled): both become what they are in production.
 */
export const inkWithoutTopLevelAwait = {
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
export const INK_PATCHES = [sliceAnsiLazySegmenter, wrapAnsiLazySegmenter, tokenizerGraphemes, tokenizerStyleTransitions, inkOutputCaches, inkTextMaxWidth, inkSanitizeCache, inkLineUpdateLazySegmenter];
