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

const require = createRequire(import.meta.url);

/** The fonts every picture is drawn with, in the order resvg falls back through them. */
export const SHIPPED_FONTS = ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf', 'DejaVuSans.ttf'].map((f) => `dejavu-fonts-ttf/ttf/${f}`);
export const SHIPPED_FAMILY = 'DejaVu Sans Mono';

let ready: Promise<typeof import('@resvg/resvg-wasm')> | undefined;

/** resvg, its WebAssembly compiled once per process. */
function resvg(): Promise<typeof import('@resvg/resvg-wasm')> {
  ready ??= (async () => {
    const mod = await import('@resvg/resvg-wasm');
    await mod.initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    return mod;
  })();
  return ready;
}

/** `extraFonts`: fonts (TTF/OTF bytes) drawn from before the shipped ones, e.g. a Nerd Font for its icons. */
export async function svgToPng(svg: string, extraFonts: readonly Uint8Array[] = []): Promise<Uint8Array> {
  const { Resvg } = await resvg();
  const shipped = await Promise.all(SHIPPED_FONTS.map(async (f) => new Uint8Array(await readFile(require.resolve(f)))));
  const fontBuffers = [...extraFonts, ...shipped];
  const rendered = new Resvg(svg, { font: { fontBuffers, defaultFontFamily: SHIPPED_FAMILY } }).render();
  return rendered.asPng();
}
