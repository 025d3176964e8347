/**
 * `string-width` for Ink and the packages it draws with (widest-line, cli-truncate, wrap-ansi, slice-ansi),
 * put in its place by the bundler (scripts/bundle.mjs): Ink then measures every text node with the one width
 * the bar is laid out with (src/render/text-width.ts), so the two can never disagree about a cell, and a
 * preview no longer compiles string-width's emoji tables (`\p{RGI_Emoji}`, Intl.Segmenter) before its first
 * frame: ~22 ms of a ~370 ms preview (bench/oneshot.mjs). Escape sequences count for nothing, as in string-width.
 */
import { stripVTControlCharacters } from 'node:util';
import { textWidth } from '../../render/text-width.js';

export interface StringWidthOptions {
  /** Count escape sequences as characters (string-width's option; Ink never sets it). */
  countAnsiEscapeCodes?: boolean;
}

export default function stringWidth(text: unknown, options: StringWidthOptions = {}): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  return textWidth(options.countAnsiEscapeCodes ? text : stripVTControlCharacters(text));
}
