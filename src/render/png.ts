/**
 * An SVG frame as PNG, through resvg compiled to WebAssembly (`@resvg/resvg-wasm`, MPL-2.0): one build of
 * the renderer for every machine, so the same SVG and fonts give the same pixels on Linux, macOS and
 * Windows, x64 or arm64 — a native build per platform could round differently. No system font is read: the
 * fonts are DejaVu Sans Mono (with its bold, and DejaVu Sans for symbols the mono face lacks) from the
 * `dejavu-fonts-ttf` package, under the DejaVu/Bitstream Vera licence, plus any `--font` files. Loaded only
 * for `--format png`.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { seaAssetBytes } from '../install/sea.js';

const require = createRequire(import.meta.url);

/** The fonts every picture is drawn with, in the order resvg falls back through them (their file names). */
export const SHIPPED_FONTS = ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSans.ttf'];
export const SHIPPED_FAMILY = 'DejaVu Sans Mono';
/** The renderer's WebAssembly, by its name in its package. */
export const RENDERER_WASM = 'index_bg.wasm';

/**
 * A file of a package the npm package has installed beside it: a single-executable build carries it as its asset
 * of the same name, `package/file` (install/sea.ts; scripts/sea.mjs puts each there).
 */
async function shipped(pkg: string, file: string): Promise<Uint8Array> {
  return seaAssetBytes(`${pkg}/${file}`) ?? new Uint8Array(await readFile(require.resolve(`${pkg}/${file}`)));
}

let ready: Promise<typeof import('@resvg/resvg-wasm')> | undefined;

/** resvg, its WebAssembly compiled once per process. */
function resvg(): Promise<typeof import('@resvg/resvg-wasm')> {
  ready ??= (async () => {
    const mod = await import('@resvg/resvg-wasm');
    await mod.initWasm(await shipped('@resvg/resvg-wasm', RENDERER_WASM));
    return mod;
  })();
  return ready;
}

/** `extraFonts`: fonts (TTF/OTF bytes) drawn from before the shipped ones, e.g. a Nerd Font for its icons. */
export async function svgToPng(svg: string, extraFonts: readonly Uint8Array[] = []): Promise<Uint8Array> {
  const { Resvg } = await resvg();
  const fonts = await Promise.all(SHIPPED_FONTS.map((f) => shipped('dejavu-fonts-ttf', `ttf/${f}`)));
  const fontBuffers = [...extraFonts, ...fonts];
  const rendered = new Resvg(svg, { font: { fontBuffers, defaultFontFamily: SHIPPED_FAMILY } }).render();
  return rendered.asPng();
}
