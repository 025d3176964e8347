/**
 * The preview formats, one entry each: what `tilebar preview --format` offers, its help and what writes a frame
 * in it. This list is the only place a format is named — the command line's choices and help derive from it —
 * so a new format is one entry here (or one entry passed in, as test/cli/extra-format.test.ts does).
 *
 * Entries import their writers when they write: the command line lists the formats without loading the SVG or
 * PNG renderers or Ink.
 */
import type { BarLayout } from './bar-types.js';
import type { SvgOptions } from './svg.js';
import { wordList } from '../text/word-list.js';

/** A frame laid out, with what each format may need to write it; each part is made only when asked. */
export interface FrameToWrite {
  layout: BarLayout;
  /** The frame drawn by the bar's Ink components: plain text, or in the colours the user's terminal takes. */
  drawn(look: 'plain' | 'colours'): Promise<string>;
  /** A picture's cell size, scale, fonts and colours. */
  picture: SvgOptions;
  /** Font files given with `--font`, drawn from before the shipped one. */
  fontFiles(): Promise<Uint8Array[]>;
  /** The preview's JSON document: each widget with its text, state, colours and place. */
  document(): unknown;
}

export interface PreviewFormat {
  name: string;
  /** The name and, in brackets, what it is, for `--help` ("json (each widget with text, state, colours)"). */
  help: string;
  contentType: string;
  /** Bytes that would garble a terminal: written only to a file or a pipe. */
  binary: boolean;
  /** Whether the note of widgets not drawn goes beside the frame (a format that carries it says no). */
  notes: boolean;
  write(frame: FrameToWrite): Promise<string | Uint8Array>;
}

/** What a format cannot write, in the user's words (the command line says it as a usage error). */
export class FormatProblem extends Error {}

/** The most pixels a picture may have: 64 megapixels (a 256 MB image in memory). */
export const MAX_PICTURE_PIXELS = 64_000_000;

const svgOf = async (frame: FrameToWrite): Promise<string> => {
  const { frameToSvg } = await import('./svg.js');
  return frameToSvg(frame.layout.rows, frame.picture);
};

export const BUILTIN_FORMATS: readonly PreviewFormat[] = [
  { name: 'text', help: 'text (plain)', contentType: 'text/plain', binary: false, notes: true, write: async (f) => `${await f.drawn('plain')}\n` },
  { name: 'ansi', help: 'ansi (colours)', contentType: 'text/plain', binary: false, notes: true, write: async (f) => `${await f.drawn('colours')}\n` },
  { name: 'json', help: 'json (each widget with text, state, colours)', contentType: 'application/json', binary: false, notes: false, write: async (f) => `${JSON.stringify(f.document(), null, 2)}\n` },
  { name: 'svg', help: 'svg', contentType: 'image/svg+xml', binary: false, notes: true, write: svgOf },
  {
    name: 'png',
    help: "png (a picture in the palette's exact colours)",
    contentType: 'image/png',
    binary: true,
    notes: true,
    async write(frame) {
      // A picture is width × height × scale² pixels of four bytes: bounded, whatever the options ask.
      const { layout, picture } = frame;
      const pixels = layout.width * picture.cell.width * layout.height * picture.cell.height * picture.scale * picture.scale;
      if (pixels > MAX_PICTURE_PIXELS) {
        throw new FormatProblem(`a ${layout.width} × ${layout.height} cell picture at --scale ${picture.scale} would be ${(pixels / 1e6).toFixed(0)} megapixels; at most ${MAX_PICTURE_PIXELS / 1e6} are drawn (a smaller --width, --height or --scale)`);
      }
      const svg = await svgOf(frame);
      const fonts = await frame.fontFiles();
      const { svgToPng } = await import('./png.js').catch((e: unknown) => {
        throw new FormatProblem(`--format png: the PNG renderer could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); reinstall tilebar with its dependencies`);
      });
      return svgToPng(svg, fonts);
    },
  },
];

/** The format named, from a list (the built-in one unless another is given). */
export function formatNamed(name: string, formats: readonly PreviewFormat[] = BUILTIN_FORMATS): PreviewFormat | undefined {
  return formats.find((f) => f.name === name);
}

/** "a, b or c": the formats' help as one phrase. */
export function formatsHelp(formats: readonly PreviewFormat[] = BUILTIN_FORMATS): string {
  return wordList(formats.map((f) => f.help), 'or');
}
