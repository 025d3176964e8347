/** A config document's text with fast offset → line:col lookup (1-based, tabs count as one column). */
import { displayText } from '../text/safe-text.js';

export interface SourcePosition {
  line: number;
  col: number;
}

/** The text without a UTF-8 byte-order mark: invisible in editors, so never part of what is read or compared. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Characters of a long line shown around a problem's column, and how many of them come before it. */
const EXCERPT_WIDTH = 120;
const EXCERPT_CONTEXT = 50;

export class SourceText {
  readonly text: string;
  private readonly lineStarts: number[] = [0];
  /** Line starts are found as far as a position asks: a document rejected for its size is never scanned. */
  private scannedTo = 0;

  constructor(
    readonly file: string,
    rawText: string,
  ) {
    // A UTF-8 BOM is invisible in editors, so columns are counted without it.
    this.text = withoutBom(rawText);
  }

  private scanTo(offset: number): void {
    const end = Math.min(this.text.length, offset + 1);
    for (let i = this.scannedTo; i < end; i++) {
      if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
    this.scannedTo = Math.max(this.scannedTo, end);
  }

  position(offset: number): SourcePosition {
    this.scanTo(offset);
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  /**
   * The source line (without CR/LF) and a caret line pointing at `col`; tabs are kept so the caret aligns.
   * A long line (a minified file, a 5 MB string) is shown as a window of `EXCERPT_WIDTH` characters around the
   * column; control characters in it are replaced, so an excerpt never drives the terminal it is printed to.
   */
  excerpt(pos: SourcePosition, width = 1): string {
    // The line's end: the next line start, found by scanning on from the line's own start.
    this.scanTo((this.lineStarts[pos.line - 1] ?? 0) + 1);
    const next = this.text.indexOf('\n', this.lineStarts[pos.line - 1] ?? 0);
    this.scanTo(next === -1 ? this.text.length : next);
    const start = this.lineStarts[pos.line - 1] ?? 0;
    const end = this.lineStarts[pos.line] ?? this.text.length;
    const col = Math.max(1, pos.col);
    // A line that fits is shown whole; a longer one from a little before the column.
    const from = end - start <= EXCERPT_WIDTH ? 0 : Math.max(0, Math.min(col - 1 - EXCERPT_CONTEXT, end - start - EXCERPT_WIDTH));
    const upTo = Math.min(end - start, from + EXCERPT_WIDTH);
    const line = this.text.slice(start + from, start + upTo).replace(/\r?\n$/, '').replace(/\r$/, '');
    const before = from > 0 ? '…' : '';
    const after = start + upTo < end && !/^\r?\n$/.test(this.text.slice(start + upTo, end)) ? '…' : '';
    const lead = `${before}${line.slice(0, col - 1 - from)}`.replace(/[^\t]/g, ' ');
    const gutter = `${pos.line} | `;
    const shown = displayText(`${before}${line}${after}`, EXCERPT_WIDTH + 2, true);
    return `${gutter}${shown}\n${' '.repeat(gutter.length - 2)}| ${lead}${'^'.repeat(Math.max(1, Math.min(width, EXCERPT_WIDTH)))}`;
  }
}
