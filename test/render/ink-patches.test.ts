/**
 * The build's patches of Ink's output pass (scripts/bundle-patches.mjs: caches kept across frames, a row's string
 * kept while its cells are the same, sanitized text kept) must change what Ink costs, never what it draws: Ink's
 * Output and squashTextNodes, bundled as the command bundles them, against the same modules bundled unpatched,
 * frame after frame in one process (what the caches carry from one frame to the next is the point), for texts
 * with styles, newlines, wide characters and escapes Ink rewrites.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the build's, in JavaScript
import { INK_PATCHES } from '../../scripts/bundle-patches.mjs';

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Array<(line: string, index: number) => string> }): void;
  get(): { output: string; height: number };
}
interface InkModules {
  Output: new (size: { width: number; height: number }) => OutputLike;
  squashTextNodes(node: unknown): string;
  renderToString(tree: unknown, options: { columns: number }): string;
  Box: unknown;
  Text: unknown;
  createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): unknown;
}

const root = join(import.meta.dirname, '..', '..');
async function inkModules(plugins: Plugin[], name: string): Promise<InkModules> {
  const ink = join(root, 'node_modules', 'ink', 'build');
  const out = join(mkdtempSync(join(tmpdir(), 'ink-patches-')), `${name}.mjs`);
  await build({
    stdin: {
      contents: `export { default as Output } from ${JSON.stringify(join(ink, 'output.js'))};\nexport { default as squashTextNodes } from ${JSON.stringify(join(ink, 'squash-text-nodes.js'))};\nexport { renderToString, Box, Text } from 'ink';\nexport { createElement } from 'react';\n`,
      resolveDir: root,
      loader: 'js',
    },
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    // As the command's bundle measures text and builds React and Ink (scripts/bundle.mjs).
    alias: { 'string-width': join(root, 'src', 'pane', 'ink', 'string-width.ts'), 'react-devtools-core': join(root, 'scripts', 'no-devtools.mjs'), ws: join(root, 'scripts', 'no-devtools.mjs') },
    define: { 'process.env.NODE_ENV': '"production"' },
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    plugins,
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(out).href)) as InkModules;
}

let patched: InkModules;
let plain: InkModules;
beforeAll(async () => {
  patched = await inkModules(INK_PATCHES as Plugin[], 'patched');
  plain = await inkModules([], 'plain');
});

const sgr = fc.constantFrom('', '\x1b[38;2;17;34;51m', '\x1b[48;2;0;0;0m', '\x1b[1m', '\x1b[22m', '\x1b[39m', '\x1b[0m', '\x1b[38:5:196m', '\x1b[2K', '\x1b[48;5;236m');
const chars = fc.constantFrom('a', 'B', ' ', '─', '╭', '語', '\uf240', '👍', 'e\u0301', '\n', '\t', '\x07');
const styled = fc.array(fc.tuple(sgr, fc.array(chars, { maxLength: 6 }).map((cs) => cs.join(''))), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([s, t]) => s + t).join(''));
const write = fc.record({ x: fc.integer({ min: -2, max: 30 }), y: fc.integer({ min: -1, max: 3 }), text: styled });
const frame = fc.record({ width: fc.integer({ min: 1, max: 30 }), height: fc.integer({ min: 1, max: 3 }), writes: fc.array(write, { maxLength: 8 }) });

function draw(ink: InkModules, f: { width: number; height: number; writes: Array<{ x: number; y: number; text: string }> }): string {
  const output = new ink.Output({ width: f.width, height: f.height });
  for (const w of f.writes) output.write(w.x, w.y, w.text, { transformers: [] });
  return output.get().output;
}

describe("Ink's output pass, patched as the build ships it", () => {
  it('draws every frame of a sequence as unpatched Ink draws it', () => {
    fc.assert(
      // A bar's frames: one size, the same writes mostly, one of them changed or moved from one frame to the next,
      // sometimes none — what the caches and the rows kept from the frame before are for.
      fc.property(frame, fc.array(fc.option(fc.tuple(fc.nat(7), write)), { minLength: 1, maxLength: 8 }), (first, edits) => {
        let writes = first.writes;
        const sequence = [first];
        for (const edit of edits) {
          if (edit !== null) writes = writes.map((w, i) => (i === edit[0] % Math.max(1, writes.length) ? edit[1] : w));
          sequence.push({ ...first, writes });
        }
        for (const f of sequence) expect(draw(patched, f)).toBe(draw(plain, f));
      }),
      { numRuns: 500 },
    );
  });

  it('sanitizes every text as unpatched Ink does, the first time and again', () => {
    fc.assert(
      fc.property(fc.array(styled, { minLength: 1, maxLength: 4 }), (texts) => {
        const node = { nodeName: 'ink-text', childNodes: texts.map((t) => ({ nodeName: '#text', nodeValue: t })) };
        const expected = plain.squashTextNodes(node);
        expect(patched.squashTextNodes(node)).toBe(expected);
        expect(patched.squashTextNodes(node)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('renders trees of boxes and texts as unpatched Ink renders them, one after another', () => {
    type Tree = { box: { direction: 'row' | 'column'; padding: number; border: boolean; width?: number }; texts: Array<{ text: string; color?: string; wrap: 'wrap' | 'truncate' }> };
    const tree: fc.Arbitrary<Tree> = fc.record({
      box: fc.record({ direction: fc.constantFrom('row' as const, 'column' as const), padding: fc.nat(2), border: fc.boolean(), width: fc.option(fc.integer({ min: 4, max: 30 }), { nil: undefined }) }),
      texts: fc.array(fc.record({ text: styled, color: fc.option(fc.constantFrom('red', '#89b4fa'), { nil: undefined }), wrap: fc.constantFrom('wrap' as const, 'truncate' as const) }), { minLength: 1, maxLength: 5 }),
    });
    const element = (ink: InkModules, t: Tree) =>
      ink.createElement(
        ink.Box,
        { flexDirection: t.box.direction, padding: t.box.padding, ...(t.box.border ? { borderStyle: 'round' } : {}), ...(t.box.width ? { width: t.box.width } : {}) },
        ...t.texts.map((x, i) => ink.createElement(ink.Text, { key: i, wrap: x.wrap, ...(x.color ? { color: x.color } : {}) }, x.text)),
      );
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 4 }), fc.integer({ min: 8, max: 40 }), (trees, columns) => {
        for (const t of [...trees, ...trees]) expect(patched.renderToString(element(patched, t), { columns })).toBe(plain.renderToString(element(plain, t), { columns }));
      }),
      { numRuns: 200 },
    );
  });
});
